// Starts the Prism mock on the bundled document, on 127.0.0.1 only, behind a small front.
// Usage: npm run mock [-- --port 4010]; PORT works too. Ctrl-C stops it.
//   The front listens on the stated port and forwards to Prism on a free internal port. In both modes it
//   answers malformed JSON itself (Prism 5.16 never answers it). --bare runs Prism alone on the port.
// Production auth: npm run mock -- --auth production [--keys keys.json] [--window 300] [--future 60]
//   [--replay reject|allow]: the front also verifies each HMAC signature like the reference. Keys: --keys,
//   FO_MOCK_KEYS_FILE, or FO_ACCESS_KEY/FO_SECRET_KEY.
// Sandbox auth with --keys keys.json: customer routes take only `Bearer <access key>` of that file.
// Portfolio routes take only the tokens in FO_PORTFOLIO_TOKEN (comma-separated) when it is set.
// Stateful mode (either auth): npm run mock -- --stateful [--stateful-options FILE] [--rfi-fixture FILE]
//   quotes, orders, external accounts, portfolio hedges and RFI cases are kept in memory, with a virtual
//   clock and fault injection under the control prefix (README "Stateful mock"); the rest goes to Prism.
// Prism is tethered to this script (its stdin is our pipe): however the script ends, Prism ends with it.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";
import { fileURLToPath } from "node:url";
import { bin, paths, quietEnv } from "./tools.mjs";

