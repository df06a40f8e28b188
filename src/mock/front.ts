// The mock's front: reads each request once (request/), authenticates it (auth/), answers what it refuses
// itself (answers/), lets the stateful mode answer what it keeps (stateful/), and hands the rest to Prism (prism/).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { AUTHORIZATION_HEADER, DATE_HEADER } from "../signing/constants.ts";
import type { AuthFailure } from "../signing/failures.ts";
import { DEFAULT_FUTURE_SECONDS, DEFAULT_WINDOW_SECONDS } from "../signing/window.ts";
import { errorBody } from "../server/envelope.ts";
import { type Home, serveHome } from "./answers/home.ts";
import { unauthorizedBody } from "./answers/unauthorized.ts";
import { answer, answerClientError } from "../server/answer.ts";
import { boundConnections } from "../server/connections.ts";
import { checkBearer } from "./auth/bearer.ts";
import type { KeyStore } from "./auth/keys.ts";
import { ReplayGuard, type ReplayPolicy } from "./auth/replay.ts";
import { signatureMatches, verifyHeaders, type SignedHeaders } from "./auth/signature.ts";
import { answerFor } from "./prism/guard.ts";
import type { MockAnswer, Mocker } from "./prism/mocker.ts";
import type { AcceptedRequest, RequestHandler } from "./request/accepted.ts";
import { MAX_BODY_BYTES, readBody } from "../server/body.ts";
import { crashesPrism } from "./request/form.ts";
import { isJson, MAX_JSON_DEPTH, nestsDeeperThan, parsesAsJson } from "./request/json.ts";
import { isBearerRoute, PATH_PROBLEMS, readTarget, type PathProblem } from "./request/target.ts";
import { HOP_BY_HOP } from "../server/hopByHop.ts";

export { MAX_BODY_BYTES } from "../server/body.ts";
export { DEFAULT_FUTURE_SECONDS, DEFAULT_WINDOW_SECONDS } from "../signing/window.ts";
export type { AcceptedRequest, RequestHandler } from "./request/accepted.ts";
export type { MockAnswer, Mocker } from "./prism/mocker.ts";

/**
 * Default for a signature seen twice inside the window on a request that changes state: refused, so one signature buys
 * one such request.
 */
export const DEFAULT_REPLAY: ReplayPolicy = "reject";
/** Response header naming why the front itself answered 400; a mock aid, not part of the API. */
export const REFUSAL_HEADER = "X-Mock-Refusal";
/** Response header naming the exact authentication failure; a mock aid, not part of the API. */
export const FAILURE_HEADER = "X-Mock-Auth-Failure";

export type Refusal =
  | PathProblem
  | "missing-host"
  | "body-too-large"
  | "json-too-deep"
  | "malformed-json"
  | "malformed-form";

const REFUSAL_DETAIL: Record<Exclude<Refusal, PathProblem>, string> = {
  "missing-host": "An HTTP/1.1 request needs a Host header.",
  "body-too-large": `The request body is larger than the mock's limit of ${MAX_BODY_BYTES} bytes (Prism's own limit).`,
  "json-too-deep": `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels.`,
  "malformed-json": "The request body is not valid JSON.",
  "malformed-form":
    "The form body has a part without a well-formed Content-Disposition (name, quoted filename) or Content-Type, " +
    "or a field name with a malformed percent escape.",
};

const refusalDetail = (refusal: Refusal) =>
  refusal in PATH_PROBLEMS
    ? `The request target ${PATH_PROBLEMS[refusal as PathProblem]}; send the path exactly as signed.`
    : REFUSAL_DETAIL[refusal as Exclude<Refusal, PathProblem>];

export interface FrontOptions {
  /**
   * Answers what the front accepted and the stateful mode left: Prism as a library behind the mock's routing
   * (./prism/mocker.ts). Tests give it or a stand-in.
   */
  prism: Mocker;
  /** production: every non-portfolio request must carry a valid signature. sandbox: no signature check. */
  auth?: "production" | "sandbox";
  /** Keys to verify against; needed in production mode. */
  keys?: KeyStore;
  /**
   * Sandbox: the bearer tokens customer routes take (the access keys, as the reference's sandbox has it); none given,
   * any token.
   */
  sandboxTokens?: { has(token: string): boolean } | undefined;
  /**
   * The bearer tokens portfolio routes take, in both modes; none given, any token (Prism checks only that one is
   * there).
   */
  portfolioTokens?: ReadonlySet<string> | undefined;
  /** Port on 127.0.0.1; 0 picks a free one (startFront). */
  port?: number;
  /** How old a signed timestamp may be (default 300 s). */
  windowSeconds?: number;
  /** How far ahead of the mock's clock a signed timestamp may be (default 60 s). */
  futureSeconds?: number;
  /** A signature already accepted inside the window on POST/PUT/PATCH/DELETE: `reject` (default) or `allow`. */
  replay?: ReplayPolicy;
  /** Closes a connection with no request in progress that is silent this long (default: src/server/connections.ts). */
  idleTimeoutMs?: number;
  /** Closes a connection that has sent no byte this long after opening (default: src/server/connections.ts). */
  firstByteTimeoutMs?: number;
  /**
   * Connections held at once before the oldest silent one is closed for a new one (default: the process's descriptor
   * limit less a reserve, so a flood of silent connections never leaves no descriptor for a real request).
   */
  maxConnections?: number;
  /** Injected clock, for tests. */
  now?: () => Date;
  /** What `GET /` and `GET /openapi.json` answer, before any authentication (./answers/home.ts). */
  home?: Home;
  /** Called once per refused request with a line that never holds a secret. */
  onRefused?: (line: string) => void;
  /** Runs after the checks, before the hand-over to Prism; see RequestHandler. */
  handle?: RequestHandler;
  /**
   * Takes a request from its target and headers alone, before the front authenticates it or reads a byte of its body
   * (the stateful mode's control API: its own gate and a smaller body bound decide first); true when it answered.
   * `invite` sends `100 Continue` to a client that waits for it, once the caller is ready for the body.
   */
  serveFirst?: (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    target: { path: string; query: string; invite: () => void },
  ) => boolean | Promise<boolean>;
}

