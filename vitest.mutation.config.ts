// The vitest configuration StrykerJS runs (stryker.config.mjs): the unit and in-process tests of the mutated
// files only. A test that drives the mock or the CLI as a child process runs code Stryker did not mutate, so
// it only costs time; those, and tests that need Prism or outside tools, are left to `npm test`. Stryker
// reloads the mutated modules between runs, which needs isolated workers; the type check is `npm test`'s job
// and would only slow each run down. Spread, not mergeConfig: mergeConfig would append this `include` to the
// base one instead of replacing it. No global setup: nothing here needs the shared Prism.
import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [
      "test/signing/**/*.test.ts",
      "test/client/**/*.test.ts",
      "test/mock/request/**/*.test.ts",
      "test/mock/auth/**/*.test.ts",
    ],
    exclude: [
      // Child processes: fo-sign as a command, openssl.
      "test/signing/cli.test.ts",
      "test/signing/openssl.test.ts",
      // Prism as a child process.
      "test/client/prism.test.ts",
    ],
    globalSetup: [],
    isolate: true,
    typecheck: { enabled: false },
  },
});
