// The front's guard against silent connections (src/server/connections.ts), in-process on a plain 127.0.0.1 server:
// a connection that sends nothing is closed after the first-byte timeout and one that spoke is kept; at the cap, a
// new connection evicts the oldest silent one, never one that spoke; the cap comes from the descriptor limit.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { connectionRoom, guardConnections, openFileLimit } from "../../src/server/connections.ts";

const servers: http.Server[] = [];
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await Promise.all(
    servers.splice(0).map((s) => {
      s.closeAllConnections();
      return new Promise<void>((resolve) => s.close(() => resolve()));
    }),
  );
});

/** A guarded server that never answers; `seen(n)` waits until it has handled n connections and `asked(n)` n requests. */
async function guarded(firstByteMs: number, maxConnections: number) {
  let requests = 0;
  const server = http.createServer(() => void requests++);
  const guard = guardConnections(server, { firstByteMs, maxConnections });
  // After the guard's own listener: once this one ran, the guard has judged the connection. The server's side of
  // each, in arrival order: `destroyed` is set the moment the guard closes one.
  const accepted: net.Socket[] = [];
  server.on("connection", (socket: net.Socket) => void accepted.push(socket));
  const connections = () => accepted.length;
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise((resolve) => setImmediate(resolve));
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    seen: (n: number) => until(() => connections() >= n),
    asked: (n: number) => until(() => requests >= n),
    /** Which connections the guard closed, in arrival order. */
    closed: () => accepted.map((socket) => socket.destroyed),
    /** Once every connection closed on the server's side (the guard's own close listener runs first). */
    allClosed: () =>
      Promise.all(accepted.map((socket) => socket.closed || new Promise((r) => socket.once("close", r)))),
    guard,
  };
}

/** A client socket, with a promise of its close. */
async function connect(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  sockets.push(socket);
  socket.on("error", () => {});
  let isClosed = false;
  const closed = new Promise<void>((resolve) =>
    socket.once("close", () => {
      isClosed = true;
      resolve();
    }),
  );
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  return { socket, closed, isClosed: () => isClosed };
}

const REQUEST = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";

describe("the first-byte timeout", () => {
  test("closes a connection that sent nothing; keeps one that spoke", async () => {
    const server = await guarded(200, 1000);
    const spoke = await connect(server.port);
    spoke.socket.write(REQUEST);
    await server.asked(1);
    const silent = await connect(server.port);
    await silent.closed;
    // The speaker is older than the silent one: its own timeout was checked before, and it was kept.
    expect(spoke.isClosed()).toBe(false);
    // Checked once: the speaker is no longer counted silent, the silent one no longer held.
    await new Promise((resolve) => setImmediate(resolve));
    expect([server.guard.open(), server.guard.silent()]).toEqual([1, 0]);
  });
});

describe("the room rule", () => {
  test("at the cap, a new connection evicts the oldest silent one, never one that spoke", async () => {
    const server = await guarded(60_000, 3);
    const spoke = await connect(server.port);
    spoke.socket.write(REQUEST);
    await server.asked(1);
    await connect(server.port);
    await connect(server.port);
    await server.seen(3);
    expect(server.closed()).toEqual([false, false, false]);
    await connect(server.port);
    await server.seen(4);
    expect(server.closed()).toEqual([false, true, false, false]);
  });

  test("up to the cap nothing is evicted; each one more evicts exactly one", async () => {
    const server = await guarded(60_000, 3);
    for (const _ of [1, 2, 3]) await connect(server.port);
    await server.seen(3);
    expect(server.closed()).toEqual([false, false, false]);
    await connect(server.port);
    await server.seen(4);
    expect(server.closed()).toEqual([true, false, false, false]);
  });

  test("a connection that closed leaves room, and is never picked in place of a live one", async () => {
    const server = await guarded(60_000, 2);
    const a = await connect(server.port);
    await server.seen(1);
    a.socket.destroy();
    await a.closed;
    while (!server.closed()[0]) await new Promise((resolve) => setImmediate(resolve));
    await connect(server.port);
    await connect(server.port);
    await server.seen(3);
    // a is gone; b and c fit.
    expect(server.closed()).toEqual([true, false, false]);
    await connect(server.port);
    await server.seen(4);
    // Over the cap: the oldest live silent one (b) goes, not the closed a again.
    expect(server.closed()).toEqual([true, true, false, false]);
    // Closed connections are let go of.
    for (const s of sockets) s.destroy();
    await server.allClosed();
    expect([server.guard.open(), server.guard.silent()]).toEqual([0, 0]);
  });

  test("when every other connection spoke, the new one is kept too", async () => {
    const server = await guarded(60_000, 1);
    const spoke = await connect(server.port);
    spoke.socket.write(REQUEST);
    await server.asked(1);
    await connect(server.port);
    await server.seen(2);
    expect(server.closed()).toEqual([false, false]);
    // The speaker was looked at and is no longer counted silent.
    expect([server.guard.open(), server.guard.silent()]).toEqual([2, 1]);
  });
});

describe("the cap", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "limits-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("is the descriptor limit less 64, at least 16, unbounded when unknown", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (limit) => {
        expect(connectionRoom(limit)).toBe(Math.max(16, limit - 64));
      }),
      { seed: 71, numRuns: 200 },
    );
    expect([connectionRoom(79), connectionRoom(80), connectionRoom(81)]).toEqual([16, 16, 17]);
    expect(connectionRoom(undefined)).toBe(Number.POSITIVE_INFINITY);
  });

  test("reads the soft limit from a limits file; undefined when it is missing or has none", () => {
    const file = path.join(dir, "limits");
    writeFileSync(
      file,
      "Limit                     Soft Limit           Hard Limit           Units\n" +
        "Max cpu time              unlimited            unlimited            seconds\n" +
        "Max open files            1024                 524288               files\n",
    );
    expect(openFileLimit(file)).toBe(1024);
    writeFileSync(file, "Max open files            unlimited            unlimited            files\n");
    expect(openFileLimit(file)).toBeUndefined();
    writeFileSync(file, "Max cpu time 5\n Max open files 7\n");
    expect(openFileLimit(file)).toBeUndefined();
    expect(openFileLimit(path.join(dir, "missing"))).toBeUndefined();
    // By default this process's own limits (Linux), where there are any.
    const own = existsSync("/proc/self/limits")
      ? Number(/^Max open files\s+(\d+)/m.exec(readFileSync("/proc/self/limits", "utf8"))?.[1])
      : undefined;
    expect(openFileLimit()).toBe(own);
  });
});
