// A recording as the drift report reads it: HAR 1.2, from `fo-sign proxy --record` or any other tool (a browser's
// export, a proxy's). Every entry is rebuilt from the fields the report needs and masked again by the proxy's own
// rules (src/server/masked.ts), so neither Redocly nor the report ever sees a credential or a banking value, whoever
// made the file. Masking is idempotent: a recording the proxy made comes out as it went in.
import { readFileSync } from "node:fs";
import { maskedHeader, maskedQuery, recordedBody } from "../../server/masked.ts";
import { isNode } from "./document.ts";

/** A recording the report cannot read: its message says what is wrong with it (never a value from it). */
export class RecordingError extends Error {
  override name = "RecordingError";
}

interface HarHeader {
  name: string;
  value: string;
}

/** One exchange of a recording, masked, as the report reads it. */
export interface Exchange {
  index: number;
  method: string;
  path: string;
  query: [string, string][];
  requestHeaders: HarHeader[];
  requestType?: string;
  /** The request body's text (masked JSON, or the marker of a body not recorded). */
  requestText?: string;
  status: number;
  answerHeaders: HarHeader[];
  answerType?: string;
  answerText?: string;
}

export interface Recording {
  /** The masked HAR log, as Redocly CLI reads it. */
  har: { log: { version: string; creator: { name: string; version: string }; entries: unknown[] } };
  exchanges: Exchange[];
  /** Entries left out: no method, URL or answer status (a request that was never answered). */
  skipped: number;
}

const text = (v: unknown) => (typeof v === "string" ? v : undefined);

function headersOf(v: unknown): HarHeader[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((h): h is HarHeader => isNode(h) && typeof h.name === "string" && typeof h.value === "string")
    .map((h) => ({ name: h.name, value: maskedHeader(h.name, h.value) }));
}

const headerOf = (headers: HarHeader[], name: string) =>
  headers.find((h) => h.name.toLowerCase() === name)?.value || undefined;

/** A body's text as recorded (base64 decoded), masked again. */
function bodyOf(mediaType: string | undefined, raw: unknown, encoding: unknown, size: unknown) {
  const given = text(raw);
  if (given === undefined || given === "") return {};
  const bytes = encoding === "base64" ? Buffer.from(given, "base64") : Buffer.from(given);
  // A body the proxy left out stands for its own size (its marker names it); any other is its bytes.
  const length = typeof size === "number" && size > 0 && /^\[not recorded: /.test(given) ? size : bytes.length;
  return recordedBody(mediaType, bytes, length);
}

/**
 * Reads and masks the recording at `file`.
 * @throws RecordingError when it cannot be read or is not HAR.
 */
export function readRecording(file: string): Recording {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw new RecordingError(
      e.code ? `cannot read ${file} (${e.code})` : `${file} is not JSON, so not a HAR recording`,
    );
  }
  const entries = isNode(parsed) && isNode(parsed.log) ? parsed.log.entries : undefined;
  if (!Array.isArray(entries)) throw new RecordingError(`${file} is not a HAR recording: it has no log.entries list`);
  const exchanges: Exchange[] = [];
  const masked: unknown[] = [];
  let skipped = 0;
  for (const entry of entries) {
    const request = isNode(entry) && isNode(entry.request) ? entry.request : undefined;
    const response = isNode(entry) && isNode(entry.response) ? entry.response : undefined;
    const url = text(request?.url);
    const status = Number(response?.status);
    if (!request || !response || !text(request.method) || !url || !URL.canParse(url) || !(status >= 100)) {
      skipped++;
      continue;
    }
    const parsedUrl = new URL(url);
    const query = parsedUrl.search ? maskedQuery(parsedUrl.search.slice(1)) : "";
    const requestHeaders = headersOf(request.headers);
    const answerHeaders = headersOf(response.headers);
    const postData = isNode(request.postData) ? request.postData : {};
    const content = isNode(response.content) ? response.content : {};
    const requestType = text(postData.mimeType) || headerOf(requestHeaders, "content-type");
    const answerType = text(content.mimeType) || headerOf(answerHeaders, "content-type");
    const sent = bodyOf(requestType, postData.text, undefined, request.bodySize);
    const answered = bodyOf(answerType, content.text, content.encoding, content.size);
    const exchange: Exchange = {
      index: exchanges.length,
      method: String(request.method).toUpperCase(),
      path: parsedUrl.pathname,
      query: [...new URLSearchParams(query)],
      requestHeaders,
      ...(requestType ? { requestType } : {}),
      ...(sent.text !== undefined ? { requestText: sent.text } : {}),
      status,
      answerHeaders,
      ...(answerType ? { answerType } : {}),
      ...(answered.text !== undefined ? { answerText: answered.text } : {}),
    };
    exchanges.push(exchange);
    masked.push({
      startedDateTime: text(isNode(entry) ? entry.startedDateTime : undefined) ?? new Date(0).toISOString(),
      time: 0,
      request: {
        method: exchange.method,
        url: `${parsedUrl.origin}${parsedUrl.pathname}${query ? `?${query}` : ""}`,
        httpVersion: "HTTP/1.1",
        cookies: [],
        headers: requestHeaders,
        queryString: exchange.query.map(([name, value]) => ({ name, value })),
        ...(requestType || sent.text ? { postData: { mimeType: requestType ?? "", text: sent.text ?? "" } } : {}),
        headersSize: -1,
        bodySize: -1,
      },
      response: {
        status,
        statusText: text(response.statusText) ?? "",
        httpVersion: "HTTP/1.1",
        cookies: [],
        headers: answerHeaders,
        content: {
          size: -1,
          mimeType: answerType ?? "",
          ...(answered.text !== undefined ? { text: answered.text } : {}),
        },
        redirectURL: "",
        headersSize: -1,
        bodySize: -1,
      },
      cache: {},
      timings: { send: 0, wait: 0, receive: 0 },
    });
  }
  return {
    har: { log: { version: "1.2", creator: { name: "fo-mock drift", version: "1" }, entries: masked } },
    exchanges,
    skipped,
  };
}
