import http from "node:http";
import type { AddressInfo } from "node:net";
import { AUTHORIZATION_HEADER, DATE_HEADER } from "../signing/index.ts";
import { badRequestBody } from "./badRequest.ts";
import { checkBearer } from "./bearer.ts";
import { crashesPrism } from "./formBody.ts";
import { FrontResponse, handOverTo } from "./handOver.ts";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "./jsonDepth.ts";
import type { KeyStore } from "./keys.ts";
import { malformedJsonBody } from "./malformedJson.ts";
import { MAX_BODY_BYTES, readBody } from "./readBody.ts";
import { ReplayGuard, type ReplayPolicy } from "./replay.ts";
import { checkRequestPath, isBearerRoute, type PathProblem } from "./requestPath.ts";
import { FAILURE_HEADER, unauthorizedBody } from "./unauthorized.ts";
import { forwardTo } from "./upstream.ts";
import { signatureMatches, verifyHeaders, type AuthFailure, type SignedHeaders } from "./verifySignature.ts";

export { MAX_BODY_BYTES } from "./readBody.ts";

/** Default timestamp window of the mock: a mock setting, not a fact about production (the reference does not give one). */
export const DEFAULT_WINDOW_SECONDS = 300;
/** Default bound on timestamps ahead of the mock's clock (client clock skew); the reference does not give one either. */
export const DEFAULT_FUTURE_SECONDS = 60;
/** Default for a signature seen twice inside the window on a request that changes state: refused, so one signature buys one such request. */
export const DEFAULT_REPLAY: ReplayPolicy = "reject";
/** Response header naming why the front itself answered 400; a mock aid, not part of the API. */
export const REFUSAL_HEADER = "X-Mock-Refusal";

export type Refusal = PathProblem | "body-too-large" | "json-too-deep" | "malformed-json" | "malformed-form";

const REFUSAL_DETAIL: Record<Refusal, string> = {
  "malformed-percent-escape": "The request path has a malformed percent escape.",
  "dot-segment": "The request path has a dot segment ('.' or '..'); send the path exactly as signed, without them.",
  "not-a-path": "The request target is neither a path ('/...') nor an absolute URL.",
  "body-too-large": `The request body is larger than the mock's limit of ${MAX_BODY_BYTES} bytes (Prism's own limit).`,
  "json-too-deep": `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels.`,
  "malformed-json": "The request body is not valid JSON.",
  "malformed-form": "The form body has a part without a well-formed Content-Disposition (name, quoted filename) or Content-Type, or a field name with a malformed percent escape.",
};

/** A request that passed the front's checks (and, in production mode, its signature check). */
export interface AcceptedRequest {
  method: string;
  /** The path as requested (checked: no dot segments, well-formed escapes), without the query. */
  path: string;
  /** The query string without "?", or "". */
  query: string;
  /** Header names and values as received, in order. */
  rawHeaders: string[];
  body: Buffer;
  /** The verified access key; absent in sandbox mode and on bearer (portfolio) routes. */
  accessKey?: string;
}

/**
 * Answers an accepted request itself and returns true, or returns false to let the front pass it to Prism.
 * The place for a mode that keeps state between requests.
 */
export type RequestHandler = (request: AcceptedRequest, res: http.ServerResponse) => boolean | Promise<boolean>;

