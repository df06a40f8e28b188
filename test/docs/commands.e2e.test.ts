// Every shell command of the README and the guides (docs/*.md) runs verbatim after the set-up, as a reader
// types it: each file's ```sh blocks, in order, in one fresh bash, in a copy of the repository (its files as
// committed or changed, node_modules and runtimes linked from here, as after `bash scripts/dev.sh start`).
// A block marked `<!-- not-run: reason -->` is left out for that reason; one marked
// `<!-- runs-until-stopped: TEXT -->` is a server: it must print TEXT, then it is stopped as Ctrl-C stops it.
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

/** The bash text of a guide: its run blocks as they are, each server block started, awaited and stopped. */
function scriptOf(blocks: Block[]): string {
  const parts = ["set -euo pipefail", `cd ${JSON.stringify(copy)}`];
  for (const [n, b] of blocks.entries()) {
    parts.push(`echo "### ${b.file}:${b.line}" >&2`);
    if (b.kind === "run") {
      parts.push(b.code);
      continue;
    }
    if (b.kind !== "server") continue;
    const log = `"$TMPDIR_GUIDE/server-${n}.log"`;
    parts.push(
      `set -m; ( ${b.code}\n) > ${log} 2>&1 & pid=$!; set +m`,
      // Ready within 120 s, or the block failed (its output is shown).
      `for i in $(seq 1 240); do grep -qF -- ${JSON.stringify(b.note)} ${log} && break; kill -0 $pid 2>/dev/null ` +
        `|| break; sleep 0.5; done`,
      `if ! grep -qF -- ${JSON.stringify(b.note)} ${log}; then cat ${log} >&2; kill -KILL -- -$pid 2>/dev/null || ` +
        `true; echo "not ready: ${b.file}:${b.line}" >&2; exit 1; fi`,
      `cat ${log}`,
      // Ctrl-C: SIGINT to the block's process group; it must end within 30 s.
      `kill -INT -- -$pid 2>/dev/null || true`,
      `for i in $(seq 1 60); do kill -0 $pid 2>/dev/null || break; sleep 0.5; done`,
      `if kill -0 $pid 2>/dev/null; then kill -KILL -- -$pid; echo "did not stop on Ctrl-C: ${b.file}:${b.line}" ` +
        `>&2; exit 1; fi`,
    );
  }
  return parts.join("\n");
}

describe("every guide's commands run verbatim after the set-up", () => {
  const runnable = guides.filter((f) => all.some((b) => b.file === f && b.kind !== "not-run"));

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
