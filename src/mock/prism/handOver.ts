import { AsyncLocalStorage } from "node:async_hooks";
import http from "node:http";
import { Readable } from "node:stream";
import { errorBody } from "../../server/envelope.ts";
import { answer } from "../../server/answer.ts";
import type { AcceptedRequest, Pass } from "../request/accepted.ts";
import { describedAnswer } from "../answers/described.ts";
import { allowedMethods } from "./allowedMethods.ts";
import { HOP_BY_HOP } from "../../server/hopByHop.ts";

/** How long Prism may take to answer before the front answers for it. */
const ANSWER_TIMEOUT_MS = 30_000;

/**
 * The request as Prism's handler reads it: the client's method, target and headers (hop-by-hop ones
 * dropped, as over HTTP), and a body stream that yields the bytes the front already read.
 */
class BufferedRequest extends Readable {
  readonly httpVersion = "1.1";
  readonly httpVersionMajor = 1;
  readonly httpVersionMinor = 1;
  readonly complete = true;
  readonly aborted = false;
  #body: Buffer | null;

  constructor(
    readonly method: string,
    readonly url: string,
    readonly headers: http.IncomingHttpHeaders,
    readonly rawHeaders: string[],
    readonly socket: http.IncomingMessage["socket"],
    body: Buffer,
  ) {
    super();
    this.#body = body.length > 0 ? body : null;
  }

  get connection() {
    return this.socket;
  }

  override _read() {
    if (this.#body) this.push(this.#body);
    this.#body = null;
    this.push(null);
  }
}

/**
 * The response Prism writes to: the client's own. While Prism answers, a 405 gets the `Allow` header
 * Prism leaves out (RFC 9110 requires it), hop-by-hop headers Prism sets are dropped (the client's
 * connection is the front's to manage), and an error body is rewritten to describe this request
 * (../answers/described.ts). Used as the front's ServerResponse class when Prism runs in-process.
 */
export class FrontResponse extends http.ServerResponse {
  /** The request path, set while Prism answers. */
  handedOver: string | undefined;

  // Prism (micri) sets the status and headers, then ends with the whole body: the body is rewritten there, before the
  // head goes out.
  override end(...args: unknown[]): this {
    const [chunk] = args;
    if (
      this.handedOver !== undefined &&
      !this.headersSent &&
      this.statusCode >= 400 &&
      (typeof chunk === "string" || Buffer.isBuffer(chunk))
    ) {
      const violations = this.getHeader("sl-violations");
      const described = describedAnswer({
        status: this.statusCode,
        body: chunk.toString(),
        method: this.req.method!,
        path: this.handedOver,
        authorization: this.req.headers.authorization,
        prefer: this.req.headers.prefer as string | undefined,
        violations: typeof violations === "string" ? violations : undefined,
        now: new Date(),
      });
      if (described) {
        this.statusCode = described.status;
        this.setHeader("Content-Type", "application/json");
        this.setHeader("Content-Length", Buffer.byteLength(described.body));
        args[0] = described.body;
      }
    }
    return (super.end as (...a: unknown[]) => this)(...args);
  }

  // writeHead's overloads are Node's; every form starts with the status code, and res.end() comes here too.
  override writeHead(statusCode: number, ...rest: unknown[]): this {
    if (this.handedOver !== undefined) {
      for (const name of HOP_BY_HOP) if (this.hasHeader(name)) this.removeHeader(name);
      const allow = statusCode === 405 && !this.hasHeader("allow") ? allowedMethods(this.handedOver) : undefined;
      if (allow) this.setHeader("Allow", allow);
    }
    return (super.writeHead as (code: number, ...r: unknown[]) => this)(statusCode, ...rest);
  }
}

/** The response Prism is answering in the current async context: a throw Prism does not catch belongs to it. */
const answering = new AsyncLocalStorage<FrontResponse>();
/** Responses handed over and when each is due; checked now and then so that one Prism drops cannot hang. */
const pending = new Map<FrontResponse, number>();
let watch: NodeJS.Timeout | undefined;

/**
 * Hands accepted requests to Prism's request listener in this process: no second HTTP hop. The response
 * must be a FrontResponse (the front's server is created with that class when given `prism`).
 */
export function handOverTo(listener: http.RequestListener): Pass {
  return (request: AcceptedRequest, req: http.IncomingMessage, res: http.ServerResponse) => {
    const front = res as FrontResponse;
    const url = request.query ? `${request.path}?${request.query}` : request.path;
    const headers = withoutHopByHop(req.headers);
    const rawHeaders = headers === req.headers ? request.rawHeaders : rawWithoutHopByHop(request.rawHeaders);
    const prismReq = new BufferedRequest(request.method, url, headers, rawHeaders, req.socket, request.body);
    front.handedOver = request.path;
    pending.set(front, Date.now() + ANSWER_TIMEOUT_MS);
    watch ??= setInterval(sweep, 1_000).unref();
    try {
      // micri (Prism's server) catches what its handler throws or rejects; what escapes it is caught by guardProcess.
      const result: unknown = answering.run(front, listener, prismReq as unknown as http.IncomingMessage, front);
      if (result instanceof Promise) result.catch((err: unknown) => prismFailed(front, err));
    } catch (err) {
      prismFailed(front, err);
    }
  };
}

function withoutHopByHop(headers: http.IncomingHttpHeaders): http.IncomingHttpHeaders {
  let copy: http.IncomingHttpHeaders | undefined;
  for (const name of HOP_BY_HOP) {
    if (headers[name] === undefined) continue;
    copy ??= { ...headers };
    delete copy[name];
  }
  return copy ?? headers;
}

function rawWithoutHopByHop(raw: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (!HOP_BY_HOP.has(raw[i]!.toLowerCase())) kept.push(raw[i]!, raw[i + 1]!);
  return kept;
}

function sweep() {
  const now = Date.now();
  for (const [res, due] of pending) {
    if (res.writableEnded || res.destroyed) pending.delete(res);
    else if (due < now) prismFailed(res, new Error(`no answer within ${ANSWER_TIMEOUT_MS / 1000} s`));
  }
  if (pending.size === 0) {
    clearInterval(watch);
    watch = undefined;
  }
}

/** Answers for Prism: a 500 in the path's envelope, or a cut connection when Prism had begun its answer. */
function prismFailed(res: FrontResponse, err: unknown) {
  pending.delete(res);
  if (res.writableEnded || res.destroyed) return;
  if (res.headersSent) return void res.destroy();
  const path = res.handedOver ?? "/";
  res.handedOver = undefined;
  const name = err instanceof Error ? err.name : typeof err;
  answer(
    res.req,
    res,
    500,
    errorBody({ status: 500, path, detail: `The mock failed on this request (Prism: ${name}).`, now: new Date() }),
    { Connection: "close" },
  );
}

let guarded = false;

/**
 * In the process Prism runs in: a throw Prism does not catch (an unawaited promise of its handler, a
 * callback) answers that request with a 500 and the mock keeps serving, where it would end the process.
 * One outside any request still ends the process, with `log` saying why.
 */
export function guardProcess(log: (line: string) => void) {
  if (guarded) return;
  guarded = true;
  const rescue = (err: unknown) => {
    const res = answering.getStore();
    const what = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    if (!res) {
      log(`Fatal error in the mock: ${what}`);
      process.exit(1);
    }
    log(`Prism failed on ${res.req.method} ${res.handedOver ?? "?"}; answered 500 (${what.slice(0, 200)})`);
    prismFailed(res, err);
  };
  process.on("uncaughtException", rescue);
  process.on("unhandledRejection", rescue);
}
