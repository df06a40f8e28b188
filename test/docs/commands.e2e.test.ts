// Every shell command of the README and the guides (docs/*.md) runs verbatim after the set-up, as a reader
// types it: each file's ```sh blocks, in order, in one fresh bash, in a copy of the repository (its files as
// committed or changed, node_modules and runtimes linked from here, as after `bash scripts/dev.sh start`).
// A block marked `<!-- not-run: reason -->` is left out for that reason; one marked
// `<!-- runs-until-stopped: TEXT -->` is a server: it must print TEXT and listen, then SIGINT or SIGTERM (in turn,
// from one server to the next: each program stops on both through one handler) goes to the one PID it was started
// with, as a script or a service manager sends it (not a terminal's Ctrl-C, which signals the whole group): within
// 2 s no process it started is left and its ports are free. Each server starts once, for its commands and its stop.
// Servers get free ports through PORT and DOCS_PORT, which the commands read when no --port is given. The shell is the
// reader's (test/helpers/readerShell.ts): the machine's PATH, its own Node (Debian's 20 on a fresh machine), not the
// project's Node 24 that runs this test, so a block that needs more than the guide says fails here too.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { type Block, guides, shellBlocks } from "../helpers/guideBlocks.ts";
import { freePort } from "../helpers/processes.ts";
import { readerEnv } from "../helpers/readerShell.ts";
import { repoCopy } from "../helpers/repoCopy.ts";

const root = path.resolve(import.meta.dirname, "../..");
const _scripts = Object.keys(JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts);

const all = guides.flatMap((f) => shellBlocks(f, readFileSync(path.join(root, f), "utf8")));

let copy = "";
afterAll(() => copy && rmSync(copy, { recursive: true, force: true }));

/** Helpers of the guide's shell: a live process (not a zombie), the processes below a PID, a port that accepts. */
const PRELUDE = `
alive() { [ -r "/proc/$1/status" ] && ! grep -q '^State:[[:space:]]*Z' "/proc/$1/status" 2>/dev/null; }
below() { local c; for c in $(pgrep -P "$1"); do echo "$c"; below "$c"; done; }
accepts() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
stop_whole() {
  local pid=$1 sig=$2 where=$3 kids left p i
  kids=$(below "$pid")
  [ -n "$kids" ] || { echo "started no process of its own: $where" >&2; return 1; }
  accepts "$PORT" || accepts "$DOCS_PORT" || { echo "listens on neither PORT nor DOCS_PORT: $where" >&2; return 1; }
  kill "-$sig" "$pid"
  for i in $(seq 1 40); do
    left=""; for p in $pid $kids; do if alive "$p"; then left="$left $p"; fi; done
    [ -z "$left" ] && break; sleep 0.05
  done
  if [ -n "$left" ]; then
    kill -KILL -- "-$pid" $left 2>/dev/null || true
    echo "still running 2 s after $sig to its PID:$left ($where)" >&2; return 1
  fi
  if accepts "$PORT" || accepts "$DOCS_PORT"; then echo "a port still open after $sig: $where" >&2; return 1; fi
  echo "stopped whole on $sig: $where" >&2
}`;

/** A server block's lines: all but the last run first, as typed; the last becomes the server's own process. */
const linesOf = (code: string) =>
  code
    .split("\n")
    .map((l) => l.replace(/\s+#.*$/, "").trim())
    .filter(Boolean);

/** `exec` for the server's line, after any leading assignments (`VAR=value exec command` keeps them for it). */
const execOf = (line: string) => line.replace(/^((?:\w+=(?:"[^"]*"|\S+)\s+)*)/, "$1exec ");

let served = 0;

/** The bash text of a guide: its run blocks as they are, each server block started, awaited and stopped. */
function scriptOf(blocks: Block[]): string {
  const parts = ["set -euo pipefail", PRELUDE, `cd ${JSON.stringify(copy)}`];
  for (const [n, b] of blocks.entries()) {
    parts.push(`echo "### ${b.file}:${b.line}" >&2`);
    if (b.kind === "run") {
      parts.push(b.code);
      continue;
    }
    if (b.kind !== "server") continue;
    const where = `${b.file}:${b.line}`;
    const log = `"$TMPDIR_GUIDE/server-${n}.log"`;
    const lines = linesOf(b.code);
    const signal = served++ % 2 === 0 ? "INT" : "TERM";
    parts.push(
      ...lines.slice(0, -1),
      // Its own process group (for the clean-up after a failure); the signal below goes to the PID alone.
      `set -m; ( ${execOf(lines.at(-1)!)} ) > ${log} 2>&1 & pid=$!; set +m`,
      // Ready within 120 s, or the block failed (its output is shown).
      `for i in $(seq 1 240); do grep -qF -- ${JSON.stringify(b.note)} ${log} && break; kill -0 $pid 2>/dev/null ` +
        `|| break; sleep 0.5; done`,
      `if ! grep -qF -- ${JSON.stringify(b.note)} ${log}; then cat ${log} >&2; kill -KILL -- -$pid 2>/dev/null || ` +
        `true; echo "not ready: ${where}" >&2; exit 1; fi`,
      `stop_whole $pid ${signal} ${JSON.stringify(where)} || { cat ${log} >&2; exit 1; }`,
      `cat ${log}`,
    );
  }
  return parts.join("\n");
}

test("the guides start servers, each stopped by a signal to its PID", () => {
  const servers = all.filter((b) => b.kind === "server");
  expect(servers.length).toBeGreaterThanOrEqual(3);
  // Each server's command is one program (its set-up lines before it), so the signal reaches the program itself.
  for (const b of servers) expect(execOf(linesOf(b.code).at(-1)!), `${b.file}:${b.line}`).toMatch(/(^|\s)exec \S/);
});

describe("every guide's commands run verbatim after the set-up", () => {
  const runnable = guides.filter((f) => all.some((b) => b.file === f && (b.kind === "run" || b.kind === "server")));

  test.each(runnable)(
    "%s",
    async (file) => {
      if (!copy) copy = repoCopy("fo-guides-");
      const tmp = mkdtempSync(path.join(copy, ".guide-"));
      const script = path.join(tmp, "guide.sh");
      writeFileSync(script, scriptOf(all.filter((b) => b.file === file)));
      // A fresh shell of the reader's: none of this test run's npm or vitest variables, the machine's own Node.
      const env = readerEnv({
        PORT: String(await freePort()),
        DOCS_PORT: String(await freePort()),
        TMPDIR_GUIDE: tmp,
      });
      const result = await new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn("bash", [script], { cwd: copy, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
        let out = "";
        child.stdout.on("data", (d) => (out += d));
        child.stderr.on("data", (d) => (out += d));
        const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 540_000);
        child.on("close", (code) => {
          clearTimeout(timer);
          resolve({ code, out });
        });
      });
      expect(result.code, `${file}\n${result.out.slice(-6000)}`).toBe(0);
    },
    600_000,
  );
});
