import { closeSync, openSync, readSync } from "node:fs";
import path from "node:path";
import type { parseArgs } from "node:util";
import { parseCommandLine, quote, UsageError } from "./args.ts";
import {
  InvalidCredentialsError,
  InvalidSigningInputError,
  parseTimestamp,
  signRequest,
  type SignedRequest,
} from "../signing/index.ts";
import { ACCESS_KEY_ENV, SECRET_KEY_ENV } from "../signing/env.ts";
import { DEFAULT_WINDOW_SECONDS } from "../signing/window.ts";
import { CAUSES, explainMismatch } from "./explain.ts";
import { makeKeysCommand } from "./keysHint.ts";
import { runProxy } from "./proxy.ts";
import { version } from "./version.ts";
import type { Terminal } from "./terminal.ts";

export const USAGE =
  `Usage:
  fo-sign METHOD PATH [--body TEXT | --body-file FILE] [--content-type TYPE] [--time TIMESTAMP]
                      [--curl] [--base-url URL] [--header "Name: value"]... [--json]
  fo-sign explain METHOD PATH [--body TEXT | --body-file FILE] --authorization "HEADER SENT"
                      [--date X-SVC-DATE-SENT] [--response TEXT | --response-file FILE] ` +
  `[--now TIMESTAMP] [--window SECONDS]
  fo-sign proxy --upstream ORIGIN [--port N] [--max-body BYTES] [--allow-origin ORIGIN]...
                [--auth production|sandbox] [--record FILE] [--stop-on-stdin-close]
                (fo-sign proxy --help says what each does)
  fo-sign --help | --version

Credentials come from ${ACCESS_KEY_ENV} and ${SECRET_KEY_ENV}; the secret is never printed.
PATH may carry a query (?a=b): it goes in the URL and is not signed. With --base-url, a path prefix of the
base (such as /api) is part of the signed path. --time and --now take YYYYMMDDTHHMMSSZ or ISO 8601.`;

/** Thrown for wrong usage; its message is printed with the usage text (the one class of src/cli/args.ts). */
export { UsageError };

const options = {
  body: { type: "string" },
  "body-file": { type: "string" },
  "content-type": { type: "string" },
  time: { type: "string" },
  curl: { type: "boolean" },
  "base-url": { type: "string" },
  header: { type: "string", multiple: true },
  json: { type: "boolean" },
  authorization: { type: "string" },
  date: { type: "string" },
  response: { type: "string" },
  "response-file": { type: "string" },
  now: { type: "string" },
  window: { type: "string" },
} as const;

/** The command line as src/cli/args.ts reads every command's (node:util parseArgs, strict), typed for these options. */
type Parsed = ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true; strict: true }>> & {
  values: { help?: boolean; version?: boolean };
};
const command = { name: "fo-sign", usage: "", options, positionals: { max: 3 } };

/** An RFC 9110 token: what a method and a header name are. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/**
 * C0 controls, DEL and C1 controls: never printed into a command or a header (line feeds end commands, ESC drives
 * terminals).
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/**
 * A text quoted for a message, its control characters escaped, so the message has balanced quotes and prints safely.
 */
const shown: (text: string) => string = quote;

/**
 * Refuses a control character in `text` (`allowed` lists the ones this place may hold, such as a body's line feeds).
 */
// Stryker disable next-line StringLiteral: equivalent, the default allows no control character and the mutant's text holds none
function refuseControls(text: string, what: string, allowed = ""): void {
  const bad = [...text].find((c) => CONTROL.test(c) && !allowed.includes(c));
  if (bad !== undefined)
    throw new UsageError(
      `${what} ${shown(text)} holds the control character ${shown(bad)}, which a printed command or header cannot ` +
        `carry.`,
    );
}

/**
 * POSIX shell quoting, as Python's shlex.quote: safe words stay bare, anything else goes in single quotes. "=" is
 * not taken as safe (shlex does), since zsh expands a word that starts with it.
 */
