// startMock: the mock in a process of its own (./process.ts: one Node process, Prism inside it as a library), as a test
// suite starts it. Its settings, keys and tokens reach it over the IPC channel only, never its environment or command
// line. Its standard input is a pipe from this process: however this process ends, the mock ends with it.
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { connect, createServer } from "node:net";
import { files } from "../files.ts";
import type { MockReady } from "../server.ts";
import type { ProcessReport } from "./process.ts";
import { type ControlCalls, controlCalls } from "./control.ts";
import { isOptionError, type MockOptions, MockOptionsError, resolveOptions } from "./options.ts";

const require = createRequire(import.meta.url);

export interface StartOptions extends MockOptions {
  /**
   * Where the mock's own lines go (its refusals, Prism's warnings): kept for `output()` (the default), passed on to
   * this process's stdout and stderr, or dropped.
   */
  log?: "keep" | "inherit" | "ignore";
  /** How long to wait for the mock to listen before giving up (default 60 s). */
  timeoutMs?: number;
}

export interface RunningMock extends ControlCalls, AsyncDisposable {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** The access key the mock takes (production auth, or sandbox with keys); undefined when it takes any token. */
  accessKey: string | undefined;
  /** That key's secret, for signing; never printed by the mock. */
  secretKey: string | undefined;
  /**
   * The control API's token: the one given, or with production auth a fresh one; undefined when the control API is off
   * or (sandbox auth, none given) open to local callers.
   */
  controlToken: string | undefined;
  /** The mock's process (one process: the front, the stateful mode and Prism inside it). */
  pid: number;
  /** What the mock reported as it started (counts and modes, never a secret). */
  ready: MockReady;
  /** What the mock printed so far (with `log: "keep"`: the last 64 KiB). */
  output(): string;
  /** Resolves when the mock has ended on its own (a crash): with how it ended. */
  exited: Promise<string>;
  /** Stops the mock (SIGTERM, SIGKILL after 5 s); resolves once its process has ended and the port is free. */
  close(): Promise<void>;
  /** `close()`, for `await using mock = await startMock()`. */
  [Symbol.asyncDispose](): Promise<void>;
}

/** A mock that verifies signatures: it has the key pair to sign with. */
export type SigningMock = RunningMock & { accessKey: string; secretKey: string };
/** A signing mock with its control API behind a token. */
export type ControlledMock = SigningMock & { controlToken: string };

/** Options that keep the defaults' production auth. */
type Production = StartOptions & { auth?: "production"; bare?: false };

/** Thrown when the mock does not start; the message says why, with the end of what it printed. */
export class MockStartError extends Error {
  override readonly name = "MockStartError";
}

const KEEP = 64 * 1024;

/** A free port on 127.0.0.1 (a short race remains until the server that wants it listens). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The options with startMock's defaults, which are the mock as the API behaves in production: stateful, production
 * auth, the control API. `bare` (Prism alone) takes none of them; without state there is no control API.
 */
export function withDefaults(options: StartOptions): StartOptions {
  if (options.bare) return options;
  const stateful = options.stateful ?? true;
  return { auth: "production", ...options, stateful, control: options.control ?? stateful };
}

/**
 * Starts the mock on 127.0.0.1 and resolves once it answers: by default stateful, in production auth, with the control
 * API, on a free port, with fresh keys and a fresh control token (each unless given). Rejects with the reason when it
 * cannot start, and leaves nothing running then.
 * @throws MockOptionsError for options it cannot start with (before anything is started).
 */
export function startMock(options?: Production & { stateful?: true; control?: true }): Promise<ControlledMock>;
export function startMock(options?: Production): Promise<SigningMock>;
export function startMock(options?: StartOptions): Promise<RunningMock>;
export async function startMock(given: StartOptions = {}): Promise<RunningMock> {
  const options = withDefaults(given);
  const { config, accessKey, secretKey, controlToken } = resolveOptions(options);
  const port = config.port;
  if (port !== 0 && (await inUse(port))) throw new MockOptionsError(`port ${port} on 127.0.0.1 is in use`);

  const loader = files.fromSource ? ["--import", require.resolve("tsx")] : [];
  const child = spawn(process.execPath, [...loader, files.process], {
    env: { ...process.env, SCARF_ANALYTICS: "false", DO_NOT_TRACK: "1" },
    stdio: ["pipe", "pipe", "pipe", "ipc"],
  });

  let kept = "";
  const log = options.log ?? "keep";
  for (const [stream, to] of [
    [child.stdout!, process.stdout],
    [child.stderr!, process.stderr],
  ] as const) {
    stream.on("data", (d: Buffer) => {
      if (log === "inherit") to.write(d);
      else if (log === "keep" || !ready) kept = (kept + d.toString()).slice(-KEEP);
    });
  }
  let ready: MockReady | undefined;
  const exited = new Promise<string>((resolve) =>
    child.once("exit", (code, signal) => resolve(signal ? `signal ${signal}` : `exit code ${code}`)),
  );

  try {
    child.send(config);
    ready = await processReport(child, port, exited, options.timeoutMs ?? 60_000);
  } catch (err) {
    await stop(child);
    const said = kept.trim() ? `\n${kept.trim().split("\n").slice(-20).join("\n")}` : "";
    throw err instanceof MockOptionsError ? err : new MockStartError(`${(err as Error).message}${said}`);
  }
  const url = `http://127.0.0.1:${ready.port}`;
  const off =
    !ready.stateful || ready.stateful.control === "off"
      ? "The mock's control API is off: start it with stateful and control (its defaults)."
      : undefined;
  const close = () => stop(child);
  return {
    url,
    port: ready.port,
    accessKey,
    secretKey,
    controlToken,
    pid: child.pid!,
    ready,
    output: () => kept,
    exited,
    close,
    [Symbol.asyncDispose]: close,
    ...controlCalls(url, controlToken, off),
  };
}

/** The process's report: ready, or why it did not start (a port in use is named as such). */
function processReport(
  child: ChildProcess,
  port: number,
  exited: Promise<string>,
  timeoutMs: number,
): Promise<MockReady> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The mock did not listen within ${timeoutMs / 1000} s.`)),
      timeoutMs,
    ).unref();
    child.on("message", (m: ProcessReport) => {
      clearTimeout(timer);
      if ("ready" in m) return resolve(m.ready);
      if (m.code === "EADDRINUSE") reject(new MockOptionsError(`port ${port} on 127.0.0.1 is in use`));
      else if (isOptionError(m.name)) reject(new MockOptionsError(m.failed));
      else reject(new Error(`The mock did not start: ${m.failed}`));
    });
    exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`The mock stopped before it listened (${how}).`));
    });
  });
}

/** Whether something accepts connections on 127.0.0.1:port. */
function inUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** SIGTERM, then SIGKILL 5 s later; resolves once the process has exited. */
function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
