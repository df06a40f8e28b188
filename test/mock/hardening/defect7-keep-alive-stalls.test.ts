// Defect 7: under 200 keep-alive connections some requests through the front were answered only after
// about 20 s. Cause: Prism's info log (several lines per request) was relayed to the mock's stdout, and a
// write to a pipe blocks in Node, so a reader that falls behind stalled the front and then Prism. Prism now
// runs at `-v warn` behind the front and refusal lines are rate-limited; the front keeps connections to
// Prism alive. The load figures themselves are in bench/mock-load.bench.ts.
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { startFront } from "../../../src/mock/front.ts";
import { freePort, stopChild } from "../../helpers/prism.ts";

// The defect held requests about 20 s. The bound sits well under that but above what a loaded 2-core machine
// needs (5 s was exceeded once with other suites running); the 5 s target itself is measured by bench/mock-load.
const STALL_MS = 12_000;

const started: ChildProcess[] = [];
afterAll(async () => Promise.all(started.map(stopChild)));

/** Sends `total` GETs over `connections` keep-alive connections; returns each request's time in ms. */
async function load(
  base: string,
  target: string,
  connections: number,
  total: number,
  headers: Record<string, string> = {},
) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const times: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const start = performance.now();
      const req = http.request({ host: url.hostname, port: url.port, path: target, headers, agent }, (res) => {
        res.resume();
        res.on("end", () => {
          times.push(performance.now() - start);
          statuses.set(res.statusCode!, (statuses.get(res.statusCode!) ?? 0) + 1);
          resolve();
        });
      });
      req.setTimeout(15_000, () => req.destroy());
      req.on("error", () => (statuses.set(0, (statuses.get(0) ?? 0) + 1), resolve()));
      req.end();
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next++ < total) await one();
    }),
  );
  agent.destroy();
  return { times, statuses, max: Math.max(...times) };
}

describe("defect 7: no stalls under many keep-alive connections", () => {
  test("npm run mock keeps answering when nobody reads its output", async () => {
    const port = await freePort();
    const child = spawn(
      process.execPath,
      [path.resolve(import.meta.dirname, "../../../scripts/mock.mjs"), "--port", String(port)],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    started.push(child);
    await new Promise<void>((resolve, reject) => {
      let out = "";
      const timer = setTimeout(() => reject(new Error(`mock did not start:\n${out}`)), 40_000);
      const onData = (d: Buffer) => {
        out += d;
        if (out.includes("Ctrl-C stops both")) {
          clearTimeout(timer);
          // From here on the output is never read: the pipe (64 KiB) fills if the mock writes per request.
          child.stdout!.off("data", onData).pause();
          child.stderr!.off("data", onData).pause();
          resolve();
        }
      };
      child.stdout!.on("data", onData);
      child.stderr!.on("data", onData);
    });
    const result = await load(`http://127.0.0.1:${port}`, "/v1/customers/c1/rfi-cases", 50, 2_000, {
      Authorization: "Bearer sandbox-token",
    });
    expect(Object.fromEntries(result.statuses)).toEqual({ 200: 2_000 });
    expect(result.max).toBeLessThan(STALL_MS);
    // Unauthenticated requests are logged by nothing in sandbox mode; the refusal log of production mode is rate-limited (see mock.mjs).
    const refused = await load(`http://127.0.0.1:${port}`, "/v1/customers/c1/rfi-cases", 50, 500);
    expect(Object.fromEntries(refused.statuses)).toEqual({ 401: 500 });
  }, 90_000);

  test("200 keep-alive connections through the front: every request answered, none stalled, connections to the upstream reused", async () => {
    let upstreamConnections = 0;
    const upstream = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => res.end('{"ok":true}'));
    });
    upstream.on("connection", () => upstreamConnections++);
    await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", r));
    const front = await startFront({
      upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
      auth: "sandbox",
    });
    try {
      const result = await load(front.url, "/v1/customers/c1/rfi-cases", 200, 4_000);
      expect(Object.fromEntries(result.statuses)).toEqual({ 200: 4_000 });
      expect(result.max).toBeLessThan(STALL_MS);
      expect(upstreamConnections).toBeLessThanOrEqual(200);
    } finally {
      await front.close();
      await new Promise<void>((r) => (upstream.close(() => r()), upstream.closeAllConnections()));
    }
  }, 60_000);
});
