// oasdiff, the breaking-change classifier of scripts/breaking.mjs: a Go program, installed with the Go
// toolchain from the Go module proxy at a pinned version into the git-ignored .cache/oasdiff/<version>/,
// then run offline on two local files (external $refs off; its --open upload is never used).
// Usage: node scripts/oasdiff.mjs   (prints the binary's path; installs it when missing)
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { parseOrExit } from "./args.mjs";
import { RunError, runSync } from "./run.mjs";
import { packageInfo, quietEnv, root } from "./tools.mjs";

/** The pinned release: v1.36.0 classifies webhooks too and has about 300 rules (its go.mod asks Go 1.26). */
export const OASDIFF = { module: "github.com/oasdiff/oasdiff", version: "v1.36.0" };

const cache = path.join(root, ".cache");
const binDir = path.join(cache, "oasdiff", OASDIFF.version);
export const oasdiffPath = path.join(binDir, "oasdiff");

/** Installs the pinned oasdiff unless it is there; returns its path. Throws with a clear message when Go is missing. */
export function ensureOasdiff({ log = (/** @type {string} */ line) => console.error(line) } = {}) {
  if (existsSync(oasdiffPath)) return oasdiffPath;
  const missing =
    "oasdiff is installed with Go 1.21 or newer, which fetches the toolchain oasdiff asks for;" +
    " Debian: apt-get install golang-go";
  const go = runSync("go", ["version"], { name: "go version", missing });
  mkdirSync(binDir, { recursive: true });
  log(
    `breaking-change check: installing oasdiff ${OASDIFF.version} with ${go.stdout.trim()}` +
      " (once; about a minute on a quiet machine)...",
  );
  runSync("go", ["install", `${OASDIFF.module}@${OASDIFF.version}`], {
    output: "inherit",
    env: {
      ...quietEnv,
      GOBIN: binDir,
      // A Go older than oasdiff's go.mod line fetches that toolchain from the Go proxy (GOTOOLCHAIN=auto).
      GOTOOLCHAIN: "auto",
      GOFLAGS: "-mod=mod",
      GOTELEMETRY: "off",
    },
    timeoutMs: 15 * 60_000,
    missing,
  });
  if (!existsSync(oasdiffPath))
    throw new RunError(`go install ${OASDIFF.module}@${OASDIFF.version} wrote no ${oasdiffPath}.`, { reason: "exit" });
  return oasdiffPath;
}

/**
 * Every change oasdiff finds from `baseFile` to `revisionFile` (its `changelog`: levels 3 error, 2 warning,
 * 1 info), as its JSON entries `{id, text, level, operation, path, ...}`.
 * @param {string} baseFile @param {string} revisionFile
 * @returns {import("./breaking.mjs").Change[]}
 */
export function oasdiffChanges(baseFile, revisionFile) {
  const bin = ensureOasdiff();
  const res = runSync(bin, ["changelog", baseFile, revisionFile, "--format", "json", "--allow-external-refs=false"], {
    name: "oasdiff changelog",
    timeoutMs: 120_000,
  });
  const changes = JSON.parse(res.stdout || "[]");
  if (!Array.isArray(changes)) throw new Error("oasdiff changelog did not give a JSON list.");
  return changes;
}

/** @satisfies {import("../src/cli/args.ts").Command} */
export const command = {
  name: "oasdiff",
  usage: "node scripts/oasdiff.mjs   (installs the pinned oasdiff when missing; prints its path)",
};

if (import.meta.main) {
  parseOrExit(command, process.argv.slice(2), packageInfo);
  try {
    console.log(ensureOasdiff());
  } catch (err) {
    console.error(`oasdiff.mjs: ${/** @type {Error} */ (err).message}`);
    process.exit(1);
  }
}