export function shellQuote(word: string): string {
  if (/^[\w@%+:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * RFC 8187 ext-value of a text: UTF-8, every byte outside attr-char percent-encoded. Two hex digits each: the text
 * holds no control character (contentDisposition refuses them), so every byte is 0x20 or more.
 */
function extValue(text: string): string {
  const attrChar = /[A-Za-z0-9!#$&+\-.^_`|~]/;
  const encoded = Array.from(Buffer.from(text), (b) =>
    attrChar.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase()}`,
  ).join("");
  return `UTF-8''${encoded}`;
}

/**
 * Content-Disposition for an uploaded file (RFC 6266): filename="..." with an ASCII fallback (no quote, backslash,
 * percent sign or non-ASCII character), plus filename*= in RFC 8187 form when the name needs more than that.
 */
export function contentDisposition(fileName: string): string {
  refuseControls(fileName, "The file name");
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/gu, "_");
  return fallback === fileName
    ? `attachment; filename="${fileName}"`
    : `attachment; filename="${fallback}"; filename*=${extValue(fileName)}`;
}

function parseTime(text: string, flag: string): Date {
  // Stryker disable next-line Regex: equivalent, new Date reads no ISO 8601 date that follows other text
  const date = parseTimestamp(text) ?? (/^\d{4}-\d{2}-\d{2}T/.test(text) ? new Date(text) : null);
  if (!date || Number.isNaN(date.getTime()))
    throw new UsageError(`${flag} ${shown(text)} is neither YYYYMMDDTHHMMSSZ nor ISO 8601.`);
  return date;
}

/**
 * The keys from the environment, checked before anything else: without them no command can run, so a newcomer is
 * told first which are missing and the command that makes a test pair (docs/signing.md).
 */
function credentials(env: NodeJS.ProcessEnv) {
  const accessKey = env[ACCESS_KEY_ENV];
  const secretKey = env[SECRET_KEY_ENV];
  const missing = [accessKey ? "" : ACCESS_KEY_ENV, secretKey ? "" : SECRET_KEY_ENV].filter(Boolean);
  if (missing.length > 0)
    throw new UsageError(
      `Set ${ACCESS_KEY_ENV} and ${SECRET_KEY_ENV} in the environment (${missing.join(" and ")} ${
        missing.length > 1 ? "are" : "is"
      } not set). For the mock, make a test pair and load it:\n` +
        `  ${makeKeysCommand()}\n` +
        "  source .mock-keys.env\n" +
        "For the service, export the access key and secret key of API Settings.",
    );
  return { accessKey: accessKey!, secretKey: secretKey! };
}

/**
 * The most a --body-file or --response-file may hold: the reference gives no upload limit, and /dev/zero would never
 * end.
 */
export const MAX_FILE_BYTES = 64 * 2 ** 20;

/** Reads at most MAX_FILE_BYTES of a file, so an endless or huge one fails at once with a clear message. */
function readBounded(file: string, flag: string): Buffer {
  const fd = openSync(file, "r");
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    while (total <= MAX_FILE_BYTES) {
      const chunk = Buffer.allocUnsafe(2 ** 20);
      const n = readSync(fd, chunk);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
    }
    if (total > MAX_FILE_BYTES)
      throw new UsageError(
        `${flag} ${file} holds more than ${MAX_FILE_BYTES / 2 ** 20} MiB (or never ends, as /dev/zero).`,
      );
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/** Runs the CLI; returns what to print. Pure apart from reading files and the clock. */
export function run(argv: string[], env: NodeJS.ProcessEnv = process.env, now = () => new Date()): string {
  const { values, positionals } = parseCommandLine(command, argv) as unknown as Parsed;
  if (values.help) return USAGE;
  if (values.version) return `fo-sign ${version()}`;
  const explain = positionals[0] === "explain";
  const [method, target, ...rest] = explain ? positionals.slice(1) : positionals;
  // A command line that does not parse is named first (as an unknown option is), then the keys: the other usage
  // problems mean little until a key pair is there to sign with.
  if (rest.length > 0) throw new UsageError(`unexpected argument ${shown(rest[0]!)}: give METHOD and PATH only.`);
  const { accessKey, secretKey } = credentials(env);
  if (!method || !target) throw new UsageError("Give METHOD and PATH, e.g. POST /v1/customers/c1/conversions/quote.");
  if (!TOKEN.test(method))
    throw new UsageError(
      `METHOD ${shown(method)} is not an HTTP method (an RFC 9110 token: no spaces, separators or control characters).`,
    );
  if (values.body !== undefined && values["body-file"] !== undefined)
    throw new UsageError("Give --body or --body-file, not both.");
  refuseControls(target, "PATH");
  const [pathPart, query] = splitQuery(target);
  if (!pathPart.startsWith("/"))
    throw new UsageError(`PATH must start with "/", got ${shown(target)} (give the base address with --base-url).`);
  const base = values["base-url"] ? baseUrl(values["base-url"]) : undefined;
  const signedPath = (base ? base.pathname.replace(/\/$/, "") : "") + pathPart;
  // `npm run sign` runs in the repository root; INIT_CWD is the folder it was called from.
  const cwd = env.npm_lifecycle_event === "sign" && env.INIT_CWD ? env.INIT_CWD : process.cwd();
  const given = values["body-file"];
  const bodyFile = given === undefined || cwd === process.cwd() ? given : path.resolve(cwd, given);
  const body: Uint8Array =
    bodyFile !== undefined ? readBounded(bodyFile, "--body-file") : Buffer.from(values.body ?? "");

  if (explain) {
    if (!values.authorization)
      throw new UsageError("explain needs --authorization with the Authorization header that was sent.");
    const response =
      values["response-file"] !== undefined
        ? readBounded(path.resolve(cwd, values["response-file"]), "--response-file").toString("utf8")
        : values.response;
    const windowSeconds = values.window === undefined ? DEFAULT_WINDOW_SECONDS : Number(values.window);
    if (!Number.isInteger(windowSeconds) || windowSeconds < 1)
      throw new UsageError(`--window ${shown(values.window!)} is not a whole number of seconds.`);
    const result = explainMismatch({
      accessKey,
      secretKey,
      method,
      path: signedPath,
      query,
      body,
      bodyFile: given,
      authorization: values.authorization,
      date: values.date,
      response,
      now: values.now ? parseTime(values.now, "--now") : now(),
      windowSeconds,
    });
    if (values.json) return JSON.stringify(result, null, 2);
    const lines = [`Request: ${method.toUpperCase()} ${signedPath} (body ${body.byteLength} bytes)`];
    if (result.detail) lines.push(`401 detail received: ${result.detail}`);
    if (result.blocker) return [...lines, result.blocker].join("\n");
    lines.push(`Correct signature for this request: ${result.expectedSignature}`, "Mismatch causes of the reference:");
    for (const f of result.findings) lines.push(`  [${f.verdict}] ${CAUSES[f.cause]}: ${f.why}`);
    return lines.join("\n");
  }

  const time = values.time ? parseTime(values.time, "--time") : now();
  const signed = signRequest({ accessKey, secretKey, method, path: signedPath, body, time });
  const contentType = values["content-type"] ?? (body.byteLength > 0 ? guessContentType(body) : undefined);
  const headers: Array<[string, string]> = [
    ["Authorization", signed.headers.Authorization],
    ["X-SVC-Date", signed.headers["X-SVC-Date"]],
  ];
  if (contentType) {
    refuseControls(contentType, "--content-type");
    headers.push(["Content-Type", contentType]);
  }
  for (const h of values.header ?? []) {
    const i = h.indexOf(":");
    const name = h.slice(0, i).trim();
    if (i < 1 || !TOKEN.test(name))
      throw new UsageError(`--header ${shown(h)} is not "Name: value" (the name an RFC 9110 token).`);
    refuseControls(h, "--header", "\t");
    headers.push([name, h.slice(i + 1).trim()]);
  }
  if (
    bodyFile !== undefined &&
    contentType !== "application/json" &&
    !headers.some(([n]) => n.toLowerCase() === "content-disposition")
  ) {
    headers.push(["Content-Disposition", contentDisposition(path.basename(bodyFile))]);
  }

  if (values.curl) {
    // npm prints its "> package sign" banner to stdout: piped to sh, its "> name" lines would run as redirections.
    if (env.npm_lifecycle_event === "sign" && env.npm_config_loglevel !== "silent")
      throw new UsageError(
        "With --curl, run `npm run --silent sign -- ...` (npm's banner would go to stdout with the command).",
      );
    const url = `${(base ?? new URL("http://127.0.0.1:4010")).origin}${signedPath}${query ? `?${query}` : ""}`;
    // -g: brackets and braces in the URL are sent as they are, not expanded by curl's globbing. A header with an
    // empty value goes as "Name;" (curl drops "Name:"), and every word is shell-quoted, so that pasting runs this
    // one curl command with exactly these arguments.
    const parts = [
      "curl",
      "-sS",
      "-g",
      "-X",
      method.toUpperCase(),
      url,
      ...headers.flatMap(([n, v]) => ["-H", v === "" ? `${n};` : `${n}: ${v}`]),
    ];
    // --data-binary @FILE sends the file's bytes unchanged (plain -d would strip newlines); --data-raw sends the
    // text as given, even one that starts with "@" (which -d and --data-binary would read as a file name).
    if (bodyFile !== undefined) {
      refuseControls(bodyFile, "--body-file");
      parts.push("--data-binary", `@${bodyFile}`);
    } else if (body.byteLength > 0) {
      refuseControls(values.body!, "--body", "\t\n");
      parts.push("--data-raw", values.body!);
    }
    return parts.map(shellQuote).join(" ");
  }
  if (values.json)
    return JSON.stringify(
      { ...pick(signed), method: method.toUpperCase(), path: signedPath, headers: Object.fromEntries(headers) },
      null,
      2,
    );
  return [
    `TIMESTAMP       ${signed.timestamp}`,
    `BODY_HASH       ${signed.bodyHash}  (SHA-256 of ${body.byteLength} body bytes)`,
    `STRING_TO_SIGN  (five lines joined by \\n, no trailing newline)`,
    ...signed.stringToSign.split("\n").map((l) => `  ${l}`),
    `SIGNATURE       ${signed.signature}`,
    `HEADERS`,
    ...headers.map(([n, v]) => `  ${n}: ${v}`),
    ...(query ? [`QUERY           ?${query} (sent in the URL, not signed)`] : []),
  ].join("\n");
}

function pick(s: SignedRequest) {
  return { timestamp: s.timestamp, bodyHash: s.bodyHash, stringToSign: s.stringToSign, signature: s.signature };
}

/** --base-url: an absolute http(s) URL. */
function baseUrl(text: string): URL {
  refuseControls(text, "--base-url");
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:"))
    throw new UsageError(`--base-url ${shown(text)} is not an http:// or https:// URL.`);
  return url;
}

function splitQuery(target: string): [string, string | undefined] {
  const i = target.indexOf("?");
  // Stryker disable next-line EqualityOperator: equivalent, a target that starts with "?" is refused as not starting with "/" either way
  return i < 0 ? [target, undefined] : [target.slice(0, i), target.slice(i + 1)];
}

function guessContentType(body: Uint8Array): string {
  try {
    JSON.parse(Buffer.from(body).toString("utf8"));
    return "application/json";
  } catch {
    return "application/octet-stream";
  }
}

/**
 * Entry point of the bin: prints the result, or the error (never a secret) with exit code 2. `terminal` is the
 * process, or a test's own.
 */
export async function main(argv: string[], terminal: Terminal = process): Promise<void> {
  // A reader that stops early (`fo-sign --help | head -3`) is no error.
  terminal.stdout.on("error", (e) => {
    if (e.code !== "EPIPE") throw e;
    terminal.exit(0);
  });
  // The proxy runs until stopped; every other command prints once.
  if (argv[0] === "proxy") return runProxy(argv.slice(1), terminal);
  try {
    terminal.stdout.write(`${run(argv, terminal.env)}\n`);
  } catch (err) {
    // The errors run() means to throw: wrong usage, wrong keys, input that cannot be signed, and a file's (ENOENT and
    // the like, which carry a code). Their messages name the problem, never a secret. Anything else is a bug: it
    // goes on, with its stack.
    const usage = err instanceof UsageError || err instanceof InvalidSigningInputError;
    const known = usage || err instanceof InvalidCredentialsError || (err as NodeJS.ErrnoException).code !== undefined;
    if (!known) throw err;
    terminal.stderr.write(`fo-sign: ${(err as Error).message}\n${usage ? `\n${USAGE}\n` : ""}`);
    terminal.exitCode = 2;
  }
}
