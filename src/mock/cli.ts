// fo-mock: the mock on the command line (`npx fo-mock`, `bash scripts/dev.sh mock` in this repository), served in this
// one process. It reads its options, starts the mock, prints one ready line (the URL, the auth mode, where the control
// API's token comes from, never a key or token), and stops the mock on SIGINT, SIGTERM or SIGHUP, when its parent
// process ends, and with --stop-on-stdin-close when its standard input closes (the tie a program that starts it holds).
// `fo-mock keys` writes a test key pair. Wrong input, a port in use or keys it cannot use end it with exit code 2 and
// the reason.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { type Command, parseCommandLine, quote, UsageError, usageText, type Values } from "../cli/args.ts";
import type { Terminal } from "../cli/terminal.ts";
import { ACCESS_KEY_ENV, SECRET_KEY_ENV } from "../signing/env.ts";
import { KEYS_FILE_ENV } from "./auth/keys.ts";
import { ACCESS_KEY_NAME, envFileText, keysFileText, newKeyPair, writePrivate } from "./launch/keys.ts";
import { type Auth, isOptionError, type MockOptions, resolveOptions } from "./launch/options.ts";
import type { MockReady, ServedMock } from "./server.ts";
import { CONTROL_TOKEN_ENV } from "./stateful/options.ts";
import { tieToStarter } from "../server/tie.ts";

/** The environment variables fo-mock reads besides its options. */
export const ENV = {
  port: "PORT",
  keysFile: KEYS_FILE_ENV,
  portfolioTokens: "FO_PORTFOLIO_TOKEN",
  controlToken: CONTROL_TOKEN_ENV,
} as const;

const string = { type: "string" } as const;
const flag = { type: "boolean" } as const;

/** Every option the mock takes (scripts/start.mjs takes them too and passes them on). */
export const mockCommand = {
  name: "fo-mock",
  usage: `fo-mock [--port N] [--auth sandbox|production] [--keys FILE] [--window S] [--future S]
               [--replay reject|allow] [--bare] [--stateful [--stateful-options FILE] [--rfi-fixture FILE] [--control]]
               [--stop-on-stdin-close]
       fo-mock keys [--out FILE] [--env-out FILE] [--access-key NAME] [--force]
       fo-mock drift FILE [--format markdown|json] [--output FILE] [--fail-on error|warning|never]
  --port N            port on 127.0.0.1 (default ${ENV.port} or 4010; 0 picks a free one)
  --auth MODE         sandbox (any Bearer token; default) or production (HMAC signatures verified)
  --keys FILE         the keys: a JSON object of "<access key>": "<secret key>" (fo-mock keys writes one); production
                      auth without it takes ${KEYS_FILE_ENV}, else ${ACCESS_KEY_ENV} and ${SECRET_KEY_ENV}
  --window S          production: how old a signed timestamp may be (default 300)
  --future S          production: how far ahead of the mock's clock it may be (default 60)
  --replay MODE       production: a repeated signature on a write: reject (default) or allow
  --bare              Prism's own server alone: no signature front, no state, no credential checked
  --stateful          keep quotes, orders, external accounts, hedges and RFI cases in memory
  --stateful-options FILE, --rfi-fixture FILE   its settings and RFI cases (JSON)
  --control           the control API under /__mock/ (clock, faults, request log); with production auth its token
                      comes from ${CONTROL_TOKEN_ENV}
  --stop-on-stdin-close
                      stop when standard input closes: a program that starts fo-mock keeps a pipe open as its stdin,
                      and the mock stops when that program ends, however it ends
  Portfolio routes take any Bearer token, or only those in ${ENV.portfolioTokens} (comma-separated). fo-mock stops on
  Ctrl-C, SIGTERM or SIGHUP, and when its parent process ends. fo-mock keys --help and fo-mock drift --help say what
  the two commands do: make a test key pair; report where a recording of traffic departs from the API's document.`,
  options: {
    port: string,
    auth: { ...string, choices: ["sandbox", "production"] },
    keys: string,
    window: string,
    future: string,
    replay: { ...string, choices: ["reject", "allow"] },
    bare: flag,
    stateful: flag,
    "stateful-options": string,
    "rfi-fixture": string,
    control: flag,
    "stop-on-stdin-close": flag,
  },
  positionals: { max: 0 },
} satisfies Command;

