// A local server (127.0.0.1, a free port) that records every request as it arrived on the wire and checks its
// production signature with the mock's verifier over the exact bytes received: what a client sent, not what it
// meant to send. Shared by the signing-fetch tests and the packed-package consumer test. It answers 200 with
// `{}` unless `answer` handles the request.
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { KeyStore } from "../../src/mock/auth/keys.ts";
import { type AuthFailure, verifySignature } from "../../src/mock/auth/signature.ts";

export interface Arrived {
  method: string;
  /** The request target as sent: path and query. */
  target: string;
  /** The target without its query, not normalised. */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** SHA-256 of the body, hex. */
  sha256: string;
  /** The mock verifier's verdict on the signature (production requests). */
  verified: { ok: true } | { ok: false; failure: AuthFailure };
}

export interface WireServer {
  url: string;
  arrived: Arrived[];
  stop(): Promise<void>;
}

/** Answers a request itself and returns true, or returns false/nothing for the default 200 `{}`. */
export type WireAnswer = (req: Arrived, res: http.ServerResponse) => boolean | undefined;

export interface WireOptions {
  keys: KeyStore;
  answer?: WireAnswer;
  /** A request whose body grows past this many bytes is cut off (no answer, not recorded). */
  maxBody?: number;
}

export function startWireServer({
  keys,
  answer,
  maxBody = Number.POSITIVE_INFINITY,
}: WireOptions): Promise<WireServer> {
  const arrived: Arrived[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBody) req.destroy();
      else chunks.push(chunk);
    });
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const target = req.url ?? "/";
      const path = target.replace(/\?.*$/s, "");
      const date = req.headers["x-svc-date"];
      const check = verifySignature(
        {
          method: req.method ?? "",
          path,
          authorization: req.headers.authorization,
          date: Array.isArray(date) ? date[0] : date,
          body,
        },
        { keys, now: new Date(), windowSeconds: 300 },
      );
      const one: Arrived = {
        method: req.method ?? "",
        target,
        path,
        headers: req.headers,
        body,
        sha256: createHash("sha256").update(body).digest("hex"),
        verified: check.ok ? { ok: true } : { ok: false, failure: check.failure },
      };
      arrived.push(one);
      if (answer?.(one, res)) return;
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  // Longer than any test's pause: undici may reuse a socket the server has just closed (ECONNRESET) at the
  // default 5 s.
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        arrived,
        stop: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
