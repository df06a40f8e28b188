#!/usr/bin/env node
// Installs vacuum (the second OpenAPI linter of `npm run lint`) from the Go module proxy: builds the exact
// version that scripts/tools/vacuum/go.mod requires (checked against its go.sum) into the git-ignored
// .cache/tools/, once; later runs reuse the binary. Its npm package cannot be used: its install script
// downloads a binary from outside the package registries.
// Usage: node scripts/tools/vacuum.mjs   (prints the binary's path; needs Go, Debian: apt-get install golang-go)
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { run } from "../run.mjs";
import { quietEnv, root } from "../tools.mjs";

const moduleDir = path.join(root, "scripts/tools/vacuum");

/** The vacuum version go.mod pins (one place for it). */
export function vacuumVersion() {
  const version = /^require github\.com\/daveshanley\/vacuum (v\S+)$/m.exec(
    readFileSync(path.join(moduleDir, "go.mod"), "utf8"),
  )?.[1];
  if (!version)
    throw new Error("scripts/tools/vacuum/go.mod does not require github.com/daveshanley/vacuum at an exact version");
  return version;
}

/** Where the pinned vacuum binary is, built or not. */
export const vacuumPath = () => path.join(root, ".cache/tools", `vacuum-${vacuumVersion()}`);

/**
 * Path of the vacuum binary, built first when missing (`log` says so first: on a cold Go cache the build takes
 * minutes); rejects with the tool's words when it cannot be built.
 */
export async function vacuumBinary(log = (/** @type {string} */ line) => console.error(line)) {
  const binary = vacuumPath();
  if (existsSync(binary)) return binary;
  log(
    `vacuum: building ${vacuumVersion()} from the Go module proxy into .cache/tools (once; minutes on a cold Go cache)`,
  );
  mkdirSync(path.dirname(binary), { recursive: true });
  // -mod=readonly: go.mod and go.sum are what is built, nothing is resolved anew. (Go's own telemetry is
  // local-only unless someone turns it on: nothing is uploaded.)
  await run("go", ["build", "-o", binary, "github.com/daveshanley/vacuum"], {
    cwd: moduleDir,
    env: { ...quietEnv, GOFLAGS: "-mod=readonly" },
    name: `building vacuum ${vacuumVersion()}`,
    missing: "vacuum is built with Go; Debian: apt-get install golang-go, then run `node scripts/tools/vacuum.mjs`",
    timeoutMs: 15 * 60_000,
  });
  return binary;
}

if (import.meta.main) {
  try {
    console.log(await vacuumBinary());
  } catch (err) {
    console.error(/** @type {Error} */ (err).message);
    process.exit(1);
  }
}
