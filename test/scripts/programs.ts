// Which scripts/*.mjs are programs (run with node, each answers --help and --version) and which are modules,
// for the tests of test/scripts/ that run every program.
import { readdirSync } from "node:fs";
import path from "node:path";

export const scriptsDir = path.resolve(import.meta.dirname, "../../scripts");

/** scripts/*.mjs that are modules or preloads, not programs, each with why. */
export const NOT_PROGRAMS: Record<string, string> = {
  "args.mjs": "the shared argument parser",
  "tools.mjs": "where the tools live",
  "run.mjs": "how the scripts run other programs",
  "seeded-random.mjs": "the seeded random generator of postman.mjs and the breaking-change test",
  "docs-page.mjs": "how docs.mjs splits and compresses the page",
  "postman.mjs": "the Postman collection, made by build.mjs",
  "operations.mjs": "the client's operation lists, made by build.mjs",
  "docs-static.mjs": "the docs page's static reference, made by docs.mjs",
  "docs-search.mjs": "the docs page's search index and script, made by docs.mjs",
  "chromium.mjs": "where Debian's Chromium is and its flags, for the browser tests, Lighthouse and the docs bench",
  "clients-async.mjs": "the Python async client's generation and staging, for clients.mjs",
  "mutation-set.mjs":
    "what mutation testing mutates, read by stryker.config.mjs, mutation.mjs and vitest.mutation.config.ts",
};

export const scripts = readdirSync(scriptsDir).filter((f) => f.endsWith(".mjs"));
/** The programs among them, sorted. */
export const programFiles = scripts.filter((f) => !(f in NOT_PROGRAMS)).sort();
