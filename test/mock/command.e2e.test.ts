// fo-mock as a user runs it: listens on the stated port of 127.0.0.1, in sandbox and production mode, and a Ctrl-C
// stops it, leaving no process behind.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { operations } from "../fixtures/operations.ts";
import { runFoMock } from "../helpers/foMock.ts";
import { newSecret, send, sign, wireOf } from "./support.ts";
import { alive, childrenOf, freePort, stopChild } from "../helpers/processes.ts";

const dir = mkdtempSync(path.join(tmpdir(), "mock-cmd-"));
const started: ChildProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map(stopChild));
  rmSync(dir, { recursive: true, force: true });
});

async function run(args: string[], env: Record<string, string> = {}) {
  const { child, output } = await runFoMock(args, { started, env: { ...process.env, ...env }, timeoutMs: 30_000 });
  return { child, out: output };
}

async function interrupt(child: ChildProcess) {
  const kids = childrenOf(child.pid!);
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  process.kill(child.pid!, "SIGINT");
  expect(await exited).toBe(0);
  // tsx's esbuild service (from source) ends when its pipe closes, a moment after the mock.
  for (let i = 0; i < 30 && kids.some(alive); i++) await new Promise((r) => setTimeout(r, 100));
  for (const pid of kids) expect(alive(pid), `process ${pid} left behind`).toBe(false);
}

describe("fo-mock", () => {
  test("sandbox mode: listens, answers, stops on Ctrl-C", async () => {
    const port = await freePort();
    const { child, out } = await run(["--port", String(port)]);
    expect(out()).toContain(`http://127.0.0.1:${port}`);
    const res = await send(`http://127.0.0.1:${port}`, {
      ...wireOf(operations[0]!),
      headers: { Authorization: "Bearer sandbox-token" },
    });
    expect(res.status).toBe(200);
    await interrupt(child);
  });

  test("production mode: keys from a file, none printed", async () => {
    const port = await freePort();
    const creds = { accessKey: "AK-cmd", secretKey: newSecret() };
    const keys = path.join(dir, "keys.json");
    writeFileSync(keys, JSON.stringify({ [creds.accessKey]: creds.secretKey }));
    const { child, out } = await run([
      "--port",
      String(port),
      "--auth",
      "production",
      "--keys",
      keys,
      "--window",
      "60",
    ]);
    expect(out()).toMatch(/production auth.*1 key.*-60 s\/\+60 s, replays refused/);
    const base = `http://127.0.0.1:${port}`;
    const quote = wireOf(operations.find((o) => o.operationId === "createQuote")!);
    expect((await send(base, sign(quote, creds))).status).toBe(201);
    const bad = await send(base, sign(quote, { ...creds, secretKey: newSecret() }));
    expect(bad.status).toBe(401);
    expect((await bad.json()).detail).toBe("Signature mismatch.");
    await interrupt(child);
    expect(out()).toContain("401 signature-mismatch POST");
    expect(out()).not.toContain(creds.secretKey);
  });
});
