// Starts the Prism mock on the bundled document, on 127.0.0.1 only, behind a small front.
// Usage: npm run mock [-- --port 4010]; PORT works too. Ctrl-C stops it.
//   One process: the front runs inside Prism's (prism-front.mjs), listens on the stated port and hands
//   good requests to Prism's handler there. In both modes it answers malformed JSON itself (Prism 5.16
//   never answers it). --bare runs Prism alone on the port.
// Production auth: npm run mock -- --auth production [--keys keys.json] [--window 300] [--future 60]
//   [--replay reject|allow]: the front also verifies each HMAC signature like the reference. Keys: --keys,
//   FO_MOCK_KEYS_FILE, or FO_ACCESS_KEY/FO_SECRET_KEY.
// Sandbox auth with --keys keys.json: customer routes take only `Bearer <access key>` of that file.
// Portfolio routes take only the tokens in FO_PORTFOLIO_TOKEN (comma-separated) when it is set.
// Stateful mode (either auth): npm run mock -- --stateful [--stateful-options FILE] [--rfi-fixture FILE] [--control]
//   quotes, orders, external accounts, portfolio hedges and RFI cases are kept in memory; --control adds the
//   control API (virtual clock, faults; with --auth production it needs FO_MOCK_CONTROL_TOKEN), see
//   docs/stateful-mock.md; the rest goes to Prism.
// Prism is tethered to this script (its stdin is our pipe): however the script ends, Prism ends with it.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { assertPortFree, canonicalArgs, parseOrExit } from "./args.mjs";
import { bin, packageInfo, paths, quietEnv } from "./tools.mjs";

/** Every option the mock takes (scripts/args.mjs refuses any other; start.mjs passes these through). */
export const mockCommand = {
  name: "mock",
  usage: `npm run mock [-- --port N] [--auth sandbox|production] [--keys FILE] [--window S] [--future S]
       [--replay reject|allow] [--bare] [--stateful [--stateful-options FILE] [--rfi-fixture FILE] [--control]]
       (PORT=N works too; see the header of scripts/mock.mjs)`,
  options: Object.fromEntries(
    [
      ["port"],
      ["auth"],
      ["keys"],
      ["window"],
      ["future"],
      ["replay"],
      ["bare", "boolean"],
      ["stateful", "boolean"],
      ["stateful-options"],
      ["rfi-fixture"],
      ["control", "boolean"],
    ].map(([name, type = "string"]) => [name, { type }]),
  ),
};

export function parsePort(argv = process.argv.slice(2), env = process.env) {
  const i = argv.indexOf("--port");
  const raw = i >= 0 ? argv[i + 1] : (env.PORT ?? "4010");
  const port = Number(raw);
  if (!/^\d+$/.test(String(raw)) || port < 1 || port > 65535) {
    throw new Error(`Invalid port "${raw}": give a whole number from 1 to 65535 (--port N or PORT=N).`);
  }
  return port;
}

/** The value after `flag` in argv, undefined when the flag is absent; a flag with no value is an error. */
function optionValue(argv, flag) {
  const i = argv.indexOf(flag);
  if (i < 0) return undefined;
  const v = argv[i + 1];
  if (v === undefined || v.startsWith("--")) throw new Error(`${flag} needs a value.`);
  return v;
}

/**
 * `--auth sandbox|production`, `--keys FILE`, `--window SECONDS`, `--future SECONDS`, `--replay reject|allow`;
 * sandbox by default.
 */