const keysCommand = {
  name: "fo-mock keys",
  usage: `fo-mock keys [--out FILE] [--env-out FILE] [--access-key NAME] [--force]
  --out FILE         the keys file for the mock's --keys (default .mock-keys.json)
  --env-out FILE     also write ${ACCESS_KEY_ENV} and ${SECRET_KEY_ENV} as export lines (for: source FILE)
  --access-key NAME  the access key (default mock-<12 random characters>; letters, digits, . _ ~ -)
  --force            replace files that exist`,
  options: { out: string, "env-out": string, "access-key": string, force: flag },
} satisfies Command;

/** The package's version: package.json sits two folders up from src/mock/ and one from the package's dist/. */
function version(): string {
  for (const up of ["../../package.json", "../package.json"]) {
    const file = new URL(up, import.meta.url);
    if (existsSync(file)) return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
  }
  return "unknown";
}

/**
 * Where relative file options are read from: the folder the command was typed in. Under `npm run` (this
 * repository's `bash scripts/dev.sh mock`) that is INIT_CWD, as npm runs scripts in the package's folder.
 */
const callersFolder = (env: NodeJS.ProcessEnv, cwd: string) =>
  ["mock", "keys", "start"].includes(env.npm_lifecycle_event ?? "") && env.INIT_CWD ? env.INIT_CWD : cwd;

const seconds = (flagName: string, raw: string | undefined, min: number) => {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > 86_400)
    throw new UsageError(`--${flagName} ${quote(raw)}: give a whole number of seconds from ${min} to 86400`);
  return Number(raw);
};

/**
 * The options of a parsed command line (mockCommand's; other values are not read) and the environment, as startMock
 * takes them.
 * @throws UsageError naming the option or variable that cannot be used.
 */
export function mockOptions(values: Values, env: NodeJS.ProcessEnv, cwd: string): MockOptions {
  const v = values as Record<string, string | boolean | undefined>;
  const from = callersFolder(env, cwd);
  const file = (name: string) => (typeof v[name] === "string" ? path.resolve(from, v[name] as string) : undefined);
  const rawPort = (v.port as string | undefined) ?? env[ENV.port] ?? "4010";
  if (!/^\d+$/.test(rawPort) || Number(rawPort) > 65535)
    throw new UsageError(
      `invalid port ${quote(rawPort)}: give a whole number from 0 to 65535 (--port N or ${ENV.port}=N; 0 picks a free one)`,
    );
  const auth = (v.auth as Auth | undefined) ?? "sandbox";
  const production = auth === "production";
  // Production keys: --keys, else FO_MOCK_KEYS_FILE, else the FO_ACCESS_KEY/FO_SECRET_KEY pair. Sandbox keys come from
  // --keys only: an FO_ACCESS_KEY set for fo-sign must not change what the sandbox takes.
  let keysFile = file("keys");
  let keys: Record<string, string> | undefined;
  if (production && !keysFile && env[ENV.keysFile]) keysFile = path.resolve(from, env[ENV.keysFile]!);
  if (production && !keysFile) {
    const [accessKey, secretKey] = [env[ACCESS_KEY_ENV], env[SECRET_KEY_ENV]];
    if (!accessKey || !secretKey)
      throw new UsageError(
        `production auth needs keys: give --keys FILE, or set ${KEYS_FILE_ENV}=FILE, or ${ACCESS_KEY_ENV} and ` +
          `${SECRET_KEY_ENV}. Make a test pair with \`fo-mock keys --out .mock-keys.json --env-out .mock-keys.env\` ` +
          "(in this repository `bash scripts/dev.sh keys -- --out .mock-keys.json --env-out .mock-keys.env`).",
      );
    keys = { [accessKey]: secretKey };
  }
  const controlToken = env[ENV.controlToken] || undefined;
  if (v.control && v.stateful && production && !controlToken)
    throw new UsageError(
      `--control with --auth production needs a control token in ${CONTROL_TOKEN_ENV} ` +
        "(for example `export FO_MOCK_CONTROL_TOKEN=$(openssl rand -hex 32)`); it is never printed.",
    );
  const portfolioTokens = (env[ENV.portfolioTokens] ?? "")
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
  const options: MockOptions = {
    port: Number(rawPort),
    auth,
    ...(keysFile ? { keysFile } : {}),
    ...(keys ? { keys } : {}),
    windowSeconds: seconds("window", v.window as string | undefined, 1),
    futureSeconds: seconds("future", v.future as string | undefined, 0),
    replay: v.replay as MockOptions["replay"],
    bare: v.bare === true,
    stateful: v.stateful === true,
    statefulOptions: file("stateful-options"),
    rfiFixture: file("rfi-fixture"),
    control: v.control === true,
    ...(v.control && v.stateful && controlToken ? { controlToken } : {}),
    ...(portfolioTokens.length ? { portfolioTokens } : {}),
  };
  for (const key of Object.keys(options) as (keyof MockOptions)[]) if (options[key] === undefined) delete options[key];
  return options;
}

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;

