// Runs every bench/*.bench.ts in its own Node process (so memory figures do not mix), one after
// another, and prints what each reports. `npm run bench -- NAME` runs only files whose name contains NAME;
// `--ref REF` names the git commit the test-suite bench compares this checkout with (default: the previous commit).
import { readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseOrExit, quote, refuse } from "./args.mjs";
import { run, runSync } from "./run.mjs";
import { packageInfo, root } from "./tools.mjs";

/** @satisfies {import("../src/cli/args.ts").Command} */
export const command = {
  name: "bench",
  usage: `npm run bench [-- NAME] [--ref REF]   (bash scripts/dev.sh bench -- NAME)
  NAME       only bench/*.bench.ts files whose name contains NAME (bench/README.md lists them)
  --ref REF  the git commit, branch or tag the test-suite bench compares this checkout with
             (default HEAD~1, the previous commit)`,
  options: { ref: { type: "string" } },
  positionals: { max: 1 },
};

/**
 * The commit `ref` names, or a refusal that says why not.
 * @param {string} ref
 */
function commitOf(ref) {
  const { ok, stdout } = runSync("git", ["rev-parse", "--verify", "--quiet", "--end-of-options", `${ref}^{commit}`], {
    check: false,
    missing: "the test-suite bench checks out REF with git",
  });
  if (!ok) refuse(command, `unknown git ref ${quote(ref)}: give a commit, branch or tag of this repository`);
  return stdout.trim();
}

async function main() {
  const { values, positionals } = parseOrExit(command, process.argv.slice(2), packageInfo);
  const filter = positionals[0] ?? "";
  const dir = path.join(root, "bench");
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".bench.ts") && f.includes(filter))
    .sort();
  if (files.length === 0) refuse(command, `no benchmark in bench/ matches ${quote(filter)}`);
  if (values.ref !== undefined && !files.includes("test-suite.bench.ts"))
    refuse(command, "--ref applies to the test-suite bench only: add NAME test-suite");
  const ref = files.includes("test-suite.bench.ts") ? (values.ref ?? "HEAD~1") : undefined;
  const commit = ref === undefined ? undefined : commitOf(ref);
  // Figures are only comparable from one machine in one state: say which.
  const cpus = os.cpus();
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
  console.log(`Node ${process.version}, ${cpus[0]?.model ?? "unknown CPU"} x ${cpus.length}, load average ${load}`);
  let failed = 0;
  for (const file of files) {
    console.log(`\n## ${file}`);
    const own = file === "test-suite.bench.ts" && ref && commit ? ["--ref", commit, "--ref-name", ref] : [];
    const args = ["--expose-gc", "--import", "tsx", path.join(dir, file), ...own];
    const { ok } = await run(process.execPath, args, { output: "inherit", check: false, name: file });
    if (!ok) failed++;
  }
  process.exit(failed ? 1 : 0);
}

if (import.meta.main) await main();