export function parseAuthOptions(argv = process.argv.slice(2)) {
  const value = (flag) => optionValue(argv, flag);
  const auth = value("--auth") ?? "sandbox";
  if (auth !== "sandbox" && auth !== "production")
    throw new Error(`Invalid --auth "${auth}": give sandbox or production.`);
  const seconds = (flag, min) => {
    const raw = value(flag);
    if (raw !== undefined && (!/^\d+$/.test(raw) || Number(raw) < min))
      throw new Error(`Invalid ${flag} "${raw}": give a whole number of seconds, at least ${min}.`);
    return raw === undefined ? undefined : Number(raw);
  };
  const windowSeconds = seconds("--window", 1);
  const futureSeconds = seconds("--future", 0);
  const replay = value("--replay");
  if (replay !== undefined && replay !== "reject" && replay !== "allow")
    throw new Error(`Invalid --replay "${replay}": give reject or allow.`);
  const keys = value("--keys");
  if (auth === "sandbox" && (windowSeconds !== undefined || futureSeconds !== undefined || replay)) {
    throw new Error("--window, --future and --replay only apply with --auth production.");
  }
  const bare = argv.includes("--bare");
  if (bare && (auth === "production" || keys))
    throw new Error("--bare runs Prism alone, which checks no credentials: drop it with --auth production or --keys.");
  return { auth, keys, windowSeconds, futureSeconds, replay, bare };
}

/**
 * `--stateful`, `--stateful-options FILE`, `--rfi-fixture FILE`, `--control`: undefined when the stateful mode
 * is off. The control API with production auth needs FO_MOCK_CONTROL_TOKEN (read by the mock, never printed).
 */
export function parseStatefulOptions(argv = process.argv.slice(2), env = process.env) {
  const value = (flag) => optionValue(argv, flag);
  const optionsFile = value("--stateful-options");
  const rfiFixture = value("--rfi-fixture");
  const control = argv.includes("--control");
  if (!argv.includes("--stateful")) {
    if (optionsFile || rfiFixture || control)
      throw new Error("--stateful-options, --rfi-fixture and --control only apply with --stateful.");
    return undefined;
  }
  if (argv.includes("--bare"))
    throw new Error("--bare runs Prism alone, which keeps no state: drop it with --stateful.");
  if (control && value("--auth") === "production" && !env.FO_MOCK_CONTROL_TOKEN) {
    throw new Error(
      "--control with --auth production needs a control token in FO_MOCK_CONTROL_TOKEN " +
        "(for example `export FO_MOCK_CONTROL_TOKEN=$(openssl rand -hex 32)`).",
    );
  }
  return { optionsFile, rfiFixture, control };
}

/**
 * Spawns Prism, tethered to this process (see prism-tether.cjs); stdout and stderr as given. With `front`
 * (the settings of src/mock/prism/inPrism.ts), the signature front runs inside Prism's process on `port`
 * (prism-front.mjs) and reports over IPC once it listens; Prism then logs warnings only: its info log is
 * several lines per request, and relaying it to a slow reader stalled every request (writes to a pipe block).
 */
export function startMock(port, { document = paths.bundleJson, output = "inherit", verbose = "info", front } = {}) {
  if (!existsSync(document)) throw new Error(`${document} does not exist: run \`npm run build\` first.`);
  const preload = front ? ["--import", pathToFileURL(frontPreload).href] : [];
  const args = [
    "--require",
    tether,
    ...preload,
    bin.prism,
    "mock",
    "--host",
    "127.0.0.1",
    "--port",
    String(port),
    "-v",
    front ? "warn" : verbose,
    document,
  ];
  const env = front ? { ...quietEnv, FO_MOCK_FRONT: JSON.stringify(front) } : quietEnv;
  return spawn(process.execPath, args, { env, stdio: ["pipe", output, output, ...(front ? ["ipc"] : [])] });
}

const tether = fileURLToPath(new URL("./prism-tether.cjs", import.meta.url));
const frontPreload = fileURLToPath(new URL("./prism-front.mjs", import.meta.url));

/** Resolves with the front's report once it listens; rejects if the process ends first. Its output goes on to ours. */
function whenReady(child) {
  child.stdout.on("data", (d) => process.stdout.write(d));
  child.stderr.on("data", (d) => process.stderr.write(d));
  return new Promise((resolve, reject) => {
    child.on("message", (m) => m?.ready && resolve(m.ready));
    child.once("exit", (code, signal) =>
      reject(new Error(`The mock stopped before listening (${signal ?? `exit code ${code}`}).`)),
    );
  });
}

