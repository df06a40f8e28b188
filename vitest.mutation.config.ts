// The vitest configuration StrykerJS runs (stryker.config.mjs): the unit and in-process tests of the mutated
// files only. Stryker reloads the mutated modules between runs, which needs isolated workers; the type check
// is `npm test`'s job and would only slow each run down. Spread, not mergeConfig: mergeConfig would append
// this `include` to the base one instead of replacing it.
import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [
      "test/signing/**/*.test.ts",
      "test/client/**/*.test.ts",
      "test/mock/**/*.test.ts",
      "test/cli/**/*.test.ts",
    ],
    isolate: true,
    typecheck: { enabled: false },
  },
});
