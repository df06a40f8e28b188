// `fo-sign proxy`: the signing proxy on the command line. Credentials come from the environment, are checked before
// the port opens, and are never printed: the start line names the access key id and the upstream only.
import path from "node:path";
import { parseCommandLine, quote, UsageError } from "./args.ts";
import { InvalidCredentialsError } from "../errors/InvalidCredentialsError.ts";
import { allowedOrigins } from "../proxy/browsers.ts";
import { openRecording, type Recording } from "../proxy/record.ts";
import { startProxy, DEFAULT_MAX_BODY, upstreamOf, type RunningProxy } from "../proxy/server.ts";
import { ACCESS_KEY_ENV, SECRET_KEY_ENV } from "../signing/env.ts";
import { assertAccessKey, decodeSecretKey, MIN_SECRET_KEY_BYTES } from "../signing/secret.ts";
import type { Terminal } from "./terminal.ts";
import { tieToStarter } from "../server/tie.ts";
import { makeKeysCommand } from "./keysHint.ts";
import { version } from "./version.ts";

export const PROXY_USAGE = `fo-sign proxy --upstream ORIGIN [--port N] [--max-body BYTES] [--allow-origin ORIGIN]...
                [--auth production|sandbox] [--record FILE] [--stop-on-stdin-close]
  Listens on 127.0.0.1:N (default ${8080}; 0 picks a free port) and forwards each request to ORIGIN, signed with
  ${ACCESS_KEY_ENV}/${SECRET_KEY_ENV} over exactly the bytes it sends (--auth sandbox: with Authorization: Bearer
  ${ACCESS_KEY_ENV} instead, the sandbox's authentication; no secret needed); /v1/portfolios/ paths keep the caller's
  bearer token. Bodies up to --max-body bytes (default ${DEFAULT_MAX_BODY}); more is a 413. A request from a web
  page (an Origin header, or Sec-Fetch-Site other than none) is refused with 403, unsigned, unless --allow-origin
  names its exact origin (a local web tool you trust, e.g. http://127.0.0.1:3000; repeatable).
  --record FILE writes every exchange that reaches the upstream as HAR 1.2 to FILE (a new file of mode 0600;
  whatever was at FILE, a link too, is replaced, not written), each as it completes: credentials, keys and cookies
  masked, and every value of JSON bodies and queries but statuses, types, codes and currencies; other bodies left
  out. fo-mock drift FILE reports where it departs from the API's document.
  It stops on Ctrl-C or SIGTERM, when its parent process ends, and with --stop-on-stdin-close when its standard
  input closes (a program that starts it keeps a pipe open as its stdin: the proxy stops when that program ends).`;

const command = {
  name: "fo-sign proxy",
  usage: PROXY_USAGE,
  options: {
    upstream: { type: "string" },
    port: { type: "string" },
    "max-body": { type: "string" },
    "allow-origin": { type: "string", multiple: true },
    auth: { type: "string", choices: ["production", "sandbox"] },
    record: { type: "string" },
    "stop-on-stdin-close": { type: "boolean" },
  },
} as const;

export interface ProxySettings {
  upstream: string;
  port: number;
  maxBody: number;
  /** The origins whose pages may have requests signed, as browsers send them. */
  allowOrigins: string[];
  /** Production signs with the HMAC; sandbox sends the access key as a bearer token. */
  auth: "production" | "sandbox";
  /** The file exchanges are recorded to (absolute), if any. */
  record?: string;
  /** Stop when standard input closes (the starter's tie). */
  stopOnStdinClose: boolean;
  accessKey: string;
  /** Decoded; absent with sandbox auth when none was given. */
  secretKey?: Uint8Array;
}

/** The hosts of this machine an upstream in clear may be: a bearer token sent there crosses no network. */
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** What to make test keys with, named in every credentials error. */
const MAKE_KEYS = `For the mock, make a test pair with \`${makeKeysCommand()}\` and \`source .mock-keys.env\`.`;

