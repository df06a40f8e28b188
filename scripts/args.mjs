// How every script reads its command line: the project's one parser (src/cli/args.ts, which fo-sign and fo-mock use
// too), with what only a script's own process does: print the usage or version and exit, or refuse with exit code 2.
import { connect, createServer } from "node:net";
import { parseCommandLine, portInUseMessage, UsageError, usageText } from "../src/cli/args.ts";

/** @typedef {import("../src/cli/args.ts").Command} Command */

export { parseCommandLine, parsePortValue, portInUseMessage, quote, UsageError, usageText } from "../src/cli/args.ts";

/**
 * For a script's main: parses argv, prints usage or version and exits 0 when asked, prints
 * `<name>: <problem>` and the usage on stderr and exits 2 on wrong input. Returns `{ values, positionals }`.
 * @template {Command} C
 * @param {C} command
 * @param {string[]} argv
 * @param {{version: string}} info the package version to print for --version
 * @returns {{ values: import("../src/cli/args.ts").ValuesOf<C>, positionals: string[] }}
 */
export function parseOrExit(command, argv, info) {
  try {
    const parsed = parseCommandLine(command, argv);
    if (parsed.values.help) {
      process.stdout.write(`${usageText(command)}\n`);
      process.exit(0);
    }
    if (parsed.values.version) {
      process.stdout.write(`${command.name} ${info.version}\n`);
      process.exit(0);
    }
    // parseCommandLine checked the line against these very options (strict): the values have their types.
    return /** @type {{ values: import("../src/cli/args.ts").ValuesOf<C>, positionals: string[] }} */ (parsed);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    refuse(command, err.message);
  }
}

/**
 * Prints `<name>: <problem>` and the usage on stderr and exits 2: for checks a script makes after parsing.
 * @param {Command} command @param {string} problem
 * @returns {never}
 */
export function refuse(command, problem) {
  process.stderr.write(`${command.name}: ${problem}\n\n${usageText(command)}\n`);
  process.exit(2);
}

/**
 * Resolves true once something accepts connections on 127.0.0.1:port, false when `gaveUp` settles first or the time
 * is over: how a script waits for a server it started, without reading what the server prints.
 * @param {number} port @param {{ gaveUp?: Promise<unknown>, timeoutMs?: number }} [options]
 */
export async function listening(port, { gaveUp = new Promise(() => {}), timeoutMs = 60_000 } = {}) {
  let over = false;
  gaveUp.then(
    () => (over = true),
    () => (over = true),
  );
  const deadline = Date.now() + timeoutMs;
  while (!over && Date.now() < deadline) {
    const up = await new Promise((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (up) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/**
 * Resolves when `port` can be listened on at `host`, else rejects with portInUseMessage (a short race remains).
 * @param {number} port @param {{ what: string, how: string, host?: string }} options
 * @returns {Promise<void>}
 */
export function assertPortFree(port, { what, how, host = "127.0.0.1" }) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", (/** @type {NodeJS.ErrnoException} */ err) =>
      reject(err.code === "EADDRINUSE" ? new Error(portInUseMessage(what, port, how)) : err),
    );
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
