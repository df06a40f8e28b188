// Connections that never speak cannot starve the ones that do. A connection that has sent no byte within the first-byte
// timeout is closed (well before the idle timeout), and the server keeps room below the process's descriptor limit:
// once it holds its cap of connections, a new one evicts the oldest connection that has still sent nothing. So under a
// flood of silent connections a client that sends its request is accepted and answered.
import { readFileSync } from "node:fs";
import type http from "node:http";
import type { Socket } from "node:net";

/**
 * The servers' timeouts (ms), the mock front's and the signing proxy's alike. A connection with no request in progress
 * that sends nothing for `idle` is closed; one that sends no byte at all within `firstByte` of opening, sooner; a
 * request's head must arrive within `headers`, the whole request within `request`.
 */
export const TIMEOUTS = { idle: 10_000, keepAlive: 5_000, headers: 10_000, request: 60_000, firstByte: 2_000 } as const;

/** Descriptors kept free for everything else the process opens (Prism's files and pipes, the proxy's upstream). */
const RESERVED_DESCRIPTORS = 64;

/** The soft limit on open files of this process (Linux), or undefined where it cannot be read. */
export function openFileLimit(limits = "/proc/self/limits"): number | undefined {
  try {
    // Stryker disable next-line OptionalChaining,StringLiteral: no match throws into the catch below, which answers undefined too; a Buffer read without an encoding is matched as its text alike
    const soft = /^Max open files\s+(\d+)/m.exec(readFileSync(limits, "utf8"))?.[1];
    return soft === undefined ? undefined : Number(soft);
  } catch {}
  // No file to read (not Linux).
  return undefined;
}

/** How many connections to hold at most: the descriptor limit less a reserve, at least 16; unbounded when unknown. */
export function connectionRoom(limit: number | undefined): number {
  return limit === undefined ? Number.POSITIVE_INFINITY : Math.max(16, limit - RESERVED_DESCRIPTORS);
}

export interface ConnectionLimits {
  /** A connection that sends nothing for this long after it opens is closed (ms). */
  firstByteMs: number;
  /** Connections held at once; beyond it the oldest silent one is closed to make room. */
  maxConnections: number;
}

/** What a guard holds, for tests and diagnostics: the connections open, and those not yet seen to speak. */
export interface ConnectionGuard {
  open(): number;
  silent(): number;
}

/** Applies the first-byte timeout and the room rule to a server's connections. */
export function guardConnections(
  server: http.Server,
  { firstByteMs, maxConnections }: ConnectionLimits,
): ConnectionGuard {
  // Insertion order is arrival order: the first silent entry is the oldest.
  const open = new Set<Socket>();
  const silent = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    open.add(socket);
    silent.add(socket);
    // Checked once the event loop has read what arrived meanwhile (setImmediate runs after the poll phase): after a
    // busy spell the timer can fire before bytes already waiting in the kernel were read.
    const timer = setTimeout(
      () =>
        setImmediate(() => {
          silent.delete(socket);
          if (socket.bytesRead === 0) socket.destroy();
        }),
      firstByteMs,
    );
    // Stryker disable next-line CallExpression: unref only lets the process exit while a timer waits; no connection sees it
    timer.unref();
    socket.once("close", () => {
      // Stryker disable next-line CallExpression: the timer of a closed socket finds it closed: destroying it again does nothing
      clearTimeout(timer);
      open.delete(socket);
      silent.delete(socket);
    });
    if (open.size <= maxConnections) return;
    for (const other of silent) {
      if (other === socket) continue;
      silent.delete(other);
      if (other.bytesRead === 0) {
        other.destroy();
        return;
      }
    }
  });
  return { open: () => open.size, silent: () => silent.size };
}

export interface Bounds {
  /** A connection with no request in progress, silent this long, is closed (default TIMEOUTS.idle). */
  idleMs?: number | undefined;
  /** A connection that sends no byte this long after opening is closed (default TIMEOUTS.firstByte). */
  firstByteMs?: number | undefined;
  /** Connections held at once (default: the descriptor limit less a reserve, connectionRoom). */
  maxConnections?: number | undefined;
}

/**
 * Bounds a server's connections in time and number: the first-byte timeout and the room rule (guardConnections), the
 * idle timeout for a connection with no request in progress, and Node's own bounds on a request's head and whole.
 */
export function boundConnections(server: http.Server, bounds: Bounds = {}): ConnectionGuard {
  const guard = guardConnections(server, {
    firstByteMs: bounds.firstByteMs ?? TIMEOUTS.firstByte,
    maxConnections: bounds.maxConnections ?? connectionRoom(openFileLimit()),
  });
  // A connection that sends nothing is closed after the idle timeout; one whose request is being answered (a delay
  // fault, a slow Prism, the proxy's slow upstream) is not.
  server.timeout = bounds.idleMs ?? TIMEOUTS.idle;
  // Node keeps the response being written on `_httpMessage` and a request being received on `parser.incoming`.
  server.on("timeout", (socket: Socket & { _httpMessage?: unknown; parser?: { incoming?: unknown } | null }) => {
    if (!socket._httpMessage && !socket.parser?.incoming) socket.destroy();
  });
  server.keepAliveTimeout = TIMEOUTS.keepAlive;
  server.headersTimeout = TIMEOUTS.headers;
  server.requestTimeout = TIMEOUTS.request;
  return guard;
}
