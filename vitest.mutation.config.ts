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
    // StrykerJS reports its own progress.
    reporters: ["default"],
    isolate: true,
    // A mutant that stops an answer makes its test wait for one (or a server's close, in a hook): vitest fails it within
    // 4 s (the slowest test here takes under 3 s), which counts it killed at once, where StrykerJS's own timeout would
    // also restart the worker. The proxy's group ran in 3.9 min instead of 6.9.
    testTimeout: 4_000,
    hookTimeout: 4_000,
    typecheck: { enabled: false },
  },
});
