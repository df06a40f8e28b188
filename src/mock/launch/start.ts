// startMock: the mock in a process of its own, as a test suite or fo-mock starts it. Prism runs with the signature
// front preloaded into its process (./preload.ts); the front's settings, keys and tokens reach it over the IPC channel
// only, never its environment or command line. Prism's stdin is a pipe from this process (./tether.cjs): however this
// process ends, Prism ends with it.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { connect, createServer } from "node:net";
import { loadKeysFile, parseKeys } from "../auth/keys.ts";
import type { FrontConfig, FrontReady } from "../prism/inPrism.ts";
import { files } from "../files.ts";
import type { PreloadReport } from "./preload.ts";
import { newKeyPair } from "./keys.ts";
import { checkOptions, type MockOptions, MockOptionsError } from "./options.ts";

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

export interface RunningMock {
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
  /** The process the mock runs in (Prism with the front inside). */
  pid: number;
  /** What the mock reported as it started (counts and modes, never a secret); undefined for a bare Prism. */
  ready: FrontReady | undefined;
  /** What the mock printed so far (with `log: "keep"`: the last 64 KiB). */
  output(): string;
  /** Resolves when the mock has ended on its own (a crash): with how it ended. */
  exited: Promise<string>;
  /** Stops the mock (SIGTERM, SIGKILL after 5 s); resolves once its process has ended and the port is free. */
  close(): Promise<void>;
}

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
 * The keys the mock will take, from the options, checked pair by pair here (a file that cannot be read or a secret
 * that is not one stops the start with its reason); with production auth and none given, a fresh pair.
 */
function keysOf(o: MockOptions): Record<string, string> | undefined {
  try {
    if (o.keys) {
      parseKeys(o.keys, "The keys");
      return { ...o.keys };
    }
    if (o.keysFile) {
      loadKeysFile(o.keysFile);
      return JSON.parse(readFileSync(o.keysFile, "utf8")) as Record<string, string>;
    }
  } catch (err) {
    throw new MockOptionsError((err as Error).message);
  }
  if (o.auth !== "production") return undefined;
  const { accessKey, secretKey } = newKeyPair();
  return { [accessKey]: secretKey };
}

/** Errors of the mock's process that mean an option it was given cannot be used (a file of settings or cases). */
const OPTION_ERRORS = new Set(["StatefulOptionsError", "RfiFixtureError", "MockKeysError"]);

/**
 * Starts the mock on 127.0.0.1 and resolves once it answers: on a free port unless one is given, with fresh keys and a
 * fresh control token (production auth with the control API) unless some are given. Rejects with the reason when it
 * cannot start, and leaves nothing running then.
 * @throws MockOptionsError for options it cannot start with (before anything is started).
 */
export async function startMock(options: StartOptions = {}): Promise<RunningMock> {
  checkOptions(options);
  const keys = keysOf(options);
  const [accessKey, secretKey] = keys && Object.keys(keys).length === 1 ? Object.entries(keys)[0]! : [];
  // The control API takes local callers without a token in sandbox auth; production auth needs one.
  const production = options.auth === "production";
  const controlToken =
    options.control && options.stateful
      ? (options.controlToken ?? (production ? randomBytes(32).toString("hex") : undefined))
      : undefined;
  const bare = options.bare === true;
  // A bare Prism says nothing of the port it took: it is given a free one.
  const port = bare && !options.port ? await freePort() : (options.port ?? 0);
  if (port !== 0 && (await inUse(port))) throw new MockOptionsError(`port ${port} on 127.0.0.1 is in use`);

  const prism = require.resolve("@stoplight/prism-cli/dist/index.js");
  const loader = files.fromSource ? ["--import", require.resolve("tsx")] : [];
  const args = bare
    ? [prism, "mock", "--host", "127.0.0.1", "--port", String(port), "--errors", "false", files.document]
    : ["--require", files.tether, ...loader, "--import", files.preload, prism, "mock", "--host", "127.0.0.1"];
  if (!bare) args.push("--port", String(port), "-v", "warn", files.document);
  const child = spawn(process.execPath, args, {
    env: { ...process.env, SCARF_ANALYTICS: "false", DO_NOT_TRACK: "1" },
    stdio: [bare ? "ignore" : "pipe", "pipe", "pipe", ...(bare ? [] : ["ipc" as const])],
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
  let ready: FrontReady | undefined;
  const exited = new Promise<string>((resolve) =>
    child.once("exit", (code, signal) => resolve(signal ? `signal ${signal}` : `exit code ${code}`)),
  );

  try {
    if (bare) await bareListening(port, exited);
    else {
      const config: FrontConfig = {
        auth: options.auth ?? "sandbox",
        ...(keys ? { keys } : {}),
        ...(options.portfolioTokens ? { portfolioTokens: options.portfolioTokens } : {}),
        ...(options.windowSeconds !== undefined ? { windowSeconds: options.windowSeconds } : {}),
        ...(options.futureSeconds !== undefined ? { futureSeconds: options.futureSeconds } : {}),
        ...(options.replay ? { replay: options.replay } : {}),
        ...(options.stateful
          ? {
              stateful: {
                optionsFile: options.statefulOptions,
                rfiFixture: options.rfiFixture,
                control: options.control === true,
              },
            }
          : {}),
        ...(controlToken ? { controlToken } : {}),
      };
      child.send(config);
      ready = await preloadReport(child, exited, options.timeoutMs ?? 60_000);
    }
  } catch (err) {
    await stop(child);
    const said = kept.trim() ? `\n${kept.trim().split("\n").slice(-20).join("\n")}` : "";
    throw err instanceof MockOptionsError ? err : new MockStartError(`${(err as Error).message}${said}`);
  }
  const actual = ready?.port ?? port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    accessKey,
    secretKey,
    controlToken,
    pid: child.pid!,
    ready,
    output: () => kept,
    exited,
    close: () => stop(child),
  };
}

/** The preload's report: its ready line's facts, or why it did not start (a port in use is named as such). */
function preloadReport(child: ChildProcess, exited: Promise<string>, timeoutMs: number): Promise<FrontReady> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The mock did not listen within ${timeoutMs / 1000} s.`)),
      timeoutMs,
    ).unref();
    child.on("message", (m: PreloadReport) => {
      clearTimeout(timer);
      if ("ready" in m) return resolve(m.ready);
      if (m.code === "EADDRINUSE") reject(new MockOptionsError(`port ${portOf(child)} on 127.0.0.1 is in use`));
      else if (m.name && OPTION_ERRORS.has(m.name)) reject(new MockOptionsError(m.failed));
      else reject(new Error(`The mock did not start: ${m.failed}`));
    });
    exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`The mock stopped before it listened (${how}).`));
    });
  });
}

const portOf = (child: ChildProcess) => child.spawnargs[child.spawnargs.indexOf("--port") + 1];

/** A bare Prism: ready once its port accepts connections. */
async function bareListening(port: number, exited: Promise<string>): Promise<void> {
  let ended: string | undefined;
  void exited.then((how) => (ended = how));
  for (let i = 0; i < 600 && ended === undefined; i++) {
    if (await inUse(port)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(ended ? `Prism stopped before it listened (${ended}).` : "Prism did not listen within 60 s.");
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
