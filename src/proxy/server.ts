// The signing proxy (`fo-sign proxy`, after awslabs' aws-sigv4-proxy): listens on 127.0.0.1, forwards each request
// to one upstream origin, signed with the production HMAC over exactly the bytes it sends (with sandbox auth, the
// access key as a bearer token). Portfolio routes take a bearer token, so their Authorization passes through
// untouched. Redirects go back to the caller as they are. It signs for the tools its user runs, never for a web page
// (./browsers.ts), bounds its connections as the mock does, and can record what passes (./record.ts).
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { answer } from "../server/answer.ts";
import { MAX_BODY_BYTES, readBody } from "../server/body.ts";
import { type Bounds, boundConnections } from "../server/connections.ts";
import { errorBody } from "../server/envelope.ts";
import { allowedOrigins, browserVerdict, corsHeaders, preflightHeaders, refusalDetail } from "./browsers.ts";
import { endToEnd } from "./headers.ts";
import { keepBody, type Recording } from "./record.ts";
import { createSigner, type ProxyCredentials, type Signer } from "./sign.ts";
import { destinationOf, ownAuthorities } from "./target.ts";

/** The proxy's default body bound: the mock's (Prism's own 10 MiB). */
export const DEFAULT_MAX_BODY = MAX_BODY_BYTES;

export interface ProxyOptions {
  /** The one origin requests go to: http(s)://host[:port], no path, no credentials. */
  upstream: string;
  /** The keys: both for production auth, the access key alone for sandbox auth. */
  credentials: ProxyCredentials | Pick<ProxyCredentials, "accessKey">;
  /**
   * How customer routes authenticate: `production` (the default) signs each request with the HMAC; `sandbox` sends
   * `Authorization: Bearer <access key>`, the reference's sandbox authentication (the secret is not used).
   */
  auth?: "production" | "sandbox";
  /** Port on 127.0.0.1; 0 picks a free one. */
  port?: number;
  /** The largest request body forwarded (bytes); more is a 413. */
  maxBody?: number;
  /**
   * Origins whose web pages may have requests signed (`--allow-origin`, exact: `scheme://host[:port]`; never `null`);
   * every other request a browser marks as a page's is refused. None by default.
   */
  allowOrigins?: readonly string[];
  /**
   * Called once per request the proxy refuses itself, with a line that never holds a secret (the only header value in
   * it is a refused page's Origin, quoted).
   */
  onRefused?: (line: string) => void;
  /**
   * Where each exchange that reaches the upstream and is answered whole is written (./record.ts), as it completes;
   * answers are kept for it up to maxBody bytes while they pass to the caller unchanged.
   */
  recording?: Recording;
  /** Injected clock, for tests. */
  now?: () => Date;
  /** The connection bounds (the mock's by default: src/server/connections.ts), for tests. */
  bounds?: Bounds;
}

export interface RunningProxy {
  url: string;
  port: number;
  upstream: string;
  close(): Promise<void>;
}

/** Paths that authenticate with a bearer token (the reference's portfolio API), never with the HMAC signature. */
export const isPortfolioPath = (path: string) => path.startsWith("/v1/portfolios/");

/**
 * Request headers the proxy sets itself: Host (the upstream's) and Content-Length (of the bytes it sends) everywhere,
 * and on signed routes the caller's own credentials, replaced by the proxy's signature.
 */
const DROPPED_BEARER: ReadonlySet<string> = new Set(["host", "content-length"]);
const DROPPED_SIGNED: ReadonlySet<string> = new Set([...DROPPED_BEARER, "authorization", "x-svc-date"]);
/** The CORS headers of an upstream's answer, which the proxy's own replace for an allowed page. */
const UPSTREAM_CORS: ReadonlySet<string> = new Set([
  "access-control-allow-origin",
  "access-control-allow-credentials",
  "access-control-expose-headers",
]);

/**
 * The upstream origin, checked once at start.
 * @throws TypeError naming what is wrong (never the whole text when it carries credentials).
 */