/** The lines printed once the mock answers: what it checks, where the control API is, the URL. Never a secret. */
export function readyLines(mock: Pick<ServedMock, "url" | "ready">, options: MockOptions): string[] {
  const ready = mock.ready;
  if (ready.bare)
    return [`fo-mock ready: ${mock.url} (Prism alone: no signature front, no credential checked; Ctrl-C stops it)`];
  const production = options.auth === "production";
  const mode = production
    ? `production auth: HMAC signatures verified, ${count(ready.keys ?? 0, "key")}, timestamp window ` +
      `-${ready.windowSeconds} s/+${ready.futureSeconds} s, replays ${ready.replay === "reject" ? "refused" : "allowed"}`
    : `sandbox auth: ${ready.keys ? `Bearer <access key>, ${count(ready.keys, "key")}` : "any Bearer token"}`;
  const portfolio = ready.portfolioTokens
    ? `portfolio routes: ${count(ready.portfolioTokens, "token")}`
    : "portfolio routes: any Bearer token";
  const lines: string[] = [];
  if (ready.stateful) lines.push(statefulLine(mock.url, ready.stateful));
  lines.push(`fo-mock ready: ${mock.url} (${mode}; ${portfolio}; Ctrl-C stops it)`);
  return lines;
}

function statefulLine(url: string, { operations, controlPrefix, control }: NonNullable<MockReady["stateful"]>) {
  const where =
    control === "off"
      ? "control API off (--control turns it on)"
      : `control API at ${url}${controlPrefix} (${control === "token" ? `Bearer ${CONTROL_TOKEN_ENV}` : "local callers"})`;
  return `Stateful mode: ${operations.join(", ")} kept in memory; ${where}`;
}

/** `fo-mock keys`: writes a key pair to files of mode 0600 and prints the access key only. */
function keysMain(argv: string[], terminal: Terminal, cwd: string): void {
  const { values } = parseCommandLine(keysCommand, argv);
  if (values.help) return void terminal.stdout.write(`${usageText(keysCommand)}\n`);
  const v = values as Record<string, string | boolean | undefined>;
  const from = callersFolder(terminal.env, cwd);
  const out = path.resolve(from, (v.out as string | undefined) ?? ".mock-keys.json");
  const envOut = typeof v["env-out"] === "string" ? path.resolve(from, v["env-out"]) : undefined;
  const accessKey = v["access-key"] as string | undefined;
  if (accessKey !== undefined && !ACCESS_KEY_NAME.test(accessKey))
    throw new UsageError(`--access-key ${quote(accessKey)}: give letters, digits and . _ ~ - only`);
  if (out === envOut) throw new UsageError("--out and --env-out name the same file");
  const shown = (f: string) => path.relative(from, f) || f;
  for (const f of [out, envOut])
    if (f && existsSync(f) && !v.force)
      throw new UsageError(`${shown(f)} exists: give --force to replace it, or another name`);
  const pair = newKeyPair(accessKey);
  try {
    writePrivate(out, keysFileText(pair), v.force === true);
    if (envOut) writePrivate(envOut, envFileText(pair), v.force === true);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    terminal.stderr.write(`fo-mock keys: cannot write ${e.path ?? "the file"}: ${e.code ?? e.message}\n`);
    terminal.exitCode = 1;
    return;
  }
  terminal.stdout.write(
    `fo-mock keys: wrote ${shown(out)} (mode 0600) with access key ${pair.accessKey}; its secret is only in the ` +
      `file${envOut ? `s (also ${shown(envOut)})` : ""}.\n  mock:  fo-mock --auth production --keys ${shown(out)}\n`,
  );
}

