// The package build, run by scripts/build-package.mjs (from `npm run build`, and from `npm pack` via prepack).
import { readFileSync } from "node:fs";
import { defineConfig, type UserConfig } from "tsdown";

/** The mock package's dependencies (packages/mock/manifest.json): installed beside it, never bundled. */
const mockDependencies = (
  JSON.parse(readFileSync(new URL("./packages/mock/manifest.json", import.meta.url), "utf8")) as {
    dependencies: string[];
  }
).dependencies;

const common = {
  platform: "node",
  tsconfig: "tsconfig.build.json",
  // scripts/build-package.mjs empties dist/ once before both builds.
  clean: false,
  report: false,
  logLevel: "warn",
  failOnWarn: true,
  // CommonJS is shipped on purpose: require() consumers on Node 20 and Bun/Deno CommonJS files.
  checks: { legacyCjs: false, pluginTimings: false },
} satisfies UserConfig;

export default defineConfig([
  {
    ...common,
    // The client entry, the signing fetch for generated clients ("./fetch", also named by the main entry), the
    // signing functions ("./signing"; shared code, the error family included, goes into chunks all load) and the
    // document's types ("./types": declarations over an empty module),
    // each as ESM and CommonJS with declarations per format (.d.mts, .d.cts). The ESM build imports the openapi-fetch
    // dependency.
    // The CommonJS build carries its own copy: in a "type": "module" package rolldown gives a default import of a
    // CommonJS module Node's meaning (module.exports), and openapi-fetch's CommonJS build puts its client on
    // exports.default, so a required import would not be callable (rolldown/rolldown#10800, rolldown/tsdown#1054).
    // Its declarations still import openapi-fetch's types from the dependency.
    entry: {
      index: "src/index.ts",
      fetch: "src/fetch/index.ts",
      signing: "src/signing/index.ts",
      types: "generated/types.ts",
    },
    format: {
      esm: {},
      cjs: {
        deps: { alwaysBundle: (id) => id === "openapi-fetch", dts: { alwaysBundle: () => false } },
        banner: ({ fileName }) =>
          fileName === "index.cjs"
            ? "/*! Includes openapi-fetch, MIT License, Copyright (c) 2023 Drew Powers " +
              "(its LICENSE: node_modules/openapi-fetch) */"
            : undefined,
      },
    },
    dts: true,
    outDir: "dist",
  },
  {
    ...common,
    // The bin: one ESM file with all it uses inlined, so it runs with the package's runtime dependencies only.
    entry: { "fo-sign": "src/cli/fo-sign.ts" },
    format: "esm",
    dts: false,
    outDir: "dist/cli",
  },
  {
    ...common,
    // The mock package (packages/mock): startMock and its types, the fo-mock bin, and the mock's process that
    // startMock starts. ESM, which require() takes too from Node 20.19 on. Prism's libraries and the stateful mode's
    // validators are its dependencies; scripts/build-package.mjs puts the files src/mock/files.ts names beside it.
    entry: { index: "src/mock/index.ts", "fo-mock": "src/mock/fo-mock.ts", process: "src/mock/launch/process.ts" },
    format: "esm",
    tsconfig: "packages/mock/tsconfig.json",
    dts: true,
    deps: { neverBundle: [...mockDependencies, ...mockDependencies.map((d) => new RegExp(`^${d}/`))] },
    outDir: "packages/mock/dist",
  },
]);