async function runWithFront(port, { auth, keys, windowSeconds, futureSeconds, replay }, stateful) {
  const child = startMock(port, {
    output: "pipe",
    front: { auth, keys, windowSeconds, futureSeconds, replay, stateful },
  });
  let stopping = false;
  const stop = () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) process.kill(child.pid, "SIGTERM");
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, stop);
  stopWhenOrphaned(stop);
  const ready = await whenReady(child).catch((err) => (stopping ? process.exit(0) : Promise.reject(err)));
  const production = auth === "production";
  const count = (n, what) => `${n} ${what}${n === 1 ? "" : "s"}`;
  const timeWindow = `-${ready.windowSeconds} s/+${ready.futureSeconds} s`;
  const replays = ready.replay === "reject" ? "refused" : "allowed";
  const mode = production
    ? `production auth: HMAC signatures verified, ${count(ready.keys, "key")}, ` +
      `timestamp window ${timeWindow}, replays ${replays}`
    : `sandbox auth: ${ready.keys ? `Bearer <access key>, ${count(ready.keys, "key")}` : "any Bearer token"}`;
  const portfolio = ready.portfolioTokens
    ? `portfolio routes: ${count(ready.portfolioTokens, "token")}`
    : "portfolio routes: any Bearer token";
  if (ready.stateful) {
    const { operations, controlPrefix, control } = ready.stateful;
    const where =
      control === "off"
        ? "control API off (--control turns it on)"
        : `control API at http://127.0.0.1:${port}${controlPrefix}/ ` +
          `(${control === "token" ? "Bearer FO_MOCK_CONTROL_TOKEN" : "local callers"})`;
    console.log(`Stateful mode: ${operations.join(", ")} kept in memory; ${where}`);
  }
  console.log(
    `Mock of the Financial Operations API (${mode}; ${portfolio}): http://127.0.0.1:${port}, ` +
      "front and Prism in one process (Ctrl-C stops both)",
  );
  child.on("exit", (code, signal) => {
    // A Ctrl-C in a terminal reaches both processes: Prism ending on it is a stop, not a crash.
    const stopped = stopping || ["SIGINT", "SIGTERM", "SIGHUP"].includes(signal);
    if (!stopped) console.error(`The mock (front and Prism) stopped unexpectedly (${signal ?? `exit code ${code}`}).`);
    process.exit(stopped ? 0 : 1);
  });
}

/** The options that name a file of the caller's. */
const FILE_OPTIONS = new Set(["--keys", "--stateful-options", "--rfi-fixture"]);

/**
 * File options as absolute paths, read from the folder the command was called from: `npm run mock` and `npm start`
 * (and so `bash scripts/dev.sh mock`) run in the repository root, and INIT_CWD is the caller's folder.
 */
export function callersFiles(argv, env = process.env) {
  const byNpm = ["mock", "start"].includes(env.npm_lifecycle_event ?? "") && env.INIT_CWD;
  const from = byNpm ? env.INIT_CWD : process.cwd();
  return argv.map((arg, i) => (i > 0 && FILE_OPTIONS.has(argv[i - 1]) ? path.resolve(from, arg) : arg));
}

/**
 * npm passes SIGTERM on to this script but may not wait for it; if whoever started the script goes away
 * without a signal reaching us (we are re-parented), stop as on Ctrl-C rather than serve on unattended.
 */
function stopWhenOrphaned(stop) {
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && stop(), 500).unref();
}

if (import.meta.main) {
  const argv = callersFiles(
    canonicalArgs(parseOrExit(mockCommand, process.argv.slice(2), packageInfo).values, mockCommand.options),
  );
  try {
    const port = parsePort(argv);
    const options = parseAuthOptions(argv);
    const statefulArgs = parseStatefulOptions(argv);
    // One line instead of Prism's help text when the port is taken.
    await assertPortFree(port, { what: "mock", how: "--port N or PORT=N" });
    if (!options.bare) {
      await runWithFront(port, options, statefulArgs);
    } else {
      const child = startMock(port);
      console.log(`Prism mock of the Financial Operations API: http://127.0.0.1:${port} (Ctrl-C stops it)`);
      const stop = () => child.kill("SIGTERM");
      for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, stop);
      stopWhenOrphaned(stop);
      child.on("exit", (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
    }
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
