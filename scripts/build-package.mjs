// Builds both packages with tsdown (tsdown.config.ts): the client package into dist/ (the client entry and "./types"
// as ESM and CommonJS with declarations, and the fo-sign bin), and the mock package into packages/mock/ (startMock,
// the fo-mock bin, the mock's process, with the files src/mock/files.ts names beside them: the bundled document, the
// document's operations as Prism reads them (prepared here, so a start does not resolve the document again), the RFI
// fixture, the control API's document). `npm run build` calls it after generating the document; `npm pack` runs it
// first (prepack), so a tarball never carries a stale build.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { build } from "tsdown";
import { prepareOperations } from "../src/mock/prism/operations.ts";
import { parseOrExit } from "./args.mjs";
import { packageInfo, paths, refuseWhileE2eReads, root } from "./tools.mjs";

/** The mock package's folder. */
export const mockPackage = path.join(root, "packages/mock");

/**
 * Files the mock package carries besides its bundle: source, then where it goes in the package.
 * @type {Array<[string, string]>}
 */
const MOCK_FILES = [
  [paths.bundleJson, "openapi.json"],
  ["src/mock/stateful/control.openapi.yaml", "control.openapi.yaml"],
  ["src/mock/stateful/rfi-cases.json", "dist/rfi-cases.json"],
  ["CHANGELOG.md", "CHANGELOG.md"],
  ["LICENSE", "LICENSE"],
];

/**
 * The mock package's package.json: its manifest (packages/mock/manifest.json) with the project's version and, for each
 * dependency it names, the project's own pin of it (package.json), so the two packages never carry two versions.
 * @throws Error naming a dependency the project does not pin.
 */
export function mockPackageJson() {
  /** @type {{ "//": string, name: string, dependencies: string[] } & Record<string, unknown>} */
  const read = JSON.parse(readFileSync(path.join(mockPackage, "manifest.json"), "utf8"));
  const { "//": _, name, dependencies, ...manifest } = read;
  /** @type {{ version: string, dependencies: Record<string, string>, devDependencies: Record<string, string> }} */
  const project = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  /** @type {Record<string, string>} */
  const pins = { ...project.dependencies, ...project.devDependencies };
  const pinned = Object.fromEntries(
    dependencies.map((name) => {
      if (!pins[name]) throw new Error(`packages/mock/manifest.json names ${name}, which package.json does not pin`);
      return [name, pins[name]];
    }),
  );
  return { name, version: project.version, ...manifest, dependencies: pinned };
}

export async function buildPackage() {
  await rm(path.join(root, "dist"), { recursive: true, force: true });
  await rm(path.join(mockPackage, "dist"), { recursive: true, force: true });
  // Silent unless something is wrong: `npm pack --json` runs this first and its stdout must stay JSON.
  await build({ config: path.join(root, "tsdown.config.ts"), cwd: root, logLevel: "warn" });
  for (const [from, to] of MOCK_FILES) {
    mkdirSync(path.dirname(path.join(mockPackage, to)), { recursive: true });
    copyFileSync(path.resolve(root, from), path.join(mockPackage, to));
  }
  await prepareOperations(paths.bundleJson, path.join(mockPackage, "dist/operations.json"));
  writeFileSync(path.join(mockPackage, "package.json"), `${JSON.stringify(mockPackageJson(), null, 2)}\n`);
}

export const command = {
  name: "build-package",
  usage: "npm run build:package   (the client package into dist/, the mock's into packages/mock/)",
};

if (import.meta.main) {
  parseOrExit(command, process.argv.slice(2), packageInfo);
  refuseWhileE2eReads("build-package");
  buildPackage().catch((err) => {
    console.error(`build-package: ${err.message}`);
    process.exit(1);
  });
}
