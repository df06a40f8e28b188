import { closeSync, openSync, readSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { InvalidCredentialsError, parseTimestamp, signRequest, type SignedRequest } from "../signing/index.ts";
import { ACCESS_KEY_ENV, SECRET_KEY_ENV } from "../signing/env.ts";
import { DEFAULT_WINDOW_SECONDS } from "../signing/window.ts";
import { CAUSES, explainMismatch } from "./explain.ts";

export const USAGE = `Usage:
  fo-sign METHOD PATH [--body TEXT | --body-file FILE] [--content-type TYPE] [--time TIMESTAMP]
                      [--curl] [--base-url URL] [--header "Name: value"]... [--json]
  fo-sign explain METHOD PATH [--body TEXT | --body-file FILE] --authorization "HEADER SENT"
                      [--date X-SVC-DATE-SENT] [--response TEXT | --response-file FILE] [--now TIMESTAMP] [--window SECONDS]

Credentials come from ${ACCESS_KEY_ENV} and ${SECRET_KEY_ENV}; the secret is never printed.
PATH may carry a query (?a=b): it goes in the URL and is not signed. With --base-url, a path prefix of the
base (such as /api) is part of the signed path. --time and --now take YYYYMMDDTHHMMSSZ or ISO 8601.`;

/** Thrown for wrong usage; its message is printed with the usage text. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

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
  help: { type: "boolean", short: "h" },
} as const;

function parseTime(text: string, flag: string): Date {
  const date = parseTimestamp(text) ?? (/^\d{4}-\d{2}-\d{2}T/.test(text) ? new Date(text) : null);
  if (!date || Number.isNaN(date.getTime())) throw new UsageError(`${flag} "${text}" is neither YYYYMMDDTHHMMSSZ nor ISO 8601.`);
  return date;
}

function credentials(env: NodeJS.ProcessEnv) {
  const accessKey = env[ACCESS_KEY_ENV];
  const secretKey = env[SECRET_KEY_ENV];
  if (!accessKey || !secretKey) throw new UsageError(`Set ${ACCESS_KEY_ENV} and ${SECRET_KEY_ENV} (from API Settings) in the environment.`);
  return { accessKey, secretKey };
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The most a --body-file or --response-file may hold: the reference gives no upload limit, and /dev/zero would never end. */
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
    if (total > MAX_FILE_BYTES) throw new UsageError(`${flag} ${file} holds more than ${MAX_FILE_BYTES / 2 ** 20} MiB (or never ends, as /dev/zero).`);
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/** Runs the CLI; returns what to print. Pure apart from reading files and the clock. */
export function run(argv: string[], env: NodeJS.ProcessEnv = process.env, now = () => new Date()): string {
  const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  if (values.help) return USAGE;
  const explain = positionals[0] === "explain";
  const [method, target, ...rest] = explain ? positionals.slice(1) : positionals;
  if (!method || !target || rest.length > 0) throw new UsageError("Give METHOD and PATH, e.g. POST /v1/customers/c1/conversions/quote.");
  if (values.body !== undefined && values["body-file"] !== undefined) throw new UsageError("Give --body or --body-file, not both.");
  const [pathPart, query] = splitQuery(target);
  if (!pathPart.startsWith("/")) throw new UsageError(`PATH must start with "/", got "${target}" (give the base address with --base-url).`);
  const base = values["base-url"] ? new URL(values["base-url"]) : undefined;
  const signedPath = (base ? base.pathname.replace(/\/$/, "") : "") + pathPart;
  // `npm run sign` runs in the repository root; INIT_CWD is the folder it was called from.
  const cwd = env.npm_lifecycle_event === "sign" && env.INIT_CWD ? env.INIT_CWD : process.cwd();
  const given = values["body-file"];
  const bodyFile = given === undefined || cwd === process.cwd() ? given : path.resolve(cwd, given);
  const body: Uint8Array = bodyFile !== undefined ? readBounded(bodyFile, "--body-file") : Buffer.from(values.body ?? "", "utf8");
  const { accessKey, secretKey } = credentials(env);

  if (explain) {
    if (!values.authorization) throw new UsageError("explain needs --authorization with the Authorization header that was sent.");
    const response = values["response-file"] !== undefined ? readBounded(path.resolve(cwd, values["response-file"]), "--response-file").toString("utf8") : values.response;
    const windowSeconds = values.window === undefined ? DEFAULT_WINDOW_SECONDS : Number(values.window);
    if (!Number.isInteger(windowSeconds) || windowSeconds < 1) throw new UsageError(`--window "${values.window}" is not a whole number of seconds.`);
    const result = explainMismatch({
      accessKey,
      secretKey,
      method: method.toUpperCase(),
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
  if (contentType) headers.push(["Content-Type", contentType]);
  for (const h of values.header ?? []) {
    const i = h.indexOf(":");
    if (i < 1) throw new UsageError(`--header "${h}" is not "Name: value".`);
    headers.push([h.slice(0, i).trim(), h.slice(i + 1).trim()]);
  }
  if (bodyFile !== undefined && contentType !== "application/json" && !headers.some(([n]) => n.toLowerCase() === "content-disposition")) {
    headers.push(["Content-Disposition", `attachment; filename="${path.basename(bodyFile)}"`]);
  }

  if (values.curl) {
    // npm prints its "> package sign" banner to stdout: piped to sh, its "> name" lines would run as redirections.
    if (env.npm_lifecycle_event === "sign" && env.npm_config_loglevel !== "silent") throw new UsageError("With --curl, run `npm run --silent sign -- ...` (npm's banner would go to stdout with the command).");
    const url = `${(base ?? new URL("http://127.0.0.1:4010")).origin}${signedPath}${query ? `?${query}` : ""}`;
    const parts = ["curl", "-sS", "-X", method.toUpperCase(), shellQuote(url), ...headers.flatMap(([n, v]) => ["-H", shellQuote(`${n}: ${v}`)])];
    // --data-binary sends the bytes unchanged (plain -d would strip newlines).
    if (bodyFile !== undefined) parts.push("--data-binary", shellQuote(`@${bodyFile}`));
    else if (body.byteLength > 0) parts.push("--data-binary", shellQuote(values.body!));
    return parts.join(" ");
  }
  if (values.json) return JSON.stringify({ ...pick(signed), method: method.toUpperCase(), path: signedPath, headers: Object.fromEntries(headers) }, null, 2);
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

function splitQuery(target: string): [string, string | undefined] {
  const i = target.indexOf("?");
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

/** Entry point of the bin: prints the result, or the error (never a secret) with exit code 2. */
export function main(argv = process.argv.slice(2)): void {
  // A reader that stops early (`fo-sign --help | head -3`) is no error.
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code !== "EPIPE") throw e;
    process.exit(0);
  });
  try {
    process.stdout.write(run(argv) + "\n");
  } catch (err) {
    const e = err as Error;
    const known = e instanceof UsageError || e instanceof InvalidCredentialsError || e instanceof TypeError || (e as NodeJS.ErrnoException).code !== undefined;
    process.stderr.write(`fo-sign: ${known ? e.message : String(e)}\n${e instanceof UsageError || e.name === "TypeError" ? `\n${USAGE}\n` : ""}`);
    process.exitCode = 2;
  }
}
