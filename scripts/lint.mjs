// Lints the document with both linters: Redocly on the split source, Spectral on a fresh bundle.
// Exits non-zero on any error or warning of either.
import { mkdtemp, writeFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { bundle } from "./build.mjs";
import { bin, paths, root, runNode, stripBanner } from "./tools.mjs";

async function main() {
  let failed = false;
  try {
    const { stdout, stderr } = await runNode(bin.redocly, ["lint", path.relative(root, paths.source), "--max-problems", "1000"]);
    const out = stripBanner(stdout + "\n" + stderr);
    if (/warning/i.test(out.replace(/You have 0 warnings/i, ""))) {
      failed = true;
      console.error(out);
    } else console.log("redocly: no errors, no warnings");
  } catch (err) {
    failed = true;
    console.error(stripBanner(err.message));
  }

  const dir = await mkdtemp(path.join(os.tmpdir(), "lint-"));
  try {
    const file = path.join(dir, "openapi.json");
    await writeFile(file, JSON.stringify(await bundle(), null, 2));
    await runNode(bin.spectral, ["lint", file, "--ruleset", path.join(root, ".spectral.yaml"), "--fail-severity", "hint", "--display-only-failures"]);
    console.log("spectral: no errors, no warnings");
  } catch (err) {
    failed = true;
    console.error(err.stdout || err.message);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  // Breaking changes against the last released document (baseline/README.md says how to release one).
  try {
    console.log((await runNode(path.join(root, "scripts/breaking.mjs"), [])).stdout.trim());
  } catch (err) {
    failed = true;
    console.error(err.stderr || err.message);
  }
  if (failed) process.exit(1);
}

main();
