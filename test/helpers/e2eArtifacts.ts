// Once per end-to-end run, before any file starts: the two npm tarballs, packed from this checkout into
// out/tarballs/ (the Python wheel and the Go module come from the tier's first step, scripts/test.mjs). Then, until
// the run ends, this checkout's artifacts are only read: a build script started here refuses
// (refuseWhileE2eReads, scripts/tools.mjs), so no file deletes what another is installing. A file that runs a build
// command as a reader types it runs it in a copy of the repository (repoCopy).
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { E2E_READS } from "../../scripts/tools.mjs";

const root = path.resolve(import.meta.dirname, "../..");

export interface Tarballs {
  /** The folder that holds both. */
  dir: string;
  client: string;
  mock: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    tarballs: Tarballs;
  }
}

export default function setup(project: TestProject) {
  const dir = path.join(root, "out/tarballs");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const { INIT_CWD: _, ...env } = process.env;
  execFileSync(process.execPath, [path.join(root, "scripts/tarball.mjs")], { cwd: dir, env, stdio: "inherit" });
  const named = (pattern: RegExp) => {
    const file = readdirSync(dir).find((f) => pattern.test(f));
    if (!file) throw new Error(`scripts/tarball.mjs wrote no file like ${pattern} into ${dir}`);
    return path.join(dir, file);
  };
  project.provide("tarballs", {
    dir,
    client: named(/^financial-operations-api-\d.*\.tgz$/),
    mock: named(/^financial-operations-api-mock-\d.*\.tgz$/),
  });
  process.env[E2E_READS] = root;
  return () => {
    delete process.env[E2E_READS];
  };
}
