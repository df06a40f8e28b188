// A port that is taken is one line that names the option to change it, for every script that listens
// (the mock printed about 30 lines of Prism's help before EADDRINUSE), and nothing is built or started first.
// (fo-mock's own answer, exit code 2, is test/mock/fo-mock.test.ts's.)
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:net";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { freePort } from "../helpers/processes.ts";

const root = path.resolve(import.meta.dirname, "../..");
const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

/** A port held by this process for the whole file. */
async function takenPort(): Promise<number> {
  const server = createServer();
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return (server.address() as { port: number }).port;
}

const cases: Array<[script: string, option: string, args: (taken: number, free: number) => string[]]> = [
  ["serve-docs.mjs", "--docs-port", (taken) => ["--docs-port", String(taken)]],
  ["start.mjs", "--port", (taken, free) => ["--port", String(taken), "--docs-port", String(free)]],
  ["start.mjs", "--docs-port", (taken, free) => ["--port", String(free), "--docs-port", String(taken)]],
];

test.concurrent.each(cases)(
  "%s %s on a taken port: one line naming the option, exit 1",
  async (script, option, argsFor) => {
    const port = await takenPort();
    const args = argsFor(port, await freePort());
    const { code, stderr, stdout } = await new Promise<{ code: number | null; stderr: string; stdout: string }>(
      (resolve) => {
        const child = spawn(process.execPath, [path.join(root, "scripts", script), ...args], {
          cwd: root,
          stdio: ["ignore", "pipe", "pipe"],
        });
        let err = "";
        let out = "";
        child.stderr.on("data", (d) => (err += d));
        child.stdout.on("data", (d) => (out += d));
        child.on("close", (c) => resolve({ code: c, stderr: err, stdout: out }));
      },
    );
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(new RegExp(`port ${port} on 127\\.0\\.0\\.1 is in use; choose another with ${option} N`));
  },
  60_000,
);
