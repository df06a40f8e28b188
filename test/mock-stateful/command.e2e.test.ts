// `fo-mock --stateful` as a user runs it, in both auth modes: the stateful operations keep state,
// the control API answers only with --control (and with production auth only with the control token),
// Prism answers the rest, and Ctrl-C stops everything.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { signRequest } from "../../src/signing/index.ts";
import { runFoMock } from "../helpers/foMock.ts";
import { freePort, stopChild } from "../helpers/processes.ts";
import { newSecret } from "../mock/support.ts";
import { C } from "./support.ts";

const dir = mkdtempSync(path.join(tmpdir(), "mock-stateful-cmd-"));
const started: ChildProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map(stopChild));
  rmSync(dir, { recursive: true, force: true });
});

async function run(args: string[], env: NodeJS.ProcessEnv = process.env) {
  const { child, output } = await runFoMock(args, { started, env, timeoutMs: 30_000 });
  return { child, out: output };
}

async function interrupt(child: ChildProcess) {
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  process.kill(child.pid!, "SIGINT");
  expect(await exited).toBe(0);
}

const quote = JSON.stringify({ from_asset: {}, to_asset: {}, pay_amount: "1" });

describe("fo-mock --stateful", () => {
  // A quote executes once (the second time 409), the control API answers with --control, Prism answers the rest.
  test("sandbox: stateful, control and Prism routes answer", async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const { child, out } = await run(["--port", String(port), "--stateful", "--control"]);
    expect(out()).toContain(`control API at ${base}/__mock (local callers)`);
    const headers = { Authorization: "Bearer sandbox-token", "Content-Type": "application/json" };
    const q = await (await fetch(`${base}${C}/conversions/quote`, { method: "POST", headers, body: quote })).json();
    const execute = () =>
      fetch(`${base}${C}/conversions/hedge`, {
        method: "POST",
        headers,
        body: JSON.stringify({ quote_id: q.quote_id }),
      });
    expect((await execute()).status).toBe(201);
    expect((await execute()).status).toBe(409);
    expect((await fetch(`${base}/__mock/clock`)).status).toBe(200);
    await fetch(`${base}${C}/deposit_instructions`, { headers });
    // Without credentials the stateful mode passes the request on, and Prism refuses it as before.
    expect((await fetch(`${base}${C}/rfi-cases`)).status).toBe(401);
    const log = (await (await fetch(`${base}/__mock/requests`)).json()).requests.map(
      (r: { operation_id: string; outcome: unknown }) => [r.operation_id, r.outcome],
    );
    expect(log.slice(-2)).toEqual([
      ["getDefaultDepositInstruction", "prism"],
      ["listRfiCases", "prism"],
    ]);
    await interrupt(child);
  });

  test("without --control the prefix is an ordinary path", async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const { child, out } = await run(["--port", String(port), "--stateful"]);
    expect(out()).toContain("control API off (--control turns it on)");
    for (const [method, route] of [
      ["GET", "/requests"],
      ["POST", "/reset"],
      ["GET", "/transactions?customer_id=c1"],
    ]) {
      const res = await fetch(`${base}/__mock${route}`, {
        method,
        headers: { "Content-Type": "application/json", Authorization: "Bearer sandbox-token" },
      });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toMatch(/"requests":|"list":/);
    }
    await interrupt(child);
  });

  // Signed requests reach the stateful mode, unsigned ones are 401, the control API takes the control token only.
  test("production: signed requests only; control by its token", async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const creds = { accessKey: "AK-stateful-cmd", secretKey: newSecret() };
    const keys = path.join(dir, "keys.json");
    writeFileSync(keys, JSON.stringify({ [creds.accessKey]: creds.secretKey }));
    const fixture = path.join(dir, "rfi.json");
    writeFileSync(fixture, JSON.stringify({ customers: {} }));
    const token = randomBytes(32).toString("hex");
    const { child, out } = await run(
      [
        "--port",
        String(port),
        "--auth",
        "production",
        "--keys",
        keys,
        "--stateful",
        "--rfi-fixture",
        fixture,
        "--control",
      ],
      { ...process.env, FO_MOCK_CONTROL_TOKEN: token },
    );
    expect(out()).not.toContain(creds.secretKey);
    expect(out()).toContain("(Bearer FO_MOCK_CONTROL_TOKEN)");
    const path1 = `${C}/conversions/quote`;
    const signed = signRequest({ ...creds, method: "POST", path: path1, body: quote, time: new Date() });
    const res = await fetch(`${base}${path1}`, {
      method: "POST",
      headers: { ...signed.headers, "Content-Type": "application/json" },
      body: quote,
    });
    expect(res.status).toBe(201);
    expect(
      (await fetch(`${base}${path1}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: quote }))
        .status,
    ).toBe(401);
    const rfi = signRequest({ ...creds, method: "GET", path: `${C}/rfi-cases`, time: new Date() });
    expect(await (await fetch(`${base}${C}/rfi-cases`, { headers: rfi.headers })).json()).toEqual({
      list: [],
      total: 0,
    });
    // The outside run's finding: no credentials read the log (nor anything else under the prefix).
    expect((await fetch(`${base}/__mock/requests`)).status).toBe(401);
    expect(
      (await fetch(`${base}/__mock/requests`, { headers: { Authorization: `Bearer ${token.slice(1)}` } })).status,
    ).toBe(401);
    expect(
      (await fetch(`${base}/__mock/reset`, { method: "POST", headers: { "Content-Type": "application/json" } })).status,
    ).toBe(401);
    const log = await (
      await fetch(`${base}/__mock/requests`, { headers: { Authorization: `Bearer ${token}` } })
    ).json();
    expect(log.requests.map((r: { operation_id: string }) => r.operation_id)).toEqual(["createQuote", "listRfiCases"]);
    await interrupt(child);
    expect(out()).not.toContain(token);
  });
});
