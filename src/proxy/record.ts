// `fo-sign proxy --record FILE`: every exchange that passes through, written as HAR 1.2 (what `redocly drift`, browsers
// and Postman read) as it completes. The file is closed JSON after every write: each entry overwrites the closing
// `]}}` with `,<entry>]}}` at a known offset, so Ctrl-C, SIGTERM or a crash leaves a valid recording. What it never
// holds is src/server/masked.ts's: credentials, keys, cookies, and the banking and personal values of bodies.
import { randomBytes } from "node:crypto";
import { closeSync, constants, openSync, renameSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import {
  MASKING,
  maskedHeader,
  maskedQuery,
  maskedUrlQuery,
  recordedBody,
  type RecordedBody,
} from "../server/masked.ts";

/** One exchange as the proxy saw it: the request as forwarded upstream, signed headers included, and the answer. */
export interface Exchange {
  startedAt: Date;
  request: {
    method: string;
    /** The upstream's URL of the request: origin, path and query. */
    url: string;
    /** Raw header pairs as sent: name, value, name, value, ... */
    headers: readonly string[];
    body: Buffer;
  };
  response: {
    status: number;
    statusText: string;
    /** Raw header pairs as received. */
    headers: readonly string[];
    /** The bytes received, or undefined when they passed the recording's bound. */
    body: Buffer | undefined;
    /** How many bytes were received. */
    size: number;
  };
  /** Milliseconds: sending the request, waiting for the answer's head, receiving its body. */
  timings: { send: number; wait: number; receive: number };
}

export interface Recording {
  /** The file written. */
  readonly file: string;
  /** How many exchanges it holds. */
  readonly entries: number;
  /** Writes one exchange; after a write fails, nothing more is written (onError said why, once). */
  add(exchange: Exchange): void;
  close(): void;
}

/** The HAR's creator: the program that wrote it. */
export interface Creator {
  name: string;
  version: string;
}

const TAIL = "]}}";
const COMMENT = `Recorded by fo-sign proxy. ${MASKING}`;

/** Raw header pairs (name, value, name, value, ...) as HAR's name/value objects, in order. */
const pairsOf = (raw: readonly string[]) =>
  Array.from({ length: raw.length / 2 }, (_, i) => ({ name: raw[2 * i]!, value: raw[2 * i + 1]! }));

/** Header pairs as HAR's name/value objects, masked. */
const harHeaders = (raw: readonly string[]) =>
  pairsOf(raw).map(({ name, value }) => ({ name, value: maskedHeader(name, value) }));

const headerOf = (raw: readonly string[], name: string) =>
  pairsOf(raw).find((h) => h.name.toLowerCase() === name)?.value;

/** A URL with its query masked, and the query's pairs as HAR lists them (decoded). */
function maskedUrl(text: string) {
  const [base, ...rest] = text.split("?");
  if (rest.length === 0) return { url: text, queryString: [] };
  const query = maskedQuery(rest.join("?"));
  const queryString = [...new URLSearchParams(query)].map(([name, value]) => ({ name, value }));
  return { url: `${base}?${query}`, queryString };
}

/** The answer's body as its media type reads it (decoded from its Content-Encoding within the bound), or why not. */
function decodedAnswer(encoding: string | undefined, body: Buffer, bound: number): Buffer | string {
  const coding = encoding?.trim().toLowerCase();
  if (!coding || coding === "identity") return body;
  const options = { maxOutputLength: bound };
  try {
    if (coding === "gzip" || coding === "x-gzip") return zlib.gunzipSync(body, options);
    if (coding === "deflate") return zlib.inflateSync(body, options);
    if (coding === "br") return zlib.brotliDecompressSync(body, options);
  } catch {
    return `not recorded: its ${coding} encoding did not decode within the recording's bound`;
  }
  return `not recorded: encoded as ${coding}, which the recording does not decode`;
}

/** What the recording holds of the answer's body, and its decoded size. */
function answerOf(response: Exchange["response"], bound: number): { body: RecordedBody; size: number } {
  if (response.body === undefined)
    return {
      body: { comment: `not recorded: ${response.size} bytes, over the recording's bound` },
      size: response.size,
    };
  const decoded = decodedAnswer(headerOf(response.headers, "content-encoding"), response.body, bound);
  if (typeof decoded === "string") return { body: { comment: decoded }, size: response.size };
  return {
    body: recordedBody(headerOf(response.headers, "content-type"), decoded, decoded.length),
    size: decoded.length,
  };
}

/** One HAR 1.2 entry for an exchange, masked. */
export function harEntry(exchange: Exchange, bound: number) {
  const { request, response } = exchange;
  const ms = (t: number) => Math.round(t * 1000) / 1000;
  const timings = {
    send: ms(exchange.timings.send),
    wait: ms(exchange.timings.wait),
    receive: ms(exchange.timings.receive),
  };
  const { url, queryString } = maskedUrl(request.url);
  const requestType = headerOf(request.headers, "content-type");
  const sent = recordedBody(requestType, request.body, request.body.length);
  const answer = answerOf(response, bound);
  return {
    startedDateTime: exchange.startedAt.toISOString(),
    time: ms(timings.send + timings.wait + timings.receive),
    request: {
      method: request.method,
      url,
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: harHeaders(request.headers),
      queryString,
      ...(request.body.length > 0 || requestType
        ? {
            postData: {
              mimeType: requestType ?? "",
              text: sent.text ?? "",
              ...(sent.comment ? { comment: sent.comment } : {}),
            },
          }
        : {}),
      headersSize: -1,
      bodySize: request.body.length,
    },
    response: {
      status: response.status,
      statusText: response.statusText,
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: harHeaders(response.headers),
      content: {
        size: answer.size,
        mimeType: headerOf(response.headers, "content-type") ?? "",
        ...answer.body,
      },
      redirectURL: maskedUrlQuery(headerOf(response.headers, "location") ?? ""),
      headersSize: -1,
      bodySize: response.size,
    },
    cache: {},
    timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, ...timings },
  };
}