/**
 * Runs fo-mock with `argv` until it is stopped. Exit codes: 0 stopped (a signal, its starter gone: its parent or, with
 * --stop-on-stdin-close, its standard input; or --help, --version), 1 a failure of the mock itself, 2 wrong input, a
 * port in use or keys it cannot use.
 */
export async function main(argv: string[], terminal: Terminal = process, cwd = process.cwd()): Promise<void> {
  // Wrong input gets the usage after its reason; what the options named but the mock could not use (a port in use,
  // keys or a file it cannot read) gets the reason alone.
  const refuse = (name: string, usage: string | undefined, problem: string) => {
    terminal.stderr.write(`${name}: ${problem}\n${usage ? `\n${usage}\n` : ""}`);
    terminal.exitCode = 2;
  };
  if (argv[0] === "drift") {
    // Loaded only for it: the report reads the document and runs Redocly CLI, which the mock itself never needs.
    const { driftMain } = await import("./drift/command.ts");
    return driftMain(argv.slice(1), terminal, callersFolder(terminal.env, cwd), version());
  }
  if (argv[0] === "keys") {
    try {
      return keysMain(argv.slice(1), terminal, cwd);
    } catch (err) {
      if (!(err instanceof UsageError)) throw err;
      return refuse("fo-mock keys", usageText(keysCommand), err.message);
    }
  }
  let options: MockOptions;
  let stopOnStdinClose = false;
  try {
    const { values } = parseCommandLine(mockCommand, argv);
    if (values.help) return void terminal.stdout.write(`${usageText(mockCommand)}\n`);
    if (values.version) return void terminal.stdout.write(`fo-mock ${version()}\n`);
    options = mockOptions(values, terminal.env, cwd);
    stopOnStdinClose = values["stop-on-stdin-close"] === true;
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    return refuse("fo-mock", usageText(mockCommand), err.message);
  }
  let mock: ServedMock;
  try {
    const { config } = resolveOptions(options);
    // Loaded only now: Prism's modules are most of the start, and --help or a wrong option need none of them.
    const { serveMock } = await import("./server.ts");
    mock = await serveMock(config, {
      out: (line) => terminal.stdout.write(`${line}\n`),
      err: (line) => terminal.stderr.write(`${line}\n`),
    });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === "EADDRINUSE") return refuse("fo-mock", undefined, `port ${options.port} on 127.0.0.1 is in use`);
    if (isOptionError(e.name)) return refuse("fo-mock", undefined, e.message);
    terminal.stderr.write(`fo-mock: ${e.message}\n`);
    terminal.exitCode = 1;
    return;
  }
  let stopping = false;
  const stop = (why?: string) => {
    if (stopping) return;
    stopping = true;
    if (why) terminal.stderr.write(`fo-mock: stopping: ${why}.\n`);
    void mock.close().then(() => terminal.exit(0));
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) terminal.once(signal, () => stop());
  // npm passes SIGTERM on to its shell, whose end leaves fo-mock to another parent: it stops as on Ctrl-C rather than
  // serve on unattended. With --stop-on-stdin-close, the program that started it holds its stdin.
  if (terminal === process) tieToStarter(stop, { stdin: stopOnStdinClose, parent: true });
  for (const line of readyLines(mock, options)) terminal.stdout.write(`${line}\n`);
}