/**
 * Reads the command line and the credentials; nothing listens yet.
 * @throws UsageError naming the problem (never a secret).
 */
export function proxySettings(argv: string[], env: NodeJS.ProcessEnv, cwd = process.cwd()): ProxySettings {
  const { values } = parseCommandLine({ ...command, options: { ...command.options } }, argv);
  const upstreamText = values.upstream as string | undefined;
  if (!upstreamText) throw new UsageError("give --upstream ORIGIN, e.g. --upstream http://127.0.0.1:4010.");
  try {
    upstreamOf(upstreamText);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const whole = (flag: string, raw: string | undefined, fallback: number, max: number) => {
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) > max)
      throw new UsageError(`${flag} ${quote(raw)} is not a whole number from 0 to ${max}.`);
    return Number(raw);
  };
  const port = whole("--port", values.port as string | undefined, 8080, 65535);
  let allowOrigins: string[];
  try {
    allowOrigins = [...allowedOrigins((values["allow-origin"] as string[] | undefined) ?? [])];
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const maxBody = whole("--max-body", values["max-body"] as string | undefined, DEFAULT_MAX_BODY, 2 ** 31 - 1);
  const record = values.record as string | undefined;
  if (record === "") throw new UsageError("--record needs a file name.");
  // `npm run sign` runs in the repository root; INIT_CWD is the folder it was called from.
  const from = env.npm_lifecycle_event === "sign" && env.INIT_CWD ? env.INIT_CWD : cwd;
  const auth = (values.auth as ProxySettings["auth"] | undefined) ?? "production";
  const accessKey = env[ACCESS_KEY_ENV];
  const secret = env[SECRET_KEY_ENV];
  if (auth === "sandbox" && !accessKey)
    throw new UsageError(
      `set ${ACCESS_KEY_ENV} (from API Settings) in the environment: the sandbox takes it as a bearer token.`,
    );
  const { protocol, hostname, origin } = new URL(upstreamText);
  // In the sandbox the access key itself travels, as a bearer token: never in clear beyond this machine.
  if (auth === "sandbox" && protocol === "http:" && !LOOPBACK.has(hostname))
    throw new UsageError(
      `--auth sandbox sends ${ACCESS_KEY_ENV} as a bearer token: give an https:// upstream (http:// only to ` +
        `127.0.0.1, localhost or [::1]), not ${origin}.`,
    );
  if (!accessKey || (!secret && auth === "production"))
    throw new UsageError(
      `set ${ACCESS_KEY_ENV} and ${SECRET_KEY_ENV} (from API Settings) in the environment. ${MAKE_KEYS}`,
    );
  let secretKey: Uint8Array | undefined;
  try {
    assertAccessKey(accessKey);
    secretKey = secret ? decodeSecretKey(secret) : undefined;
    if (secretKey && secretKey.length < MIN_SECRET_KEY_BYTES)
      throw new InvalidCredentialsError(
        `Secret key decodes to ${secretKey.length} bytes, fewer than ${MIN_SECRET_KEY_BYTES}`,
      );
  } catch (err) {
    // All three throw InvalidCredentialsError, whose messages never hold the secret.
    throw new UsageError(`${ACCESS_KEY_ENV}/${SECRET_KEY_ENV}: ${(err as Error).message}. ${MAKE_KEYS}`);
  }
  return {
    upstream: origin,
    port,
    maxBody,
    allowOrigins,
    auth,
    ...(record === undefined ? {} : { record: path.resolve(from, record) }),
    stopOnStdinClose: values["stop-on-stdin-close"] === true,
    accessKey,
    ...(secretKey ? { secretKey } : {}),
  };
}