export function parsePort(argv = process.argv.slice(2), env = process.env) {
  const i = argv.indexOf("--port");
  const raw = i >= 0 ? argv[i + 1] : env.PORT ?? "4010";
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

/** `--auth sandbox|production`, `--keys FILE`, `--window SECONDS`, `--future SECONDS`, `--replay reject|allow`; sandbox by default. */
export function parseAuthOptions(argv = process.argv.slice(2)) {
  const value = (flag) => optionValue(argv, flag);
  const auth = value("--auth") ?? "sandbox";
  if (auth !== "sandbox" && auth !== "production") throw new Error(`Invalid --auth "${auth}": give sandbox or production.`);
  const seconds = (flag, min) => {
    const raw = value(flag);
    if (raw !== undefined && (!/^\d+$/.test(raw) || Number(raw) < min)) throw new Error(`Invalid ${flag} "${raw}": give a whole number of seconds, at least ${min}.`);
    return raw === undefined ? undefined : Number(raw);
  };
  const windowSeconds = seconds("--window", 1);
  const futureSeconds = seconds("--future", 0);
  const replay = value("--replay");
  if (replay !== undefined && replay !== "reject" && replay !== "allow") throw new Error(`Invalid --replay "${replay}": give reject or allow.`);
  const keys = value("--keys");
  if (auth === "sandbox" && (windowSeconds !== undefined || futureSeconds !== undefined || replay)) {
    throw new Error("--window, --future and --replay only apply with --auth production.");
  }
  const bare = argv.includes("--bare");
  if (bare && (auth === "production" || keys)) throw new Error("--bare runs Prism alone, which checks no credentials: drop it with --auth production or --keys.");
  return { auth, keys, windowSeconds, futureSeconds, replay, bare };
}

export const PORTFOLIO_TOKEN_ENV = "FO_PORTFOLIO_TOKEN";

/** The portfolio bearer tokens the front takes: FO_PORTFOLIO_TOKEN, comma-separated; undefined for any token. */
export function portfolioTokens(env = process.env) {
  const list = (env[PORTFOLIO_TOKEN_ENV] ?? "").split(",").map((t) => t.trim()).filter(Boolean);
  return list.length ? new Set(list) : undefined;
}

/** `--stateful`, `--stateful-options FILE`, `--rfi-fixture FILE`: undefined when the stateful mode is off. */
export function parseStatefulOptions(argv = process.argv.slice(2)) {
  const value = (flag) => optionValue(argv, flag);
  const optionsFile = value("--stateful-options");
  const rfiFixture = value("--rfi-fixture");
  if (!argv.includes("--stateful")) {
    if (optionsFile || rfiFixture) throw new Error("--stateful-options and --rfi-fixture only apply with --stateful.");
    return undefined;
  }
  if (argv.includes("--bare")) throw new Error("--bare runs Prism alone, which keeps no state: drop it with --stateful.");
  return { optionsFile, rfiFixture };
}

/**
 * Spawns Prism, tethered to this process (see prism-tether.cjs); stdout and stderr as given. Behind the front,
 * Prism logs warnings only: its info log is several lines per request, and relaying it to a slow reader
 * stalled every request (writes to a pipe block in Node).
 */
export function startMock(port, { document = paths.bundleJson, output = "inherit", verbose = "info" } = {}) {
  if (!existsSync(document)) throw new Error(`${document} does not exist: run \`npm run build\` first.`);
  const args = ["--require", tether, bin.prism, "mock", "--host", "127.0.0.1", "--port", String(port), "-v", verbose, document];
  return spawn(process.execPath, args, { env: quietEnv, stdio: ["pipe", output, output] });
}

const tether = fileURLToPath(new URL("./prism-tether.cjs", import.meta.url));

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves once Prism accepts connections on its port (at `-v warn` it prints nothing when ready); its output goes on to ours. */
function whenListening(child, port) {
  child.stdout.on("data", (d) => process.stdout.write(d));
  child.stderr.on("data", (d) => process.stderr.write(d));
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    child.once("exit", (code) => reject(new Error(`Prism exited with ${code} before listening.`)));
    const attempt = () => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => (socket.destroy(), resolve()));
      socket.once("error", () => {
        if (Date.now() > deadline) reject(new Error("Prism did not listen within 60 s."));
        else if (child.exitCode === null) setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

/** At most `perSecond` lines a second, then one line saying how many were left out: a flood of refusals cannot stall the front. */
function rateLimited(print, perSecond = 20) {
  let second = 0;
  let count = 0;
  let dropped = 0;
  return (line) => {
    const now = Math.floor(Date.now() / 1000);
    if (now !== second) {
      if (dropped) print(`[signature front] ... ${dropped} more refusals not shown`);
      second = now;
      count = 0;
      dropped = 0;
    }
    if (++count <= perSecond) print(line);
    else dropped++;
  };
}

/** The stateful mode and the front options that plug it in (its handler, its control API without auth). */
async function startStateful({ optionsFile, rfiFixture }) {
  const { createStatefulMock, STATEFUL_OPERATIONS } = await import("../src/mock/stateful/index.ts");
  const { loadOptionsFile } = await import("../src/mock/stateful/options.ts");
  const { statefulFrontOptions } = await import("../src/mock/stateful/http.ts");
  const given = optionsFile ? loadOptionsFile(optionsFile) : {};
  const mock = await createStatefulMock({ ...given, ...(rfiFixture ? { rfiFixture } : {}) });
  return { mock, operations: Object.keys(STATEFUL_OPERATIONS), frontOptions: statefulFrontOptions(mock) };
}

async function runWithFront(port, { auth, keys: keysFile, windowSeconds, futureSeconds, replay }, statefulArgs) {
  // The front is TypeScript in src/mock; tsx loads it without a build step.
  const { register } = await import("tsx/esm/api");
  register();
  const { loadKeys } = await import("../src/mock/keys.ts");
  const { startFront, DEFAULT_WINDOW_SECONDS, DEFAULT_FUTURE_SECONDS, DEFAULT_REPLAY } = await import("../src/mock/front.ts");
  const production = auth === "production";
  // Sandbox keys come from --keys only: an FO_ACCESS_KEY set for fo-sign must not change what the sandbox takes.
  const keys = production || keysFile ? loadKeys(keysFile) : undefined;
  const tokens = portfolioTokens();
  const stateful = statefulArgs && (await startStateful(statefulArgs));
  const prismPort = await freePort();
  const prism = startMock(prismPort, { output: "pipe", verbose: "warn" });
  const stopPrism = () => prism.exitCode === null && prism.signalCode === null && process.kill(prism.pid, "SIGTERM");
  try {
    await whenListening(prism, prismPort);
    const front = await startFront({
      upstream: `http://127.0.0.1:${prismPort}`,
      auth,
      keys: production ? keys : undefined,
      sandboxTokens: production ? undefined : keys,
      portfolioTokens: tokens,
      port,
      windowSeconds,
      futureSeconds,
      replay,
      onRefused: rateLimited((line) => console.log(`[signature front] ${line}`)),
      ...stateful?.frontOptions,
    });
    const mode = production
      ? `production auth: HMAC signatures verified, ${keys.size} key${keys.size === 1 ? "" : "s"}, timestamp window -${windowSeconds ?? DEFAULT_WINDOW_SECONDS} s/+${futureSeconds ?? DEFAULT_FUTURE_SECONDS} s, replays ${(replay ?? DEFAULT_REPLAY) === "reject" ? "refused" : "allowed"}`
      : `sandbox auth: ${keys ? `Bearer <access key>, ${keys.size} key${keys.size === 1 ? "" : "s"}` : "any Bearer token"}`;
    const portfolio = tokens ? `portfolio routes: ${tokens.size} token${tokens.size === 1 ? "" : "s"}` : "portfolio routes: any Bearer token";
    if (stateful) console.log(`Stateful mode: ${stateful.operations.join(", ")} kept in memory; control API at http://127.0.0.1:${port}${stateful.mock.controlPrefix}/`);
    console.log(`Mock of the Financial Operations API (${mode}; ${portfolio}): http://127.0.0.1:${port} -> Prism on 127.0.0.1:${prismPort} (Ctrl-C stops both)`);
    let stopping = false;
    const stop = () => {
      stopping = true;
      front.close().finally(stopPrism);
    };
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, stop);
    stopWhenOrphaned(stop);
    prism.on("exit", (code, signal) => {
      if (!stopping) console.error(`Prism stopped unexpectedly (${signal ?? `exit code ${code}`}); stopping the mock.`);
      void front.close();
      process.exit(stopping ? 0 : 1);
    });
  } catch (err) {
    stopPrism();
    throw err;
  }
}

/**
 * npm passes SIGTERM on to this script but may not wait for it; if whoever started the script goes away
 * without a signal reaching us (we are re-parented), stop as on Ctrl-C rather than serve on unattended.
 */
function stopWhenOrphaned(stop) {
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && stop(), 500).unref();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const port = parsePort();
    const options = parseAuthOptions();
    const statefulArgs = parseStatefulOptions();
    if (!options.bare) {
      await runWithFront(port, options, statefulArgs);
    } else {
      const child = startMock(port);
      console.log(`Prism mock of the Financial Operations API: http://127.0.0.1:${port} (Ctrl-C stops it)`);
      const stop = () => child.kill("SIGTERM");
      for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, stop);
      stopWhenOrphaned(stop);
      child.on("exit", (code, signal) => process.exit(signal ? 0 : code ?? 0));
    }
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
