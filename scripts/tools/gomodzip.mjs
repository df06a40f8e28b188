// The Go module as a module proxy serves it: its zip by Go's own rules (scripts/tools/gomodzip: golang.org/x/mod/zip,
// pinned in its go.mod; _test.go files and examples/ included, as for a tagged tree), its .mod, .info and list in a
// module-proxy folder; then `go mod download` from that folder must compute the h1: hash of the whole tree, the one a
// consumer records. scripts/clients.mjs's `build` calls publishGoModule (blocking, as its other steps).
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { runSync } from "../run.mjs";
import { root, toolEnv } from "../tools.mjs";

const moduleDir = path.join(root, "scripts/tools/gomodzip");
const missing =
  "the Go module is zipped with golang.org/x/mod, which needs Go 1.26: any Go from 1.21 on fetches that Go itself";

/**
 * Writes `zip` from the module's folder `dir` and returns the zip's h1: hash and that of the whole folder (the same
 * when the zip holds every file of it).
 * @param {{ module: string, version: string, dir: string, zip: string }} what
 * @returns {{ zip: string, tree: string }}
 */
export function writeGoModuleZip({ module, version, dir, zip }) {
  // -mod=readonly: go.mod and go.sum are what is built, nothing is resolved anew.
  const { stdout } = runSync("go", ["run", ".", module, version, dir, zip], {
    cwd: moduleDir,
    // GOTOOLCHAIN=auto: an older Go (1.21 or later) fetches the Go that go.mod names from the module proxy, once.
    env: { ...toolEnv, GOFLAGS: "-mod=readonly", GOTOOLCHAIN: "auto" },
    name: `gomodzip ${module}@${version}`,
    missing,
    timeoutMs: 5 * 60_000,
  });
  return JSON.parse(stdout);
}

/**
 * The h1: hash `go mod download -json` computes for module@version served from the module-proxy folder `proxy`, in a
 * module cache of its own (removed after).
 * @param {{ module: string, version: string, proxy: string }} what
 * @returns {string}
 */
export function downloadedSum({ module, version, proxy }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "go-download-"));
  const env = {
    ...toolEnv,
    GOPROXY: pathToFileURL(proxy).href,
    GOSUMDB: "off",
    GOMODCACHE: path.join(dir, "modcache"),
    GOFLAGS: "-modcacherw",
  };
  try {
    const { stdout } = runSync("go", ["mod", "download", "-json", `${module}@${version}`], {
      cwd: dir,
      env,
      missing,
      timeoutMs: 120_000,
    });
    const { Sum, Error: error } = JSON.parse(stdout);
    if (error || !Sum) throw new Error(`go mod download ${module}@${version}: ${error ?? "no Sum"}`);
    return Sum;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Publishes the module in `dir` (plus `extra` files, name to text, such as the licence) as `version` into the
 * module-proxy folder `proxy`, and checks that `go mod download` computes the h1: hash of the whole tree for it.
 * @param {{ module: string, version: string, dir: string, extra?: Record<string, string>, proxy: string }} what
 * @returns {{ zip: string, sum: string, files: number }} the zip's path, its h1: hash and how many files it holds
 */
export function publishGoModule({ module, version, dir, extra = {}, proxy }) {
  const at = path.join(proxy, module, "@v");
  mkdirSync(at, { recursive: true });
  const zip = path.join(at, `${version}.zip`);
  const stage = mkdtempSync(path.join(os.tmpdir(), "go-module-"));
  let sums;
  let files;
  try {
    cpSync(dir, stage, { recursive: true });
    for (const [name, text] of Object.entries(extra)) writeFileSync(path.join(stage, name), text);
    files = readdirSync(stage, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
    sums = writeGoModuleZip({ module, version, dir: stage, zip });
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
  writeFileSync(path.join(at, `${version}.mod`), readFileSync(path.join(dir, "go.mod")));
  writeFileSync(path.join(at, `${version}.info`), JSON.stringify({ Version: version, Time: "2026-01-01T00:00:00Z" }));
  writeFileSync(path.join(at, "list"), `${version}\n`);
  const downloaded = downloadedSum({ module, version, proxy });
  if (sums.zip !== sums.tree || downloaded !== sums.tree)
    throw new Error(
      `${module}@${version}: go mod download computes ${downloaded}, the zip hashes to ${sums.zip}, the tree to ` +
        `${sums.tree}: the zip does not hold exactly the module's files`,
    );
  return { zip, sum: downloaded, files };
}
