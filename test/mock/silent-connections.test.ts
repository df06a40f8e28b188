// Connections that never send a byte cannot starve the mock. Under `ulimit -n 256` (as a small container or a shared
// host has it), 300 silent connections used to hold every descriptor for the 10 s idle timeout, and requests failed
// for those 10 s. Now each request made meanwhile is answered, and every silent connection is closed before the idle
// timeout (src/server/connections.ts: a first-byte timeout, and room kept below the descriptor limit).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { connectionRoom, openFileLimit } from "../../src/server/connections.ts";
import { TIMEOUTS } from "../../src/mock/front.ts";
import { freePort, stopChild } from "../helpers/prism.ts";

const script = path.resolve(import.meta.dirname, "../../scripts/mock.mjs");
const dir = mkdtempSync(path.join(os.tmpdir(), "silent-"));
const started: ChildProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map(stopChild));
  rmSync(dir, { recursive: true, force: true });
});

describe("the room kept below the descriptor limit", () => {
  test("reads the soft limit of open files", () => {
    const limits = path.join(dir, "limits");
    writeFileSync(
      limits,
      "Limit                     Soft Limit           Hard Limit           Units\n" +
        "Max open files            256                  4096                 files\n",
    );
    expect(openFileLimit(limits)).toBe(256);
    expect(openFileLimit(path.join(dir, "none"))).toBeUndefined();
  });

  test("keeps a reserve, never below 16, unbounded when the limit is unknown", () => {
    expect(connectionRoom(256)).toBe(192);
    expect(connectionRoom(70)).toBe(16);
    expect(connectionRoom(undefined)).toBe(Number.POSITIVE_INFINITY);
  });
});

test("300 silent connections under ulimit -n 256: every request meanwhile answered, each silent one closed early", async () => {
  const port = await freePort();
  const child = spawn("bash", ["-c", `ulimit -n 256 && exec "${process.execPath}" "${script}" --port ${port}`], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  for (let i = 0; i < 400 && !out.includes("(Ctrl-C stops both)"); i++) await new Promise((r) => setTimeout(r, 100));
  expect(out).toContain("(Ctrl-C stops both)");

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
