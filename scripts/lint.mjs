// Lints the document with both linters: Redocly on the split source, Spectral on a fresh bundle.
// Exits non-zero on any error or warning of either.
import { mkdtemp, writeFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { bundle } from "./build.mjs";
import { parseOrExit } from "./args.mjs";
import { bin, packageInfo, paths, root, runNode, stripBanner } from "./tools.mjs";

// The three checks run side by side (each is mostly one Node process); their reports print in this order.
async function redoclyLint() {
  try {
    const { stdout, stderr } = await runNode(bin.redocly, ["lint", path.relative(root, paths.source), "--max-problems", "1000"]);
    const out = stripBanner(stdout + "\n" + stderr);
    if (/warning/i.test(out.replace(/You have 0 warnings/i, ""))) return { failed: true, report: () => console.error(out) };
    return { failed: false, report: () => console.log("redocly: no errors, no warnings") };
  } catch (err) {
    return { failed: true, report: () => console.error(stripBanner(err.message)) };
  }
}

/** Spectral on a fresh bundle, and the breaking-change check on that same bundle. */
async function bundleChecks() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "lint-"));
  try {
    const file = path.join(dir, "openapi.json");
    await writeFile(file, JSON.stringify(await bundle(), null, 2));
    const spectral = runNode(bin.spectral, ["lint", file, "--ruleset", path.join(root, ".spectral.yaml"), "--fail-severity", "hint", "--display-only-failures"]).then(
      () => ({ failed: false, report: () => console.log("spectral: no errors, no warnings") }),
      (err) => ({ failed: true, report: () => console.error(err.stdout || err.message) }),
    );
    // Breaking changes against the last released document (baseline/README.md says how to release one).
    const breaking = runNode(path.join(root, "scripts/breaking.mjs"), ["--document", file]).then(
      ({ stdout }) => ({ failed: false, report: () => console.log(stdout.trim()) }),
      (err) => ({ failed: true, report: () => console.error(err.stderr || err.message) }),
    );
    return await Promise.all([spectral, breaking]);
  } catch (err) {
    return [{ failed: true, report: () => console.error(err.message) }];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function main() {
  const [redocly, rest] = await Promise.all([redoclyLint(), bundleChecks()]);
  const results = [redocly, ...rest];
  for (const r of results) r.report();
  if (results.some((r) => r.failed)) process.exit(1);
}

parseOrExit({ name: "lint", usage: "npm run lint   (Redocly, Spectral and the breaking-change check)" }, process.argv.slice(2), packageInfo);
main();
