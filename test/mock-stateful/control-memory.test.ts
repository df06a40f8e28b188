// The control API decides from a call's head before the front reads its body: an unauthenticated or oversized control
// call costs the mock its headers (and at most the 64 KiB control bound), never the front's 10 MiB. Many concurrent
// 9 MiB control calls, with and without the token, declared and chunked, against the mock as a user starts it; its
// peak resident memory (VmHWM of the front's process) may grow by a few MiB, not by the bodies (it grew 556 MiB).
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import { afterAll, expect, test } from "vitest";
import { type RunningMock, startMock } from "../../src/mock/index.ts";

const MiB = 1024 * 1024;
const BODY = Buffer.alloc(9 * MiB, 0x20);
const TOKEN = randomBytes(32).toString("hex");
const mocks: RunningMock[] = [];
afterAll(() => Promise.all(mocks.map((m) => m.close())));

/** A /proc/PID/status field in KiB. */
const kib = (pid: number, field: "VmRSS" | "VmHWM") =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);

interface Call {
  token: boolean;
  chunked: boolean;
  /** Sends `Expect: 100-continue` and the body only once invited: the answer then comes before any body. */
  expect: boolean;
}

/**
 * One control call with a 9 MiB body; resolves with the status, or 0 when the mock closed the connection before the
 * client read the answer (it answers from the head and closes while a client that did not wait is still writing).
 */
function send(port: number, { token, chunked, expect: wait }: Call): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/__mock/reset",
      headers: {
        "Content-Type": "application/json",
        ...(token ? { Authorization: `Bearer ${TOKEN}` } : {}),
        ...(chunked ? {} : { "Content-Length": BODY.length }),
        ...(wait ? { Expect: "100-continue" } : {}),
      },
    });
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", () => resolve(0));
    if (wait) req.on("continue", () => req.end(BODY));
    else req.end(BODY);
  });
}

test("concurrent oversized and unauthenticated control calls cost the mock no more than their heads", async () => {
  const mock = await startMock({ stateful: true, control: true, auth: "production", controlToken: TOKEN });
  mocks.push(mock);
  const { port, pid: front } = mock;
  const before = { rss: kib(front!, "VmRSS"), peak: kib(front!, "VmHWM") };

  const calls: Call[] = [true, false].flatMap((expect) => [
    ...Array.from({ length: 15 }, () => ({ token: false, chunked: false, expect })),
    ...Array.from({ length: 15 }, () => ({ token: false, chunked: true, expect })),
    ...Array.from({ length: 2 }, () => ({ token: true, chunked: false, expect })),
    ...Array.from({ length: 2 }, () => ({ token: true, chunked: true, expect })),
  ]);
  const statuses = await Promise.all(calls.map((c) => send(port, c)));
  const after = { rss: kib(front!, "VmRSS"), peak: kib(front!, "VmHWM") };
  console.log(
    `control flood: ${calls.length} calls of 9 MiB; front RSS ${(before.rss / 1024).toFixed(0)} -> ` +
      `${(after.rss / 1024).toFixed(0)} MiB, peak ${(before.peak / 1024).toFixed(0)} -> ${(after.peak / 1024).toFixed(0)} MiB`,
  );

  // Unauthenticated: 401 from the head; with the token and a declared length: 413 from the head. A client that waited
  // for the invitation always reads that answer (it never sent the body); one that did not may see the connection
  // close first. A chunked call with the token is read up to the 64 KiB bound, then refused.
  calls.forEach((call, i) => {
    const status = statuses[i];
    const answer = call.token ? 413 : 401;
    if (call.expect && !(call.token && call.chunked)) expect(status, JSON.stringify(call)).toBe(answer);
    else expect([answer, 0], JSON.stringify(call)).toContain(status);
  });
  // The bodies add up to 612 MiB; reading them would show in the peak.
  expect((after.peak - before.peak) / 1024).toBeLessThan(64);

  // The mock still answers a good control call afterwards.
  const ok = await fetch(`http://127.0.0.1:${port}/__mock`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(ok.status).toBe(200);
}, 120_000);