/**
 * Opens FILE for a recording, with an empty HAR log in it at once: a new file of mode 0600, written in FILE's folder
 * under a name of its own and then renamed to FILE. What was at FILE is replaced, never written: a symbolic link is
 * replaced, not followed; a hard link's other names keep the old contents; a file of another owner is not emptied.
 * @throws NodeJS.ErrnoException from creating, writing or renaming the file (its code says why).
 */
export function openRecording(
  file: string,
  creator: Creator,
  options: { bound: number; onError?: (message: string) => void },
): Recording {
  const fresh = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString("hex")}.part`);
  const fd = openSync(fresh, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  let closed = false;
  let entries = 0;
  const log = `"version":"1.2","creator":${JSON.stringify(creator)},"comment":${JSON.stringify(COMMENT)}`;
  const head = `{"log":{${log},"entries":[`;
  try {
    writeSync(fd, head + TAIL, 0);
    renameSync(fresh, file);
  } catch (err) {
    closeSync(fd);
    rmSync(fresh, { force: true });
    throw err;
  }
  let tailAt = Buffer.byteLength(head);
  return {
    file,
    get entries() {
      return entries;
    },
    add(exchange) {
      if (closed) return;
      // Each entry on a line of its own, so a person (or grep) reads the file an exchange a line.
      const text = `${entries > 0 ? "," : ""}\n${JSON.stringify(harEntry(exchange, options.bound))}${TAIL}`;
      const bytes = Buffer.from(text);
      // Stryker disable all: only a disk that fails a write (ENOSPC, EIO) reaches the catch; no test here can make one
      try {
        // One positional write ending in the tail: the file is the old closed log or the new one.
        writeSync(fd, bytes, 0, bytes.length, tailAt);
      } catch (err) {
        closed = true;
        closeSync(fd);
        options.onError?.(
          `recording stopped: cannot write ${file} (${(err as NodeJS.ErrnoException).code ?? "error"})`,
        );
        return;
      }
      // Stryker restore all
      tailAt += bytes.length - TAIL.length;
      entries++;
    },
    close() {
      if (closed) return;
      closed = true;
      closeSync(fd);
    },
  };
}

/**
 * Keeps what `stream` gives, up to `bound` bytes, beside whatever else reads it (a pipe to the caller goes on
 * unchanged); the body is undefined once more came.
 */
export function keepBody(stream: Readable, bound: number): () => { body: Buffer | undefined; size: number } {
  let chunks: Buffer[] | undefined = [];
  let size = 0;
  stream.on("data", (chunk: Buffer) => {
    size += chunk.length;
    // Once past the bound, always past it: nothing is kept again.
    if (size <= bound) chunks!.push(chunk);
    else chunks = undefined;
  });
  return () => ({ body: chunks && Buffer.concat(chunks), size });
}
