// The vitest configuration StrykerJS runs (stryker.config.mjs): the unit and in-process tests of the mutated
// files only, as each group of scripts/mutation-set.mjs names them. A test that drives the mock or the CLI as a
// child process runs code Stryker did not mutate, so it only costs time; those, and tests that need Prism or
// outside tools, are left to `npm test`. Stryker reloads the mutated modules between runs, which needs isolated
// workers; the type check is `npm test`'s job and would only slow each run down. Spread, not mergeConfig: mergeConfig would append this `include` to the
// base one instead of replacing it. No global setup: nothing here needs the shared Prism.
import { defineConfig } from "vitest/config";
import { mutationTests } from "./scripts/mutation-set.mjs";
import base from "./vitest.config.ts";

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    // Each group's in-process tests (scripts/mutation-set.mjs).
    include: mutationTests,
    exclude: [
      // Child processes: fo-sign as a command, openssl.
      "test/signing/cli.test.ts",
      "test/signing/openssl.test.ts",
      "test/cli/printed-commands.property.test.ts",
      "test/cli/stdout.test.ts",
      // Prism as a child process.
      "test/client/prism.test.ts",
    ],
    globalSetup: [],
    isolate: true,
    typecheck: { enabled: false },
  },
});
