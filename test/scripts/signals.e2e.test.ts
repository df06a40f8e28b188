// Every server the README and the guides start (their `runs-until-stopped` blocks, read from the files, not listed
// here) stops whole when SIGINT or SIGTERM reaches the one PID it was started with, as a script or a service manager
// sends it (not a terminal's Ctrl-C, which signals the whole process group): within 2 s no process it started is
// left and its ports are free. The command runs as the reader types it, in a folder of their own, in their shell.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { guides, shellBlocks } from "../helpers/guideBlocks.ts";
import { alive, childrenOf, freePort } from "../helpers/processes.ts";
import { readerEnv } from "../helpers/readerShell.ts";
import { repoCopy } from "../helpers/repoCopy.ts";

const root = path.resolve(import.meta.dirname, "../..");
const servers = guides.flatMap((f) =>
  shellBlocks(f, readFileSync(path.join(root, f), "utf8")).filter((b) => b.kind === "server"),
);
const work = mkdtempSync(path.join(os.tmpdir(), "fo-signals-"));
// The commands run from a copy of the repository, as commands.e2e.test.ts runs the guides: `start` builds into it.
let copy = "";
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  rmSync(work, { recursive: true, force: true });
  if (copy) rmSync(copy, { recursive: true, force: true });
});

/** A block's commands as the reader types them, from this folder: `bash scripts/dev.sh` is the copy's. */
const commandsOf = (code: string, clone: string) =>
  code
    .split("\n")
    .map((l) => l.replace(/\s+#.*$/, "").trim())
    .filter(Boolean)
    .map((l) => l.replace(/^bash scripts\/dev\.sh /, `bash ${clone}/scripts/dev.sh `));

/** Every process below `pid`, depth first. */
function descendants(pid: number): number[] {
  return childrenOf(pid).flatMap((child) => [child, ...descendants(child)]);
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });

test("the guides start servers", () => {
  expect(servers.length).toBeGreaterThanOrEqual(3);
});

describe.each(servers.map((b) => [`${b.file}:${b.line}`, b] as const))("%s", (_where, block) => {
  test.each(["SIGINT", "SIGTERM"] as const)(
    "stops whole on %s to its PID",
    async (signal) => {
      const [port, docsPort] = [await freePort(), await freePort()];
      const env = readerEnv({ PORT: String(port), DOCS_PORT: String(docsPort) });
      const cwd = mkdtempSync(path.join(work, "reader-"));
      if (!copy) copy = repoCopy("fo-signals-repo-");
      const commands = commandsOf(block.code, copy);
      for (const setup of commands.slice(0, -1)) execFileSync("bash", ["-c", setup], { cwd, env, stdio: "ignore" });
      // Its own process group, so that the test can clean up after a failure; the signal goes to the PID alone.
      const child = spawn("bash", ["-c", `exec ${commands.at(-1)}`], {
        cwd,
        env,
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
      });
      started.push(child);
      let out = "";
      child.stdout!.on("data", (d) => (out += d));
      child.stderr!.on("data", (d) => (out += d));
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      for (let i = 0; i < 1200 && !out.includes(block.note) && child.exitCode === null; i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(out, `never printed ${JSON.stringify(block.note)}`).toContain(block.note);
      const tree = descendants(child.pid!);
      expect(tree.length, "it started processes of its own").toBeGreaterThan(0);
      const ports = [port, docsPort];
      const listening = (await Promise.all(ports.map(accepts))).some(Boolean);
      expect(listening, "it listens on its port").toBe(true);

      process.kill(child.pid!, signal);
      const deadline = Date.now() + 2_000;
      while (Date.now() < deadline && [child.pid!, ...tree].some(alive)) await new Promise((r) => setTimeout(r, 50));
      const left = [child.pid!, ...tree].filter(alive);
      const open = [];
      for (const p of ports) if (await accepts(p)) open.push(p);
      expect({ left, open }, out.slice(-3000)).toEqual({ left: [], open: [] });
      await exited;
    },
    180_000,
  );
});
