// Starts the Prism mock on the bundled document, on 127.0.0.1 only, behind a small front.
// Usage: npm run mock [-- --port 4010]; PORT works too. Ctrl-C stops it.
//   The front listens on the stated port and forwards to Prism on a free internal port. In both modes it
//   answers malformed JSON itself (Prism 5.16 never answers it). --bare runs Prism alone on the port.
// Production auth: npm run mock -- --auth production [--keys keys.json] [--window 300]
//   the front also verifies each HMAC signature like the reference. Keys: --keys, FO_MOCK_KEYS_FILE,
//   or FO_ACCESS_KEY/FO_SECRET_KEY.
// Stateful mode (either auth): npm run mock -- --stateful [--stateful-options FILE] [--rfi-fixture FILE]
//   quotes, orders, external accounts, portfolio hedges and RFI cases are kept in memory, with a virtual
//   clock and fault injection under the control prefix (README "Stateful mock"); the rest goes to Prism.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";
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

/** `--auth sandbox|production`, `--keys FILE`, `--window SECONDS`; sandbox (Prism alone) by default. */
export function parseAuthOptions(argv = process.argv.slice(2)) {
  const value = (flag) => {
    const i = argv.indexOf(flag);
    if (i < 0) return undefined;
    const v = argv[i + 1];
    if (v === undefined || v.startsWith("--")) throw new Error(`${flag} needs a value.`);
    return v;
  };
  const auth = value("--auth") ?? "sandbox";
  if (auth !== "sandbox" && auth !== "production") throw new Error(`Invalid --auth "${auth}": give sandbox or production.`);
  const rawWindow = value("--window");
  const windowSeconds = rawWindow === undefined ? undefined : Number(rawWindow);
  if (rawWindow !== undefined && (!/^\d+$/.test(rawWindow) || windowSeconds < 1)) {
    throw new Error(`Invalid --window "${rawWindow}": give a whole number of seconds, at least 1.`);
  }
  const keys = value("--keys");
  if (auth === "sandbox" && (keys || rawWindow)) throw new Error("--keys and --window only apply with --auth production.");
  const bare = argv.includes("--bare");
  if (bare && auth === "production") throw new Error("--bare runs Prism alone, which cannot verify signatures: drop it with --auth production.");
  return { auth, keys, windowSeconds, bare };
}

/** `--stateful`, `--stateful-options FILE`, `--rfi-fixture FILE`: undefined when the stateful mode is off. */
export function parseStatefulOptions(argv = process.argv.slice(2)) {
  const value = (flag) => {
    const i = argv.indexOf(flag);
    if (i < 0) return undefined;
    const v = argv[i + 1];
    if (v === undefined || v.startsWith("--")) throw new Error(`${flag} needs a value.`);
    return v;
  };
  const optionsFile = value("--stateful-options");
  const rfiFixture = value("--rfi-fixture");
  if (!argv.includes("--stateful")) {
    if (optionsFile || rfiFixture) throw new Error("--stateful-options and --rfi-fixture only apply with --stateful.");
    return undefined;
  }
  if (argv.includes("--bare")) throw new Error("--bare runs Prism alone, which keeps no state: drop it with --stateful.");
  return { optionsFile, rfiFixture };
}

/** Spawns Prism and returns the child; output is passed through. */
export function startMock(port, { document = paths.bundleJson, stdio = "inherit" } = {}) {
  if (!existsSync(document)) throw new Error(`${document} does not exist: run \`npm run build\` first.`);
  return spawn(process.execPath, [bin.prism, "mock", "--host", "127.0.0.1", "--port", String(port), document], {
    env: quietEnv,
    stdio,
  });
}

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

/** Resolves once Prism prints that it listens; its output goes on to ours. */
function whenListening(child) {
  return new Promise((resolve, reject) => {
    let seen = "";
    const onData = (stream) => (d) => {
      stream.write(d);
      seen = (seen + d).slice(-4096);
      if (seen.includes("Prism is listening")) resolve();
    };
    child.stdout.on("data", onData(process.stdout));
    child.stderr.on("data", onData(process.stderr));
    child.once("exit", (code) => reject(new Error(`Prism exited with ${code} before listening.`)));
  });
}

async function runWithFront(port, { auth, keys: keysFile, windowSeconds }, statefulArgs) {
  // The front is TypeScript in src/mock; tsx loads it without a build step.
  const { register } = await import("tsx/esm/api");
  register();
  const { loadKeys } = await import("../src/mock/keys.ts");
  const { startFront, DEFAULT_WINDOW_SECONDS } = await import("../src/mock/front.ts");
  const production = auth === "production";
  const keys = production ? loadKeys(keysFile) : undefined;
  let stateful;
  if (statefulArgs) {
    const { createStatefulMock } = await import("../src/mock/stateful/index.ts");
    const { loadOptionsFile } = await import("../src/mock/stateful/options.ts");
    const given = statefulArgs.optionsFile ? loadOptionsFile(statefulArgs.optionsFile) : {};
    stateful = await createStatefulMock({ ...given, ...(statefulArgs.rfiFixture ? { rfiFixture: statefulArgs.rfiFixture } : {}) });
  }
  const prismPort = await freePort();
  const prism = startMock(prismPort, { stdio: ["ignore", "pipe", "pipe"] });
  const stopPrism = () => prism.exitCode === null && prism.signalCode === null && process.kill(prism.pid, "SIGTERM");
  try {
    await whenListening(prism);
    const front = await startFront({
      upstream: `http://127.0.0.1:${prismPort}`,
      auth,
      keys,
      port,
      windowSeconds,
      onRefused: (line) => console.log(`[signature front] ${line}`),
      stateful,
    });
    const mode = production
      ? `production auth: HMAC signatures verified, ${keys.size} key${keys.size === 1 ? "" : "s"}, timestamp window ±${windowSeconds ?? DEFAULT_WINDOW_SECONDS} s`
      : "sandbox auth: any Bearer token";
    if (stateful) console.log(`Stateful mode: ${Object.keys((await import("../src/mock/stateful/index.ts")).STATEFUL_OPERATIONS).join(", ")} kept in memory; control API at http://127.0.0.1:${port}${stateful.controlPrefix}/`);
    console.log(`Mock of the Financial Operations API (${mode}): http://127.0.0.1:${port} -> Prism on 127.0.0.1:${prismPort} (Ctrl-C stops both)`);
    const stop = () => front.close().finally(stopPrism);
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
    prism.on("exit", (code, signal) => {
      void front.close();
      process.exit(signal ? 0 : code ?? 0);
    });
  } catch (err) {
    stopPrism();
    throw err;
  }
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
      process.on("SIGINT", stop);
      process.on("SIGTERM", stop);
      child.on("exit", (code, signal) => process.exit(signal ? 0 : code ?? 0));
    }
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