/** The one line printed on start: ready, for which access key and upstream, where it listens. */
export const readyLine = (s: ProxySettings, proxy: RunningProxy) =>
  `fo-sign proxy ready: ${
    // In the sandbox the access key is the bearer token itself: the line shows no more of it than its first characters.
    s.auth === "sandbox"
      ? `sending the access key as a bearer token (sandbox auth; ${s.accessKey.slice(0, 4)}..., ${s.accessKey.length} characters)`
      : `signing as access key ${s.accessKey}`
  } for ${proxy.upstream}, ` +
  `listening on ${proxy.url} (bodies up to ${s.maxBody} bytes; web pages ` +
  `${s.allowOrigins.length ? `refused but those of ${s.allowOrigins.join(", ")}` : "refused"}` +
  `${s.record ? `; recording every exchange to ${s.record}, masked` : ""})`;

/**
 * Runs the proxy until SIGINT or SIGTERM; wrong input prints the problem and the usage, exit code 2. `start` is
 * startProxy, or a test's own.
 */
export async function runProxy(
  argv: string[],
  terminal: Terminal = process,
  start = startProxy,
  // Stryker disable next-line all: the tie to a real starter, which only the tests of processes can run
  tie = terminal === process,
): Promise<void> {
  if (argv.includes("--help") || argv.includes("-h")) return void terminal.stdout.write(`Usage: ${PROXY_USAGE}\n`);
  let settings: ProxySettings;
  try {
    settings = proxySettings(argv, terminal.env);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    terminal.stderr.write(`fo-sign proxy: ${err.message}\n\nUsage: ${PROXY_USAGE}\n`);
    terminal.exitCode = 2;
    return;
  }
  let recording: Recording | undefined;
  if (settings.record) {
    try {
      recording = openRecording(
        settings.record,
        { name: "fo-sign proxy", version: version() },
        // Stryker disable next-line ArrowFunction,StringLiteral: only a disk that fails a write calls it (no test can)
        { bound: settings.maxBody, onError: (line) => terminal.stderr.write(`fo-sign proxy: ${line}\n`) },
      );
    } catch (err) {
      // A file it cannot write is input the proxy cannot use, as a port in use is.
      const e = err as NodeJS.ErrnoException;
      terminal.stderr.write(`fo-sign proxy: cannot record to ${settings.record}: ${e.code ?? e.message}\n`);
      terminal.exitCode = 2;
      return;
    }
  }
  let proxy: RunningProxy;
  try {
    proxy = await start({
      upstream: settings.upstream,
      port: settings.port,
      maxBody: settings.maxBody,
      allowOrigins: settings.allowOrigins,
      auth: settings.auth,
      ...(recording ? { recording } : {}),
      credentials: settings.secretKey
        ? { accessKey: settings.accessKey, secretKey: settings.secretKey }
        : { accessKey: settings.accessKey },
      onRefused: (line) => terminal.stderr.write(`fo-sign proxy: refused ${line}\n`),
    });
  } catch (err) {
    recording?.close();
    const e = err as NodeJS.ErrnoException;
    // A port in use is input the proxy cannot use (exit 2, as fo-mock's); anything else a failure (1).
    const inUse = e.code === "EADDRINUSE";
    terminal.stderr.write(
      `fo-sign proxy: ${inUse ? `port ${settings.port} on 127.0.0.1 is in use; give another with --port` : e.message}\n`,
    );
    terminal.exitCode = inUse ? 2 : 1;
    return;
  }
  terminal.stdout.write(`${readyLine(settings, proxy)}\n`);
  let stopping = false;
  const stop = (why?: string) => {
    if (stopping) return;
    stopping = true;
    // Stryker disable next-line all: only the tie gives a reason, and only the tests of processes can run it
    if (why) terminal.stderr.write(`fo-sign proxy: stopping: ${why}.\n`);
    void proxy.close().then(() => {
      recording?.close();
      terminal.exit(0);
    });
  };
  terminal.once("SIGINT", () => stop());
  terminal.once("SIGTERM", () => stop());
  // npm passes SIGTERM on to its shell, whose end leaves the proxy to another parent: it stops rather than sign on
  // unattended. With --stop-on-stdin-close, the program that started it holds its stdin.
  // Stryker disable next-line all: the tie to a real starter, which only the tests of processes can run
  if (tie) tieToStarter(stop, { stdin: settings.stopOnStdinClose, parent: true });
}
