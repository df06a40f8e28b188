// Lints the document: Redocly on the split source; Spectral and vacuum on a fresh bundle (vacuum is built from the
// Go module proxy once, scripts/tools/vacuum.mjs). Exits non-zero on any error or warning of any of them.
import { mkdtemp, writeFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { bundle } from "./build.mjs";
import { spawn } from "node:child_process";
import { parseOrExit } from "./args.mjs";
import { bin, packageInfo, paths, root, runNode, stripBanner } from "./tools.mjs";
import { vacuumBinary } from "./tools/vacuum.mjs";

// The three checks run side by side (each is mostly one Node process); their reports print in this order.
async function redoclyLint() {
  try {
    const { stdout, stderr } = await runNode(bin.redocly, [
      "lint",
      path.relative(root, paths.source),
      "--max-problems",
      "1000",
    ]);
    const out = stripBanner(stdout + "\n" + stderr);
    if (/warning/i.test(out.replace(/You have 0 warnings/i, "")))
      return { failed: true, report: () => console.error(out) };
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
    const spectral = runNode(bin.spectral, [
      "lint",
      file,
      "--ruleset",
      path.join(root, ".spectral.yaml"),
      "--fail-severity",
      "hint",
      "--display-only-failures",
    ]).then(
      () => ({ failed: false, report: () => console.log("spectral: no errors, no warnings") }),
      (err) => ({ failed: true, report: () => console.error(err.stdout || err.message) }),
    );
    // vacuum's recommended ruleset minus the rules lint/vacuum.yaml waives (each with its reason); warnings fail.
    const vacuum = vacuumLint(file);
    // Breaking changes against the last released document (baseline/README.md says how to release one).
    const breaking = runNode(path.join(root, "scripts/breaking.mjs"), ["--document", file]).then(
      ({ stdout }) => ({ failed: false, report: () => console.log(stdout.trim()) }),
      (err) => ({ failed: true, report: () => console.error(err.stderr || err.message) }),
    );
    return await Promise.all([spectral, vacuum, breaking]);
  } catch (err) {
    return [{ failed: true, report: () => console.error(err.message) }];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** vacuum on the bundle; fails on any warning or error (infos are printed, not failing). */
function vacuumLint(file) {
  let binary;
  try {
    binary = vacuumBinary();
  } catch (err) {
    return Promise.resolve({ failed: true, report: () => console.error(`vacuum: ${err.message}`) });
  }
  const args = [
    "lint",
    "--ruleset",
    path.join(root, "lint/vacuum.yaml"),
    "--details",
    "--no-style",
    "--no-banner",
    "--fail-severity",
    "warn",
    "--remote=false",
    file,
  ];
  return new Promise((resolve) => {
    const child = spawn(binary, args, {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NO_COLOR: "1" },
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", (err) => resolve({ failed: true, report: () => console.error(`vacuum: ${err.message}`) }));
    child.on("close", (code) => {
      const score = /Quality Score:?\s*(\d+)/i.exec(out)?.[1];
      if (code === 0)
        resolve({
          failed: false,
          report: () => console.log(`vacuum: no errors, no warnings${score ? ` (score ${score}/100)` : ""}`),
        });
      else resolve({ failed: true, report: () => console.error(out.trim()) });
    });
  });
}

async function main() {
  const [redocly, rest] = await Promise.all([redoclyLint(), bundleChecks()]);
  const results = [redocly, ...rest];
  for (const r of results) r.report();
  if (results.some((r) => r.failed)) process.exit(1);
}

parseOrExit(
  { name: "lint", usage: "npm run lint   (Redocly, Spectral and the breaking-change check)" },
  process.argv.slice(2),
  packageInfo,
);
main();
