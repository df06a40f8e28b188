// `npm test`'s wall time in this checkout against the same command at another commit, by default the previous
// one: `npm run bench -- test-suite [--ref REF]` (scripts/bench.mjs checks REF and passes its commit here).
// REF is checked out as a temporary git worktree, installed with `npm ci`, and removed at the end. Each tree
// runs its own `npm test` once, warm: both use this checkout's caches (.cache for the generator jar, pip and Go
// modules; fuzz/.venv; runtimes/node_modules) where REF's tree has their folder. About 5 to 10 minutes.
import { existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { run, runSync } from "../scripts/run.mjs";
import { ratioLine } from "./stats.ts";

const LIMIT_MS = 25 * 60_000;
const root = path.resolve(import.meta.dirname, "..");
const env = {
  ...process.env,
  SCARF_ANALYTICS: "false",
  DO_NOT_TRACK: "1",
  REDOCLY_TELEMETRY: "off",
  NO_UPDATE_NOTIFIER: "1",
  CI: "true",
};

const { values } = parseArgs({ options: { ref: { type: "string" }, "ref-name": { type: "string" } } });
if (!values.ref) {
  console.error("test-suite bench: run it as `npm run bench -- test-suite [--ref REF]`, which gives it --ref COMMIT");
  process.exit(2);
}
const base = values.ref;
const baseName = values["ref-name"] ?? base.slice(0, 12);

const git = (...args: string[]) => runSync("git", ["-C", root, ...args], { env }).stdout.trim();

/** Runs `npm ARGS` in `cwd`, bounded; returns the wall time, the exit status and vitest's test count. */
async function npm(cwd: string, args: string[]) {
  const started = performance.now();
  const ran = await run("npm", args, { cwd, env, timeoutMs: LIMIT_MS, check: false });
  const seconds = (performance.now() - started) / 1000;
  const plain = ran.output.replace(/\x1b\[[0-9;]*m/g, "");
  const tests = /Tests\s+(?:\d+ failed \| )?(\d+) passed/.exec(plain)?.[1];
  return {
    seconds,
    ok: ran.ok,
    status: ran.timedOut ? `stopped after ${LIMIT_MS / 60_000} min` : (ran.code ?? ran.signal),
    tests: tests ? Number(tests) : undefined,
    tail: plain.slice(-2_000),
  };
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const line = (what: string, r: Awaited<ReturnType<typeof npm>>) =>
  `  ${what}: ${r.seconds.toFixed(1)} s, ${r.tests ?? "?"} vitest tests${r.ok ? "" : `, FAILED (${r.status})`}`;

const dir = mkdtempSync(path.join(os.tmpdir(), "fo-test-suite-base-"));
rmSync(dir, { recursive: true });
git("worktree", "add", "--detach", dir, base);
try {
  // A cache is shared only where REF's tree has its folder (an older tree may have no fuzz/, for one).
  for (const shared of [".cache", "fuzz/.venv", "runtimes/node_modules"])
    if (existsSync(path.join(root, shared)) && existsSync(path.dirname(path.join(dir, shared))))
      symlinkSync(path.join(root, shared), path.join(dir, shared));
  const install = await npm(dir, ["ci", "--no-audit", "--no-fund"]);
  if (!install.ok) throw new Error(`npm ci in the ${baseName} worktree failed (${install.status}):\n${install.tail}`);
  console.log(`npm test, one warm run each (load average before: ${load()}):`);
  const before = await npm(dir, ["test"]);
  const subject = git("log", "-1", "--format=%s", base).slice(0, 60);
  console.log(line(`before (${baseName} = ${git("rev-parse", "--short", base)}, ${subject}...)`, before));
  const after = await npm(root, ["test"]);
  console.log(line(`after (${git("rev-parse", "--short", "HEAD")} and its working tree, this checkout)`, after));
  if (!before.ok || !after.ok)
    console.log(
      `  a run failed, so its time is not comparable; its output ends:\n${(before.ok ? after : before).tail}`,
    );
  ratioLine("npm test wall time / before", after.seconds / before.seconds, undefined, 1.1);
  console.log(`  (load average after: ${load()})`);
} finally {
  git("worktree", "remove", "--force", dir);
}
