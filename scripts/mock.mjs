// Starts the Prism mock on the bundled document, on 127.0.0.1 only.
// Usage: npm run mock [-- --port 4010]; PORT works too. Ctrl-C stops it.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
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

/** Spawns Prism and returns the child; output is passed through. */
export function startMock(port, { document = paths.bundleJson, stdio = "inherit" } = {}) {
  if (!existsSync(document)) throw new Error(`${document} does not exist: run \`npm run build\` first.`);
  return spawn(process.execPath, [bin.prism, "mock", "--host", "127.0.0.1", "--port", String(port), document], {
    env: quietEnv,
    stdio,
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const port = parsePort();
    const child = startMock(port);
    console.log(`Prism mock of the Financial Operations API: http://127.0.0.1:${port} (Ctrl-C stops it)`);
    const stop = () => child.kill("SIGTERM");
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
    child.on("exit", (code, signal) => process.exit(signal ? 0 : code ?? 0));
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
