// The one way every script (and the fo-sign CLI) reads its command line: node:util parseArgs with strict: true,
// so an unknown option or a stray argument is refused with the usage text and exit code 2, and `--help` and
// `--version` work the same everywhere. Messages quote what was given with JSON quotes (always balanced).
import { connect, createServer } from "node:net";
import { parseArgs } from "node:util";

/** Thrown for a command line the command does not take; printed with the usage text. */
export class UsageError extends Error {
  name = "UsageError";
}

/** `--help`/`-h` and `--version`, which every command takes. */
const common = { help: { type: "boolean", short: "h" }, version: { type: "boolean" } };

/**
 * What the user typed, quoted so that no message has an unbalanced quote or a raw control character
 * (JSON escapes C0 controls; DEL and the C1 controls, which terminals act on too, are escaped here).
 */
export const quote = (s) =>
  JSON.stringify(s).replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** How many arguments a command takes, in words. */
const takes = (max) => (max ? `at most ${max} argument(s)` : "no arguments");

/** parseArgs' own errors, in words that name the option and the way out. */
function translate(err, command) {
  const given = /'([^']*)'/.exec(err.message)?.[1] ?? "";
  const option = given.replace(/ <value>$/, "");
  switch (err.code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return `unknown option ${quote(option)}`;
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return `unexpected argument ${quote(given)}: ${command.name} takes ${takes(command.positionals?.max)}`;
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
      if (/argument missing/.test(err.message)) return `option ${quote(option)} needs a value`;
      if (/ambiguous/.test(err.message))
        return `option ${quote(option)} needs a value (one that starts with "-" goes as ${option}=VALUE)`;
      return `option ${quote(option)} takes no value`;
    default:
      return err.message;
  }
}

/**
 * Reads argv against `command`: `{ name, usage, options, positionals: { min, max, names } }` (max Infinity for a
 * list). Returns parseArgs' `{ values, positionals }`; `values.help`/`values.version` say what was asked.
 * @throws UsageError for an unknown option, a missing or malformed value, too few or too many arguments.
 */
export function parseCommandLine(command, argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { ...command.options, ...common },
      allowPositionals: (command.positionals?.max ?? 0) > 0,
      strict: true,
    });
  } catch (err) {
    if (typeof err?.code === "string" && err.code.startsWith("ERR_PARSE_ARGS"))
      throw new UsageError(translate(err, command));
    throw err;
  }
  const { values, positionals } = parsed;
  if (values.help || values.version) return parsed;
  const { min = 0, max = 0 } = command.positionals ?? {};
  if (positionals.length > max)
    throw new UsageError(`unexpected argument ${quote(positionals[max])}: ${command.name} takes ${takes(max)}`);
  if (positionals.length < min)
    throw new UsageError(
      `missing argument: ${command.name} needs ${command.positionals?.names ?? `${min} argument(s)`}`,
    );
  for (const [name, config] of Object.entries(command.options ?? {})) {
    const value = values[name];
    if (config.choices && value !== undefined && !config.choices.includes(value)) {
      throw new UsageError(`option "--${name}" takes ${config.choices.join(" or ")}, not ${quote(value)}`);
    }
  }
  for (const p of positionals) {
    if (command.positionals?.choices && !command.positionals.choices.includes(p))
      throw new UsageError(`unknown argument ${quote(p)}: give ${command.positionals.choices.join(", ")}`);
  }
  return parsed;
}

/**
 * Parsed option values back as `--name value` / `--name` arguments, in the command's order: for code that
 * reads argv by position (scripts/mock.mjs) and for passing options on to another script.
 */
export function canonicalArgs(values, options) {
  return Object.entries(options).flatMap(([name, config]) => {
    const value = values[name];
    if (value === undefined || value === false) return [];
    if (config.type === "boolean") return [`--${name}`];
    return (Array.isArray(value) ? value : [value]).flatMap((v) => [`--${name}`, v]);
  });
}

/** The text `--help` prints and a refusal ends with. */
export function usageText(command) {
  return `Usage: ${command.usage.trim()}\n  -h, --help   this text\n  --version    the version`;
}

/**
 * For a script's main: parses argv, prints usage or version and exits 0 when asked, prints
 * `<name>: <problem>` and the usage on stderr and exits 2 on wrong input. Returns `{ values, positionals }`.
 * @param {{name: string, usage: string, options?: object, positionals?: object}} command
 * @param {{version: string}} info the package version to print for --version
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
    return parsed;
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    refuse(command, err.message);
  }
}

/** Prints `<name>: <problem>` and the usage on stderr and exits 2: for checks a script makes after parsing. */
export function refuse(command, problem) {
  process.stderr.write(`${command.name}: ${problem}\n\n${usageText(command)}\n`);
  process.exit(2);
}

/** A whole port number from 1 to 65535, or a UsageError that names the way to give one. */
export function parsePortValue(raw, how) {
  const port = Number(raw);
  if (!/^\d+$/.test(String(raw)) || port < 1 || port > 65535)
    throw new UsageError(`invalid port ${quote(String(raw))}: give a whole number from 1 to 65535 (${how})`);
  return port;
}

/** The one line for a port that is taken: which port, what wanted it and the option that changes it. */
export function portInUseMessage(what, port, how) {
  return `${what}: port ${port} on 127.0.0.1 is in use; choose another with ${how}.`;
}

/**
 * Resolves true once something accepts connections on 127.0.0.1:port, false when `gaveUp` settles first or the time
 * is over: how a script waits for a server it started, without reading what the server prints.
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

/** Resolves when `port` can be listened on at `host`, else rejects with portInUseMessage (a short race remains). */
export function assertPortFree(port, { what, how, host = "127.0.0.1" }) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", (err) =>
      reject(err.code === "EADDRINUSE" ? new Error(portInUseMessage(what, port, how)) : err),
    );
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
