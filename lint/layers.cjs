// The layers of the code, as an allow-list: for each folder, the folders its files may import (a file may always
// import within its own folder, and Node's built-ins and packages). Everything else is refused. dependency-cruiser
// checks it (lint/depcruise.cjs, in `npm run lint`; test/layers.test.ts plants an import each rule must refuse);
// Biome's noImportCycles keeps the graph free of cycles.
//
// From the bottom: errors, the clock and signing; the client, the signing fetch and the flows on them; what both
// servers share (src/server/); the signing proxy and the mock side by side; the CLIs on top. What ships (src/) never
// imports the build scripts, the tests or the benches; the scripts may use what ships; the tests and benches use all.

/** @type {Record<string, string[]>} folder (or file) -> what it may import, as paths from the repository root */
const LAYERS = {
  "src/clock.ts": [],
  "src/errors": ["generated"],
  "src/signing": ["src/errors", "src/clock.ts"],
  "src/client": ["generated", "src/errors", "src/clock.ts", "src/signing"],
  "src/fetch": ["src/client", "src/errors", "src/clock.ts", "src/signing"],
  "src/flows": ["generated", "src/client", "src/errors", "src/clock.ts"],
  "src/index.ts": ["src/client", "src/fetch", "src/flows", "src/errors", "src/clock.ts"],
  "src/server": [],
  "src/proxy": ["src/server", "src/signing", "src/clock.ts"],
  "src/cli": ["src/proxy", "src/server", "src/signing", "src/errors"],
  // The mock CLI reads its command line with the shared parser; nothing else of fo-sign's.
  "src/mock": ["src/server", "src/signing", "src/cli/args.ts", "src/cli/terminal.ts"],
  lint: [],
  scripts: ["src", "lint", "generated", "stryker.config.mjs"],
  bench: ["src", "scripts", "test", "generated"],
  test: ["src", "scripts", "lint", "generated", "bench", "vitest.mutation.config.ts"],
  // The mutation runner's configurations read the set of security-relevant files from its script.
  "stryker.config.mjs": ["scripts"],
  "vitest.mutation.config.ts": ["scripts"],
};

/** @param {string} p */
const escaped = (p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/**
 * A path regex for a folder (everything under it) or a file.
 * @param {string} p
 */
const under = (p) => (/\.[cm]?[jt]s$/.test(p) ? `^${escaped(p)}$` : `^${escaped(p)}/`);

/** dependency-cruiser's configuration: the allow-list as its `allowed` rules. */
const config = {
  allowed: [
    // Node's built-ins and packages: what a package may depend on is its manifest's business.
    { from: {}, to: { dependencyTypes: ["core", "npm", "npm-dev", "npm-optional", "npm-peer", "npm-no-pkg"] } },
    ...Object.entries(LAYERS).map(([from, to]) => ({
      from: { path: under(from) },
      to: { path: [from, ...to].map(under).join("|") },
    })),
  ],
  allowedSeverity: "error",
  options: {
    // Only the project's own code: every import it makes is judged, nothing under node_modules is followed.
    includeOnly: "^(src|scripts|test|bench|lint|generated)/|^(stryker\\.config\\.mjs|vitest\\.mutation\\.config\\.ts)$",
    exclude: "^test/(consumer/project|mock-consumers/(typescript|jest|go|python))/",
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};

module.exports = { LAYERS, config };