export interface RunningFront {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Starts the signature front on 127.0.0.1: checks each request, verifies signatures, passes good ones to Prism byte for
 * byte.
 */
export async function startFront(opts: FrontOptions): Promise<RunningFront> {
  const { server, close } = createFront(opts);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}`, port, close };
}

/** Requests that asked for `100 Continue`: it is sent only once their headers passed authentication. */
const awaitingContinue = new WeakSet<http.IncomingMessage>();

/** The front's server, not yet listening, and how to close it. */
export function createFront(opts: FrontOptions): { server: http.Server; close(): Promise<void> } {
  if (!opts.prism) throw new TypeError("The signature front needs `prism`, the mocker that answers what it accepts.");
  const windowSeconds = opts.windowSeconds ?? DEFAULT_WINDOW_SECONDS;
  const futureSeconds = opts.futureSeconds ?? DEFAULT_FUTURE_SECONDS;
  const production = (opts.auth ?? "production") === "production";
  if (production && !opts.keys?.size) throw new TypeError("The signature front needs keys in production mode.");
  const now = opts.now ?? (() => new Date());
  const replays = (opts.replay ?? DEFAULT_REPLAY) === "reject" ? new ReplayGuard(windowSeconds) : undefined;

  async function serve(req: http.IncomingMessage, res: http.ServerResponse) {
    // Node's server always sets both on a request it hands over; the defaults only satisfy the types.
    // Stryker disable next-line StringLiteral: unreachable, as said
    const url = req.url ?? "/";
    // Stryker disable next-line StringLiteral: unreachable, as said
    const method = req.method ?? "GET";
    const invite = () => awaitingContinue.has(req) && res.writeContinue();
    // The one reading of the target: what is authenticated below is what Prism and the stateful mode route.
    const target = readTarget(url);
    if (!target.ok) {
      // A path ending in slashes may still name a control route (`/__mock/`, as people type the API's root):
      // the control API reads it as the same route without them. A path whose only problem is its trailing
      // slashes reads well without them; any other is refused here.
      const rest = readTarget(`${target.path.replace(/\/+$/, "")}${url.slice(target.path.length)}`);
      if (rest.ok && opts.serveFirst)
        if (await opts.serveFirst(req, res, { path: target.path, query: rest.query, invite })) return;
      return refuse(req, res, target.path, target.problem);
    }
    const { path, query } = target;
    // Node's own refusal of this has no body; this one has the envelope.
    if (req.httpVersion === "1.1" && req.headers.host === undefined) return refuse(req, res, path, "missing-host");

    if (opts.home && serveHome(req, res, path, opts.home)) return;

    if (opts.serveFirst && (await opts.serveFirst(req, res, { path, query, invite }))) return;

    // Everything the headers can show is checked before a byte of the body is read.
    const bearerRoute = isBearerRoute(path);
    const tokens = bearerRoute ? opts.portfolioTokens : production ? undefined : opts.sandboxTokens;
    if (tokens) {
      const failure = checkBearer(header(req, AUTHORIZATION_HEADER), tokens);
      if (failure) return unauthorized(req, res, path, failure);
    }
    let signed: SignedHeaders | undefined;
    if (production && !bearerRoute) {
      const check = verifyHeaders(
        { method, path, authorization: header(req, AUTHORIZATION_HEADER), date: header(req, DATE_HEADER) },
        { keys: opts.keys!, now: now(), windowSeconds, futureSeconds },
      );
      if (!check.ok) return unauthorized(req, res, path, check.failure, check.accessKey);
      signed = check.signed;
    }
    // Only now is the client invited to send its body.
    invite();

    // Stryker disable next-line ConditionalExpression: a hash of an unsigned body would only be computed: nothing reads it
    const read = await readBody(req, signed !== undefined);
    // Stryker disable next-line ConditionalExpression: an aborted read means the caller's connection ended mid-body, and the clientError answer closes it: nothing written after reaches anyone
    if (!read.ok) return read.problem === "too-large" ? refuse(req, res, path, "body-too-large") : res.destroy();
    const { body } = read;
    if (signed) {
      if (!signatureMatches(signed, method, path, read.hash!))
        return unauthorized(req, res, path, "signature-mismatch", signed.accessKey);
      if (replays && !SAFE_METHODS.has(method) && !replays.firstUse(signed.signature, signed.time, now()))
        return unauthorized(req, res, path, "replayed-signature", signed.accessKey);
    }
    if (body.length > 0 && isJson(req.headers["content-type"])) {
      // Prism 5.16 answers 500 on very deep JSON and never answers JSON that does not parse: both are answered here.
      if (nestsDeeperThan(body)) return refuse(req, res, path, "json-too-deep");
      if (!parsesAsJson(body)) return refuse(req, res, path, "malformed-json");
    }
    // Prism 5.16's form handling throws, uncaught, on some malformed multipart and URL-encoded bodies: one would end
    // the mock.
    // Stryker disable next-line ConditionalExpression,EqualityOperator: crashesPrism finds no part or name to fail on in an empty body and answers false for every type
    if (body.length > 0 && crashesPrism(req.headers["content-type"], body, path))
      return refuse(req, res, path, "malformed-form");

    const accepted: AcceptedRequest = {
      method,
      path,
      query,
      headers: req.headers,
      rawHeaders: req.rawHeaders,
      body,
      accessKey: signed?.accessKey,
    };
    if (opts.handle && (await opts.handle(accepted, res))) return;
    const answer = await answerFor(res, path, () => opts.prism(accepted));
    // Stryker disable next-line ConditionalExpression: equivalent; with no answer answerFor's 500 has ended the
    // response, and write's throw on nothing only reaches the catch below, which destroys what has ended
    if (answer) write(res, answer);
  }

  function unauthorized(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    path: string,
    failure: AuthFailure,
    accessKey?: string,
  ) {
    opts.onRefused?.(`401 ${failure} ${req.method} ${path}${accessKey ? ` (access key ${accessKey})` : ""}`);
    answer(req, res, 401, unauthorizedBody(path, failure, now()), { [FAILURE_HEADER]: failure });
  }

  function refuse(req: http.IncomingMessage, res: http.ServerResponse, path: string, refusal: Refusal) {
    opts.onRefused?.(`400 ${refusal} ${req.method} ${printable(path)}`);
    answer(req, res, 400, errorBody({ status: 400, path, detail: refusalDetail(refusal), now: now() }), {
      [REFUSAL_HEADER]: refusal,
    });
  }

  function onRequest(req: http.IncomingMessage, res: http.ServerResponse) {
    serve(req, res).catch((err: Error) => {
      // A bug in the front must not take the mock down: answer what can still be answered, keep serving.
      if (res.headersSent) return res.destroy();
      answer(
        req,
        res,
        500,
        errorBody({
          status: 500,
          // Stryker disable next-line StringLiteral: unreachable; Node's server always sets req.url
          path: (req.url ?? "/").split(/[?#]/, 1)[0]!,
          detail: `The mock's front failed on this request (${err.name}).`,
          now: new Date(),
        }),
        { Connection: "close" },
      );
    });
  }

  // The Host check is the front's (Node's own answers 400 without a body).
  const server: http.Server = http.createServer({ requireHostHeader: false }, onRequest);
  // Node answers `Expect: 100-continue` by itself unless told otherwise: here it waits for authentication.
  server.on("checkContinue", (req: http.IncomingMessage, res: http.ServerResponse) => {
    awaitingContinue.add(req);
    onRequest(req, res);
  });
  // Any other expectation: 417 in the envelope (Node's own has no body).
  server.on("checkExpectation", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = req.url!.split(/[?#]/, 1)[0]!; // a request a server receives always has its target
    answer(
      req,
      res,
      417,
      errorBody({ status: 417, path, detail: "The mock meets no expectation but 100-continue.", now: now() }),
    );
  });
  server.on("clientError", answerClientError);
  boundConnections(server, {
    idleMs: opts.idleTimeoutMs,
    firstByteMs: opts.firstByteTimeoutMs,
    maxConnections: opts.maxConnections,
  });
  // A client that half-closes its socket after sending still gets its answer: Node's default ends the socket
  // then. The switch is Node's own (long-standing, used by its tests) but missing from @types/node.
  (server as http.Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  return {
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Reading twice changes nothing and pollers repeat the same GET within a second: replays are refused for the other
 * methods only.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Writes an answer the mocker made; the client's connection is the front's to manage, so its headers are its own. */
function write(res: http.ServerResponse, answer: MockAnswer) {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(answer.headers))
    if (value !== undefined && !HOP_BY_HOP.has(name.toLowerCase())) headers[name] = value;
  res.writeHead(answer.status, headers);
  res.end(answer.body);
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  // Node gives an array for Set-Cookie alone: a repeated Authorization keeps its first, a repeated X-SVC-Date is
  // joined with ", " (and then fails the timestamp's format).
  return req.headers[name.toLowerCase()] as string | undefined;
}

/** For log lines: a refused path can hold anything the client sent. */
const printable = (path: string) => JSON.stringify(path.length > 200 ? `${path.slice(0, 200)}…` : path).slice(1, -1);
