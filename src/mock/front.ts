import http from "node:http";
import type { AddressInfo } from "node:net";
import { AUTHORIZATION_HEADER, DATE_HEADER } from "../signing/index.ts";
import type { KeyStore } from "./keys.ts";
import { malformedJsonBody } from "./malformedJson.ts";
import type { StatefulMock } from "./stateful/index.ts";
import { serveControl, serveStateful, statefulRequest } from "./stateful/http.ts";
import { FAILURE_HEADER, unauthorizedBody } from "./unauthorized.ts";
import { verifySignature } from "./verifySignature.ts";

/** Default timestamp window of the mock: a mock setting, not a fact about production (the reference does not give one). */
export const DEFAULT_WINDOW_SECONDS = 300;
/** Bodies above this are refused before hashing; the reference gives no upload limit, this only protects the mock. */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;
/** Portfolio-variant paths authenticate with bearer tokens, not signatures: passed through for Prism to check. */
export const BEARER_PATH = /^\/v1\/portfolios\//;

export interface FrontOptions {
  /** Base URL of the Prism mock to forward to, e.g. http://127.0.0.1:4011. */
  upstream: string;
  /** production: every non-portfolio request must carry a valid signature. sandbox: no signature check. */
  auth?: "production" | "sandbox";
  /** Keys to verify against; needed in production mode. */
  keys?: KeyStore;
  /** Port on 127.0.0.1; 0 picks a free one. */
  port?: number;
  windowSeconds?: number;
  /** Injected clock, for tests. */
  now?: () => Date;
  /** Called once per refused request with a line that never holds a secret. */
  onRefused?: (line: string) => void;
  /** Stateful mode: answers its control API (no auth) and, after auth, the operations it keeps state for. */
  stateful?: StatefulMock;
}

export interface RunningFront {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Starts the signature front on 127.0.0.1: verifies each signed request, forwards good ones to Prism byte for byte. */
export async function startFront(opts: FrontOptions): Promise<RunningFront> {
  const upstream = new URL(opts.upstream);
  const agent = new http.Agent({ keepAlive: true });
  const windowSeconds = opts.windowSeconds ?? DEFAULT_WINDOW_SECONDS;
  const production = (opts.auth ?? "production") === "production";
  if (production && !opts.keys?.size) throw new TypeError("The signature front needs keys in production mode.");
  const now = opts.now ?? (() => new Date());

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on("error", () => res.destroy());
    req.on("end", () => {
      const url = req.url ?? "/";
      const path = url.split("?", 1)[0]!;
      if (size > MAX_BODY_BYTES) return refuseTooLarge(res);
      const body = Buffer.concat(chunks, size);
      if (opts.stateful?.isControlPath(path)) return serveControl(opts.stateful, statefulRequest(req, url, body), res);
      if (production && !BEARER_PATH.test(path)) {
        const clock = now();
        const result = verifySignature(
          {
            method: req.method ?? "GET",
            path,
            authorization: header(req, AUTHORIZATION_HEADER),
            date: header(req, DATE_HEADER),
            body,
          },
          { keys: opts.keys!, now: clock, windowSeconds },
        );
        if (!result.ok) {
          opts.onRefused?.(`401 ${result.failure} ${req.method} ${path}${result.accessKey ? ` (access key ${result.accessKey})` : ""}`);
          const json = JSON.stringify(unauthorizedBody(path, result.failure, clock));
          res.writeHead(401, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(json), [FAILURE_HEADER]: result.failure });
          return res.end(json);
        }
      }
      // Prism 5.16 never answers a body that is not JSON under a JSON content type: answer it here.
      if (body.length > 0 && isJson(req.headers["content-type"]) && !parsesAsJson(body)) {
        const json = JSON.stringify(malformedJsonBody(path, now()));
        res.writeHead(400, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(json) });
        return res.end(json);
      }
      if (!opts.stateful) return forward(req, res, url, body);
      void serveStateful(opts.stateful, statefulRequest(req, url, body), res).then((answered) => answered || forward(req, res, url, body));
    });
  });

  function forward(req: http.IncomingMessage, res: http.ServerResponse, url: string, body: Buffer) {
    // Raw headers keep names, order and duplicates as sent; only Expect is dropped (the body is already here).
    const headers: string[] = [];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      if (req.rawHeaders[i]!.toLowerCase() !== "expect") headers.push(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    }
    const up = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: url, headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
      answer.pipe(res);
    });
    up.on("error", (err) => {
      if (res.headersSent) return res.destroy();
      const json = JSON.stringify({ code: "00000000", status: 502, detail: `Mock front could not reach Prism: ${err.message}` });
      res.writeHead(502, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(json) });
      res.end(json);
    });
    up.end(body.length > 0 ? body : undefined);
  }

  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : value;
}

const isJson = (type: string | undefined) => !!type && /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type);

function parsesAsJson(body: Buffer): boolean {
  try {
    JSON.parse(body.toString("utf8"));
    return true;
  } catch {
    return false;
  }
}

function refuseTooLarge(res: http.ServerResponse) {
  const json = JSON.stringify({ code: "00000002", status: 413, detail: `Body larger than the mock's ${MAX_BODY_BYTES} bytes.` });
  res.writeHead(413, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(json), Connection: "close" });
  res.end(json);
}
