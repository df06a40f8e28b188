// Mutation testing (`npm run mutation`): how many deliberate faults in the code that guards signing and access (the
// groups of scripts/mutation-set.mjs) the tests catch. See docs/mutation.md.
import { mutate } from "./scripts/mutation-set.mjs";

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts" },
  // Each mutant runs only the tests that reach it.
  coverageAnalysis: "perTest",
  concurrency: 2,
  // The security-relevant groups of scripts/mutation-set.mjs, derived there (test/scripts/mutation-set.test.ts).
  mutate,
  // A static mutant (one in module-level code) re-runs the whole suite for itself; see docs/mutation.md.
  ignoreStatic: true,
  // Only the mutants whose code or covering tests changed since the report (committed) are tested again; the rest keep
  // their result. `npm run mutation -- --force` tests every one.
  incremental: true,
  incrementalFile: "reports/stryker-incremental.json",
  // Not copied into Stryker's sandbox: what the mutated files and their tests never read (and symlinks into
  // the shared runtimes and caches, which the copy cannot follow).
  ignorePatterns: [
    "/.cache",
    "/runtimes",
    "/fuzz",
    "/python",
    "/go",
    // The CLI's tests check the command it names against the signing guide's.
    "/docs/*",
    "!/docs/signing.md",
    "/bench",
    "/reports",
    "/postman",
    "/baseline",
    "/dist",
    "/out",
    "/test-results",
  ],
  reporters: ["clear-text", "progress", "json", "html"],
  jsonReporter: { fileName: "out/mutation/mutation.json" },
  htmlReporter: { fileName: "out/mutation/index.html" },
  tempDirName: "out/stryker-tmp",
  thresholds: { high: 95, low: 90, break: null },
};
