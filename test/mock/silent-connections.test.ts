// Connections that never send a byte cannot starve the mock. Under `ulimit -n 256` (as a small container or a shared
// host has it), 300 silent connections used to hold every descriptor for the 10 s idle timeout, and requests failed
// for those 10 s. Now each request made meanwhile is answered, and every silent connection is closed before the idle
// timeout (src/server/connections.ts: a first-byte timeout, and room kept below the descriptor limit).
// (How the room is computed from the limit is test/server/connections.test.ts's.)
import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import { afterAll, expect, test } from "vitest";
import { TIMEOUTS } from "../../src/server/connections.ts";
import { foMockArgv } from "../helpers/foMock.ts";
import { stopChild } from "../helpers/processes.ts";

const started: ChildProcess[] = [];
afterAll(() => Promise.all(started.map(stopChild)));

test("300 silent connections under ulimit -n 256: every request meanwhile answered, each silent one closed early", async () => {
  const child = spawn(
    "bash",
    ["-c", 'ulimit -n 256 && exec "$@"', "-", process.execPath, ...foMockArgv, "--port", "0"],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  started.push(child);
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  for (let i = 0; i < 400 && !/fo-mock ready: /.test(out); i++) await new Promise((r) => setTimeout(r, 100));
  const port = Number(/fo-mock ready: http:\/\/127\.0\.0\.1:(\d+)/.exec(out)?.[1]);
  expect(port, out).toBeGreaterThan(0);

  const opened = Date.now();
  const closedAfter: number[] = [];
  const sockets = Array.from({ length: 300 }, () => {
    const socket = net.connect(port, "127.0.0.1");
    socket.on("error", () => {});
    socket.on("close", () => closedAfter.push(Date.now() - opened));
    return socket;
  });
  await new Promise((r) => setTimeout(r, 200));

  const statuses: Array<number | string> = [];
  for (let i = 0; i < 6; i++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/v1/customers/c1/rfi-cases`, {
        headers: { Authorization: "Bearer sandbox-token" },
        signal: AbortSignal.timeout(1_500),
      });
      await response.text();
      statuses.push(response.status);
    } catch (err) {
      statuses.push((err as Error).name);
    }
  }
  expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);

  for (let i = 0; i < 150 && closedAfter.length < sockets.length; i++) await new Promise((r) => setTimeout(r, 100));
  for (const socket of sockets) socket.destroy();
  expect(closedAfter.length).toBe(sockets.length);
  expect(Math.max(...closedAfter)).toBeLessThan(TIMEOUTS.idle);
}, 60_000);