export function upstreamOf(text: string): URL {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:"))
    throw new TypeError("--upstream must be an http:// or https:// origin, such as http://127.0.0.1:4010.");
  if (url.username || url.password)
    throw new TypeError("--upstream must not carry a user name or password: the proxy signs with FO_ACCESS_KEY.");
  if (url.pathname !== "/" || url.search || url.hash)
    throw new TypeError(
      `--upstream takes an origin only (${url.origin}): the path each request names is the path signed and sent.`,
    );
  return url;
}

export async function startProxy(opts: ProxyOptions): Promise<RunningProxy> {
  const upstream = upstreamOf(opts.upstream);
  const maxBody = opts.maxBody ?? DEFAULT_MAX_BODY;
  if (!Number.isSafeInteger(maxBody) || maxBody < 0) throw new TypeError("maxBody must be a whole number of bytes.");
  const allowed = allowedOrigins(opts.allowOrigins ?? []);
  const sandbox = opts.auth === "sandbox";
  const { credentials } = opts;
  if (!sandbox && !("secretKey" in credentials)) throw new TypeError("Production auth needs the secret key to sign.");
  const sign: Signer | undefined = "secretKey" in credentials ? createSigner(credentials, opts.now) : undefined;
  const transport = upstream.protocol === "https:" ? https : http;
  const agent = new transport.Agent({ keepAlive: true });
  let own: ReadonlySet<string> = new Set();
  const now = opts.now ?? (() => new Date());

  const refuse = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    status: number,
    path: string,
    detail: string,
    headers: Record<string, string> = {},
  ) => {
    opts.onRefused?.(`${status} ${req.method} ${path.slice(0, 256)}: ${detail}`);
    answer(req, res, status, errorBody({ status, path, detail, now: now(), envelope: "flat" }), headers);
  };

  async function serve(req: http.IncomingMessage, res: http.ServerResponse) {
    // A request a server receives always has both.
    const method = req.method!;
    const where = destinationOf(req.url!, req.headers.host, upstream, own);
    if (!where.ok) return refuse(req, res, where.status, where.path, where.detail);
    const { path, query } = where;
    // A web page's request is refused before a byte of its body is read, and nothing is signed or forwarded.
    const verdict = browserVerdict(method, req.headers, allowed);
    if (verdict.kind === "refused") return refuse(req, res, 403, path, refusalDetail(verdict));
    const cors = verdict.kind === "tool" ? {} : corsHeaders(verdict.origin);
    if (verdict.kind === "preflight") {
      res.writeHead(204, preflightHeaders(verdict.origin, req.headers)).end();
      return req.resume();
    }
    const signed = !isPortfolioPath(path);

    // The mock's one bounded body reader: a declared length over the bound is refused unread, a longer body stops
    // being kept at the bound, and the hash comes with the bytes (the signature needs it before the headers go).
    const read = await readBody(req, true, maxBody);
    if (!read.ok) {
      // Stryker disable next-line ConditionalExpression,StringLiteral: an aborted read means the caller's connection ended mid-body, and Node's own clientError answer closes it: nothing written after reaches anyone
      if (read.problem === "aborted") return res.destroy();
      return refuse(
        req,
        res,
        413,
        path,
        `The request body is larger than this proxy's bound of ${maxBody} bytes.`,
        cors,
      );
    }
    const { body } = read;
    const forwarded = endToEnd(req.rawHeaders, signed ? DROPPED_SIGNED : DROPPED_BEARER);
    forwarded.push("Host", upstream.host);
    // Only a framed request has a body: the same framing goes on, as the length of the bytes read.
    const framed = req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined;
    if (framed) forwarded.push("Content-Length", String(body.length));
    if (signed && sandbox) forwarded.push("Authorization", `Bearer ${credentials.accessKey}`);
    else if (signed && sign) {
      let signature: Awaited<ReturnType<Signer>>;
      try {
        signature = await sign({ method, path, bodyHash: read.hash! });
      } catch (err) {
        // The signer's messages name the input, never the key.
        return refuse(req, res, 400, path, `This request cannot be signed: ${(err as Error).message}`, cors);
      }
      forwarded.push("Authorization", signature.Authorization, "X-SVC-Date", signature["X-SVC-Date"]);
    }

    const upstreamPath = query ? `${path}?${query}` : path;
    const began = performance.now();
    const startedAt = now();
    let sent = began;
    const up = transport.request(
      {
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: upstream.port,
        method,
        path: upstreamPath,
        // The Host pushed above is the one sent: Node adds its own only to headers that have none.
        headers: forwarded,
        agent,
      },
      (answered) => {
        // Never followed: a 3xx goes back to the caller as it came, Location included. An allowed page gets the proxy's
        // CORS headers in place of any the upstream sent.
        const headers = endToEnd(answered.rawHeaders, verdict.kind === "tool" ? undefined : UPSTREAM_CORS);
        for (const [name, value] of Object.entries(cors)) headers.push(name, value);
        res.writeHead(answered.statusCode ?? 502, answered.statusMessage, headers);
        const recording = opts.recording;
        if (recording) {
          const head = performance.now();
          const kept = keepBody(answered, maxBody);
          // Only a whole answer ends: one the caller or the upstream cut short is not recorded (it says nothing of the
          // document).
          answered.on("end", () => {
            const ended = performance.now();
            recording.add({
              startedAt,
              request: { method, url: `${upstream.origin}${upstreamPath}`, headers: forwarded, body },
              response: {
                status: answered.statusCode ?? 0,
                statusText: answered.statusMessage!,
                headers: endToEnd(answered.rawHeaders),
                ...kept(),
              },
              timings: { send: sent - began, wait: Math.max(0, head - sent), receive: ended - head },
            });
          });
        }
        answered.pipe(res);
        answered.on("error", () => res.destroy());
      },
    );
    // The caller went away: so does its upstream request (once the answer is whole, destroying it changes nothing:
    // Node has handed its connection back to the agent).
    res.on("close", () => up.destroy());
    up.on("error", (err: NodeJS.ErrnoException) => {
      // An answer that breaks off after its head (a malformed chunk) can only be cut short in turn.
      if (res.headersSent) return res.destroy();
      // Upstream closed the connection without an answer (a dropped execute, "socket hang up", or a reset): the
      // caller gets no answer either, so it sees what it would have seen without the proxy, an outcome it does not
      // know.
      if (err.code === "ECONNRESET") return res.destroy();
      const status = 502;
      refuse(
        req,
        res,
        status,
        path,
        `The upstream ${upstream.origin} could not be reached (${err.code ?? err.message}).`,
        cors,
      );
    });
    up.once("finish", () => (sent = performance.now()));
    // Stryker disable next-line ConditionalExpression,EqualityOperator: ending with an empty buffer sends the same bytes as ending with nothing
    up.end(body.length > 0 ? body : undefined);
  }

  const server = http.createServer((req, res) => {
    serve(req, res).catch(() => res.destroy());
  });
  // CONNECT asks for a tunnel, whose bytes the proxy could not sign: refused.
  server.on("connect", (_req: http.IncomingMessage, socket: Duplex) => {
    const json = JSON.stringify(
      errorBody({
        status: 405,
        path: "/",
        detail: "CONNECT is not served: this proxy signs each request, and a tunnel's bytes cannot be signed.",
        now: now(),
      }),
    );
    opts.onRefused?.("405 CONNECT: tunnels are not served");
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}` +
        `\r\nConnection: close\r\n\r\n${json}`,
      () => socket.destroy(),
    );
  });
  // Silent and slow connections are bounded as the mock's are: a first-byte timeout, a bound on the head's arrival,
  // room kept under the descriptor limit.
  boundConnections(server, opts.bounds);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  own = ownAuthorities(port);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    upstream: upstream.origin,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
