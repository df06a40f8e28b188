// `npm test`'s wall time on this machine, against the same suite before the test-suite work of issue 15:
// BASE is `main` just before that work landed (the tests of issues 10 to 14 on one vitest worker, a Prism
// started per test file, the build script's TypeScript loaded by every script that imports it, the clients
// step after vitest). Each tree runs its own `npm test` once, warm: both use this checkout's caches
// (.cache for the generator jar, pip and Go modules; fuzz/.venv; runtimes/node_modules). BASE is checked out
// as a temporary git worktree, installed with `npm ci`, and removed at the end. About 5 to 10 minutes.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ratioLine } from "./stats.ts";

const BASE = "6047301";
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

function git(...args: string[]) {
  const run = spawnSync("git", ["-C", root, ...args], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`git ${args.join(" ")} failed: ${run.stderr.trim()}`);
  return run.stdout.trim();
}

/** Runs `npm ARGS` in `cwd`, bounded; returns the wall time, the exit status and vitest's test count. */
function npm(cwd: string, args: string[]) {
  const started = performance.now();
  const run = spawnSync("npm", args, { cwd, env, encoding: "utf8", maxBuffer: 256 << 20, timeout: LIMIT_MS });
  const seconds = (performance.now() - started) / 1000;
  const plain = `${run.stdout}${run.stderr}`.replace(/\x1b\[[0-9;]*m/g, "");
  const tests = /Tests\s+(?:\d+ failed \| )?(\d+) passed/.exec(plain)?.[1];
  return {
    seconds,
    ok: run.status === 0,
    status: run.status ?? run.signal,
    tests: tests ? Number(tests) : undefined,
    tail: plain.slice(-2_000),
  };
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const dir = mkdtempSync(path.join(os.tmpdir(), "fo-test-suite-base-"));
rmSync(dir, { recursive: true });
git("worktree", "add", "--detach", dir, BASE);
try {
  for (const shared of [".cache", "fuzz/.venv", "runtimes/node_modules"])
    symlinkSync(path.join(root, shared), path.join(dir, shared));
  const install = npm(dir, ["ci", "--no-audit", "--no-fund"]);
  if (!install.ok) throw new Error(`npm ci in the ${BASE} worktree failed (${install.status}):\n${install.tail}`);
  console.log(`npm test, one warm run each (load average before: ${load()}):`);
  const before = npm(dir, ["test"]);
  console.log(
    `  before (${BASE}, ${git("log", "-1", "--format=%s", BASE).slice(0, 60)}...): ${before.seconds.toFixed(1)} s, ${before.tests ?? "?"} vitest tests${before.ok ? "" : `, FAILED (${before.status})`}`,
  );
  const after = npm(root, ["test"]);
  console.log(
    `  after (${git("rev-parse", "--short", "HEAD")}, this checkout): ${after.seconds.toFixed(1)} s, ${after.tests ?? "?"} vitest tests${after.ok ? "" : `, FAILED (${after.status})`}`,
  );
  if (!before.ok || !after.ok)
    console.log(
      `  a run failed, so its time is not comparable; its output ends:\n${(before.ok ? after : before).tail}`,
    );
  ratioLine("npm test wall time / before", after.seconds / before.seconds, undefined, 0.6);
  console.log(`  (load average after: ${load()})`);
} finally {
  git("worktree", "remove", "--force", dir);
}
