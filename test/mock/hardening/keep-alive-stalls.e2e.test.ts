// Under 200 keep-alive connections some requests through the front were answered only after about 20 s.
// Cause: Prism's info log (several lines per request) was relayed to the mock's stdout, and a write to a pipe
// blocks in Node, so a reader that falls behind stalled the front and then Prism. Prism now runs at `-v warn`
// behind the front and refusal lines are rate-limited; the front hands requests to Prism in its process. Asserted
// without timings (they vary with the machine's load): the mock writes next to nothing per request, so a
// pipe nobody reads never fills; every request is answered. The load figures themselves are in
// bench/mock-load.bench.ts.
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { afterAll, describe, expect, test } from "vitest";
import { startFront } from "../../../src/mock/front.ts";
import { foMockArgv } from "../../helpers/foMock.ts";
import { stopChild } from "../../helpers/processes.ts";

/** What the mock may write for a whole load run: a few rate-limited lines, far from a pipe's 64 KiB. */
const OUTPUT_BYTES = 4 * 1024;

const started: ChildProcess[] = [];
afterAll(async () => Promise.all(started.map(stopChild)));

/** Sends `total` GETs over `connections` keep-alive connections; counts the answers by status (0: no answer). */
async function load(
  base: string,
  target: string,
  connections: number,
  total: number,
  headers: Record<string, string> = {},
) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const statuses = new Map<number, number>();
  let next = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const req = http.request({ host: url.hostname, port: url.port, path: target, headers, agent }, (res) => {
        res.resume();
        res.on("end", () => {
          statuses.set(res.statusCode!, (statuses.get(res.statusCode!) ?? 0) + 1);
          resolve();
        });
      });
      req.on("error", () => {
        statuses.set(0, (statuses.get(0) ?? 0) + 1);
        resolve();
      });
      req.end();
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next++ < total) await one();
    }),
  );
  agent.destroy();
  return Object.fromEntries(statuses);
}

describe("many keep-alive connections", () => {
  test("fo-mock writes next to nothing per request", async () => {
    const child = spawn(process.execPath, [...foMockArgv, "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
    started.push(child);
    let out = "";
    const onData = (d: Buffer) => {
      out += d;
    };
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`mock did not start:\n${out}`)), 40_000);
      const onReady = () => {
        if (!/fo-mock ready: /.test(out)) return;
        clearTimeout(timer);
        // From here on the output is not read until the load is over: the pipe fills if the mock writes per request.
        child.stdout!.off("data", onReady).pause();
        child.stderr!.off("data", onReady).pause();
        resolve();
      };
      child.stdout!.on("data", onData).on("data", onReady);
      child.stderr!.on("data", onData).on("data", onReady);
    });
    const before = out.length;
    const base = /fo-mock ready: (http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1]!;
    const answered = await load(base, "/v1/customers/c1/rfi-cases", 50, 2_000, {
      Authorization: "Bearer sandbox-token",
    });
    expect(answered).toEqual({ 200: 2_000 });
    // Read what the mock wrote meanwhile (the pipes' buffered bytes).
    child.stdout!.resume();
    child.stderr!.resume();
    await new Promise((r) => setTimeout(r, 200));
    expect(out.length - before).toBeLessThan(OUTPUT_BYTES);
    // Refused requests do make Prism warn, three lines each: they are answered all the same.
    expect(await load(base, "/v1/customers/c1/rfi-cases", 50, 500)).toEqual({ 401: 500 });
  }, 90_000);

  test("200 of them through the front: all answered", async () => {
    const front = await startFront({
      prism: async () => ({ status: 200, headers: {}, body: '{"ok":true}' }),
      auth: "sandbox",
    });
    try {
      expect(await load(front.url, "/v1/customers/c1/rfi-cases", 200, 4_000)).toEqual({ 200: 4_000 });
    } finally {
      await front.close();
    }
  }, 60_000);
});
