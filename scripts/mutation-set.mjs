// What mutation testing mutates, in one place: the groups of security-relevant code with their folders, files
// and targets. stryker.config.mjs (`mutate`), scripts/mutation.mjs (the group verdicts) and
// vitest.mutation.config.ts (the tests StrykerJS runs) all read it, and test/scripts/mutation-set.test.ts fails
// when a file under a security folder falls outside it. See docs/mutation.md.

/**
 * @typedef {{ name: string, folders: string[], files: string[], target: number, tests: string[] }} Group
 */

/**
 * The score every mutated file must reach on its own, whatever its group's target: a group's mean can carry a weak
 * file (in CI's run of 2026-11-29 the proxy's browsers.ts scored 86.5% inside a group at 96.3%).
 */
export const FILE_FLOOR = 95;

/**
 * Each group: whole folders (every TypeScript file under them is mutated, a new one too), single files (a folder
 * that holds other concerns besides), the target score and the in-process tests that exercise it.
 * @type {Group[]}
 */
export const groups = [
  {
    name: "signing",
    folders: ["src/signing"],
    files: [],
    target: 95,
    tests: ["test/signing/**/*.test.ts"],
  },
  {
    name: "mock request reading and authentication",
    folders: ["src/mock/request", "src/mock/auth"],
    // The bounded body reader, shared with the signing proxy.
    files: ["src/server/body.ts"],
    target: 95,
    tests: ["test/mock/request/**/*.test.ts", "test/mock/auth/**/*.test.ts", "test/server/body.test.ts"],
  },
  {
    name: "client transport",
    folders: [],
    files: [
      "src/client/retry.ts",
      "src/client/send.ts",
      "src/client/auth.ts",
      "src/client/url.ts",
      "src/client/timeout.ts",
    ],
    target: 90,
    tests: ["test/client/**/*.test.ts"],
  },
  {
    name: "signing fetch",
    folders: ["src/fetch"],
    files: [],
    target: 95,
    tests: [
      "test/fetch/signingFetch.test.ts",
      "test/fetch/property.test.ts",
      "test/fetch/replay.test.ts",
      "test/fetch/boundaries.test.ts",
    ],
  },
  {
    // The gate itself, and the front's hook that serves the control API before anything else (it calls the gate
    // on the head, bounds the body).
    name: "control gate",
    folders: [],
    files: ["src/mock/stateful/controlAccess.ts", "src/mock/stateful/http.ts", "src/server/authorities.ts"],
    target: 95,
    tests: [
      "test/mock-stateful/controlAccess.test.ts",
      "test/mock-stateful/controlGate.test.ts",
      "test/mock-stateful/http.test.ts",
    ],
  },
  {
    // How the front reads a request and refuses it before Prism sees it, and its guard against silent connections.
    name: "mock front",
    folders: [],
    files: ["src/mock/front.ts", "src/server/connections.ts"],
    target: 95,
    tests: ["test/mock/frontInProcess.test.ts", "test/server/connections.test.ts"],
  },
  {
    name: "fo-sign CLI",
    folders: ["src/cli"],
    files: [],
    target: 95,
    tests: ["test/cli/**/*.test.ts"],
  },
  {
    name: "signing proxy",
    folders: ["src/proxy"],
    // What a recording never holds: its masking, shared with the mock's drift report.
    files: ["src/server/masked.ts"],
    target: 95,
    tests: [
      "test/proxy/forwarding.test.ts",
      "test/proxy/browsers.test.ts",
      "test/proxy/units.test.ts",
      "test/proxy/server.test.ts",
      "test/proxy/upstream.test.ts",
      "test/proxy/record.test.ts",
      "test/proxy/sandbox.test.ts",
      "test/server/masked.test.ts",
    ],
  },
];

/**
 * Files under a group's folders that are not mutated, each with its reason: only wiring that no in-process test
 * can run (the one line that starts a program when its module is loaded).
 */
/** @type {Record<string, string>} */
export const outside = {
  "src/cli/fo-sign.ts":
    "the bin's entry: importing it runs the CLI on the test runner's own argv (sign.ts, its main, is mutated)",
};

/** A group's globs, in StrykerJS's form (minimatch, relative to the repository root). */
export const globsOf = (/** @type {Group} */ group) => [...group.folders.map((f) => `${f}/**/*.ts`), ...group.files];

/** StrykerJS's `mutate`: every group's globs, less the files `outside`. */
export const mutate = [...groups.flatMap(globsOf), ...Object.keys(outside).map((f) => `!${f}`)];

/** The in-process tests StrykerJS runs (vitest.mutation.config.ts). */
export const mutationTests = groups.flatMap((g) => g.tests);

/**
 * Whether `file` (relative to the root, "/"-separated) belongs to `group`.
 * @param {Group} group @param {string} file
 */
export const inGroup = (group, file) =>
  !(file in outside) && (group.files.includes(file) || group.folders.some((f) => file.startsWith(`${f}/`)));
