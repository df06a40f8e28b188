// The one way every command of the project reads its command line (fo-sign, fo-mock and every script, through
// scripts/args.mjs): node:util parseArgs with strict: true, so an unknown option or a stray argument is refused with
// the usage text and exit code 2, and `--help` and `--version` work the same everywhere. Messages quote what was
// given with JSON quotes (always balanced).
import { type ParseArgsConfig, parseArgs } from "node:util";

/** Thrown for a command line the command does not take; printed with the usage text. */
export class UsageError extends Error {
  override name = "UsageError";
}

type Options = NonNullable<ParseArgsConfig["options"]>;
type OptionConfig = Options[string] & { choices?: readonly string[] };

/** A command's line: its name, usage text, options (parseArgs' own, with `choices`) and positional arguments. */
export interface Command {
  name: string;
  usage: string;
  options?: Readonly<Record<string, OptionConfig>>;
  positionals?: { min?: number; max?: number; names?: string; choices?: readonly string[] };
}

export type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** What one option gives: a string or a boolean by its `type`, an array of them when `multiple`. */
type OptionValue<O> = O extends { type: "boolean" }
  ? O extends { multiple: true }
    ? boolean[]
    : boolean
  : O extends { multiple: true }
    ? string[]
    : string;

/** The values of a command's line by its options (each absent unless given or defaulted), with `help` and `version`. */
export type ValuesOf<C extends Command> = { help?: boolean; version?: boolean } & {
  [K in keyof NonNullable<C["options"]>]?: OptionValue<NonNullable<C["options"]>[K]>;
};

/** `--help`/`-h` and `--version`, which every command takes. */
const common = { help: { type: "boolean", short: "h" }, version: { type: "boolean" } } as const;

/**
 * What the user typed, quoted so that no message has an unbalanced quote or a raw control character
 * (JSON escapes C0 controls; DEL and the C1 controls, which terminals act on too, are escaped here).
 */
export const quote = (s: string): string =>
  JSON.stringify(s).replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** How many arguments a command takes, in words. */
const takes = (max: number) => (max ? `at most ${max} argument(s)` : "no arguments");

/** parseArgs' own errors, in words that name the option and the way out. */
function translate(err: Error & { code: string }, command: Command): string {
  const given = /'([^']*)'/.exec(err.message)?.[1] ?? "";
  const option = given.replace(/ <value>$/, "");
  switch (err.code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return `unknown option ${quote(option)}`;
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return `unexpected argument ${quote(given)}: ${command.name} takes ${takes(command.positionals?.max ?? 0)}`;
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
 * Reads argv against `command`. Returns parseArgs' `{ values, positionals }`; `values.help`/`values.version` say what
 * was asked.
 * @throws UsageError for an unknown option, a missing or malformed value, too few or too many arguments.
 */
export function parseCommandLine(command: Command, argv: string[]): { values: Values; positionals: string[] } {
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      options: { ...(command.options as Options), ...common },
      allowPositionals: (command.positionals?.max ?? 0) > 0,
      strict: true,
    }) as { values: Values; positionals: string[] };
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === "string" && code.startsWith("ERR_PARSE_ARGS"))
      throw new UsageError(translate(err as Error & { code: string }, command));
    throw err;
  }
  const { values, positionals } = parsed;
  if (values.help || values.version) return parsed;
  const { min = 0, max = 0 } = command.positionals ?? {};
  if (positionals.length > max)
    throw new UsageError(`unexpected argument ${quote(positionals[max]!)}: ${command.name} takes ${takes(max)}`);
  if (positionals.length < min)
    throw new UsageError(
      `missing argument: ${command.name} needs ${command.positionals?.names ?? `${min} argument(s)`}`,
    );
  for (const [name, config] of Object.entries(command.options ?? {})) {
    const value = values[name];
    if (config.choices && typeof value === "string" && !config.choices.includes(value))
      throw new UsageError(`option "--${name}" takes ${config.choices.join(" or ")}, not ${quote(value)}`);
  }
  const choices = command.positionals?.choices;
  for (const p of positionals)
    if (choices && !choices.includes(p))
      throw new UsageError(`unknown argument ${quote(p)}: give ${choices.join(", ")}`);
  return parsed;
}

/** The text `--help` prints and a refusal ends with. */
export function usageText(command: Command): string {
  return `Usage: ${command.usage.trim()}\n  -h, --help   this text\n  --version    the version`;
}

/** A whole port number from `min` (1 unless 0 is allowed) to 65535, or a UsageError that names the way to give one. */
export function parsePortValue(raw: string, how: string, min = 1): number {
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < min || port > 65535)
    throw new UsageError(`invalid port ${quote(raw)}: give a whole number from ${min} to 65535 (${how})`);
  return port;
}

/** The one line for a port that is taken: which port, what wanted it and the option that changes it. */
export function portInUseMessage(what: string, port: number, how: string): string {
  return `${what}: port ${port} on 127.0.0.1 is in use; choose another with ${how}.`;
}