/** How an accepted request reaches Prism (over HTTP, or to its handler in this process). */
export type Pass = (request: AcceptedRequest, req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface FrontOptions {
  /** Base URL of a Prism to forward to over HTTP, e.g. http://127.0.0.1:4011; or give `prism`. */
  upstream?: string;
  /** Prism's own request listener, when the front runs in Prism's process: requests are handed to it there. */
  prism?: http.RequestListener;
  /** production: every non-portfolio request must carry a valid signature. sandbox: no signature check. */
  auth?: "production" | "sandbox";
  /** Keys to verify against; needed in production mode. */
  keys?: KeyStore;
  /** Sandbox: the bearer tokens customer routes take (the access keys, as the reference's sandbox has it); none given, any token. */
  sandboxTokens?: { has(token: string): boolean } | undefined;
  /** The bearer tokens portfolio routes take, in both modes; none given, any token (Prism checks only that one is there). */
  portfolioTokens?: ReadonlySet<string> | undefined;
  /** Port on 127.0.0.1; 0 picks a free one (startFront). */
  port?: number;
  /** How old a signed timestamp may be (default 300 s). */
  windowSeconds?: number;
  /** How far ahead of the mock's clock a signed timestamp may be (default 60 s). */
  futureSeconds?: number;
  /** A signature already accepted inside the window on POST/PUT/PATCH/DELETE: `reject` (default) or `allow`. */
  replay?: ReplayPolicy;
  /** Injected clock, for tests. */
  now?: () => Date;
  /** Called once per refused request with a line that never holds a secret. */
  onRefused?: (line: string) => void;
  /** Runs after the checks, before forwarding; see RequestHandler. */
  handle?: RequestHandler;
  /** Paths served without authentication, every other check still made (the stateful mode's control API). */
  unauthenticated?: (path: string) => boolean;
}

export interface RunningFront {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Starts the signature front on 127.0.0.1: checks each request, verifies signatures, passes good ones to Prism byte for byte. */
export async function startFront(opts: FrontOptions): Promise<RunningFront> {
  const { server, close } = createFront(opts);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}`, port, close };
}

/** The front's server, not yet listening (in Prism's process, Prism calls listen on it), and how to close it. */
export function createFront(opts: FrontOptions): { server: http.Server; close(): Promise<void> } {
  if (!opts.upstream === !opts.prism) throw new TypeError("The signature front needs either `upstream` or `prism`.");
  const upstream = opts.upstream ? forwardTo(opts.upstream) : undefined;
  const pass = upstream?.pass ?? handOverTo(opts.prism!);
  const windowSeconds = opts.windowSeconds ?? DEFAULT_WINDOW_SECONDS;
  const futureSeconds = opts.futureSeconds ?? DEFAULT_FUTURE_SECONDS;
  const production = (opts.auth ?? "production") === "production";
  if (production && !opts.keys?.size) throw new TypeError("The signature front needs keys in production mode.");
  const now = opts.now ?? (() => new Date());
  const replays = (opts.replay ?? DEFAULT_REPLAY) === "reject" ? new ReplayGuard(windowSeconds) : undefined;

  async function serve(req: http.IncomingMessage, res: http.ServerResponse) {
    const method = req.method ?? "GET";
    const target = checkRequestPath(req.url ?? "/");
    if (!target.ok) return refuse(req, res, target.path, target.problem);
    const { path, query } = target;

    // Everything the headers can show is checked before a byte of the body is read.
    const bearerRoute = isBearerRoute(path);
    const tokens = opts.unauthenticated?.(path) ? undefined : bearerRoute ? opts.portfolioTokens : production ? undefined : opts.sandboxTokens;
    if (tokens) {
      const failure = checkBearer(header(req, AUTHORIZATION_HEADER), tokens);
      if (failure) return unauthorized(req, res, path, failure);
    }
    let signed: SignedHeaders | undefined;
    if (production && !bearerRoute && !opts.unauthenticated?.(path)) {
      const check = verifyHeaders(
        { method, path, authorization: header(req, AUTHORIZATION_HEADER), date: header(req, DATE_HEADER) },
        { keys: opts.keys!, now: now(), windowSeconds, futureSeconds },
      );
      if (!check.ok) return unauthorized(req, res, path, check.failure, check.accessKey);
      signed = check.signed;
    }

    const read = await readBody(req, signed !== undefined);
    if (!read.ok) return read.problem === "too-large" ? refuse(req, res, path, "body-too-large") : res.destroy();
    const { body } = read;
    if (signed) {
      if (!signatureMatches(signed, method, path, read.hash!)) return unauthorized(req, res, path, "signature-mismatch", signed.accessKey);
      if (replays && !SAFE_METHODS.has(method) && !replays.firstUse(signed.signature, signed.time, now())) return unauthorized(req, res, path, "replayed-signature", signed.accessKey);
    }
    if (body.length > 0 && isJson(req.headers["content-type"])) {
      // Prism 5.16 answers 500 on very deep JSON and never answers JSON that does not parse: both are answered here.
      if (nestsDeeperThan(body)) return refuse(req, res, path, "json-too-deep");
      if (!parsesAsJson(body)) return refuse(req, res, path, "malformed-json");
    }
    // Prism 5.16's form handling throws, uncaught, on some malformed multipart and URL-encoded bodies: one would end the mock.
    if (body.length > 0 && crashesPrism(req.headers["content-type"], body, path)) return refuse(req, res, path, "malformed-form");

    const accepted: AcceptedRequest = { method, path, query, rawHeaders: req.rawHeaders, body, accessKey: signed?.accessKey };
    if (opts.handle && (await opts.handle(accepted, res))) return;
    pass(accepted, req, res);
  }

  function unauthorized(req: http.IncomingMessage, res: http.ServerResponse, path: string, failure: AuthFailure, accessKey?: string) {
    opts.onRefused?.(`401 ${failure} ${req.method} ${path}${accessKey ? ` (access key ${accessKey})` : ""}`);
    answer(req, res, 401, unauthorizedBody(path, failure, now()), { [FAILURE_HEADER]: failure });
  }

  function refuse(req: http.IncomingMessage, res: http.ServerResponse, path: string, refusal: Refusal) {
    opts.onRefused?.(`400 ${refusal} ${req.method} ${printable(path)}`);
    const body = refusal === "malformed-json" ? malformedJsonBody(path, now()) : badRequestBody(path, REFUSAL_DETAIL[refusal], now());
    answer(req, res, 400, body, { [REFUSAL_HEADER]: refusal });
  }

  // In Prism's process, Prism writes its answers to the client's response, which adds what Prism leaves out.
  const server: http.Server = http.createServer(opts.prism ? { ServerResponse: FrontResponse as typeof http.ServerResponse } : {}, (req, res) => {
    serve(req, res).catch((err: Error) => {
      // A bug in the front must not take the mock down: answer what can still be answered, keep serving.
      if (res.headersSent) return res.destroy();
      const json = JSON.stringify({ code: "00000000", status: 500, detail: `Mock front error: ${err.name}` });
      res.writeHead(500, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(json), Connection: "close" });
      res.end(json);
    });
  });
  server.on("clientError", answerClientError);
  // A client that half-closes its socket after sending still gets its answer: Node's default ends the socket
  // then. The switch is Node's own (long-standing, used by its tests) but missing from @types/node.
  (server as http.Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 10_000;
  server.requestTimeout = 60_000;
  return {
    server,
    close: () =>
      new Promise<void>((resolve) => {
        upstream?.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Reading twice changes nothing and pollers repeat the same GET within a second: replays are refused for the other methods only. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Sends a JSON answer the front decides itself. When the body has not been read (refused on its headers),
 * the connection closes after the answer and what is still sent is dropped unread, up to the body limit.
 */
function answer(req: http.IncomingMessage, res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string>) {
  const json = JSON.stringify(body);
  const unread = !req.complete;
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(json), ...headers, ...(unread ? { Connection: "close" } : {}) });
  res.end(json);
  if (unread) discardRest(req);
}

/**
 * What Node's parser refuses (a malformed request line or header, two Content-Lengths, an unknown method,
 * headers too large, a request not sent in time) gets its status as Node would send it, with a JSON body in
 * the envelope of the path when the request line shows one; then the connection closes, as Node's does.
 */
function answerClientError(err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: import("node:stream").Duplex & { bytesWritten?: number }) {
  if (err.code === "ECONNRESET" || !socket.writable || (socket.bytesWritten ?? 0) > 0) return void socket.destroy();
  const status = err.code === "HPE_HEADER_OVERFLOW" ? 431 : err.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  const detail =
    status === 431 ? "The request headers are larger than the mock takes." : status === 408 ? "The request was not received in time." : `The request is not valid HTTP/1.1 (${err.code ?? "parse error"}).`;
  const target = /^[A-Z]+ (\/\S*) HTTP\//.exec(err.rawPacket?.toString("latin1", 0, 2048) ?? "")?.[1] ?? "/";
  const body = badRequestBody(target.split("?", 1)[0]!, detail, new Date()) as { status?: number };
  if (body.status !== undefined) body.status = status;
  const json = JSON.stringify(body);
  socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`, () => socket.destroy());
}

function discardRest(req: http.IncomingMessage) {
  let dropped = 0;
  const cut = () => req.socket.destroy();
  const timer = setTimeout(cut, 5_000).unref();
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > MAX_BODY_BYTES) cut();
  });
  req.once("end", () => clearTimeout(timer));
  req.resume();
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : value;
}

/** For log lines: a refused path can hold anything the client sent. */
const printable = (path: string) => JSON.stringify(path.length > 200 ? `${path.slice(0, 200)}…` : path).slice(1, -1);

const isJson = (type: string | undefined) => !!type && /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type);

function parsesAsJson(body: Buffer): boolean {
  try {
    JSON.parse(body.toString("utf8"));
    return true;
  } catch {
    return false;
  }
}
