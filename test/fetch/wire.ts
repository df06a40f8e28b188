// A local server (127.0.0.1, a free port) that records every request as it arrived on the wire and checks its
// production signature with the mock's verifier over the exact bytes received: what the signing fetch sent,
// not what it meant to send. It answers 200 with `{}`, or what `answer` returns for a path.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { verifySignature, type AuthFailure } from "../../src/mock/auth/signature.ts";
import { decodeSecretKey } from "../../src/signing/secret.ts";

export const ACCESS_KEY = "AK_fetch";
export const SECRET_KEY = randomBytes(32).toString("base64url");

export interface Arrived {
  method: string;
  /** The request target as sent: path and query. */
  target: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The mock verifier's verdict on the signature (production requests). */
  verified: { ok: true } | { ok: false; failure: AuthFailure };
}

export interface WireServer {
  url: string;
  arrived: Arrived[];
  stop(): Promise<void>;
}

type Answer = (req: Arrived, res: http.ServerResponse) => boolean | void;

export function startWire(answer?: Answer): Promise<WireServer> {
  const keys = new Map([[ACCESS_KEY, decodeSecretKey(SECRET_KEY)]]);
  const arrived: Arrived[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
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
        verified: check.ok ? { ok: true } : { ok: false, failure: check.failure },
      };
      arrived.push(one);
      if (answer?.(one, res)) return;
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  // Longer than any test's pause: undici may reuse a socket the server has just closed (ECONNRESET) at the default 5 s.
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        arrived,
        stop: () => new Promise((done) => (server.closeAllConnections(), server.close(() => done()))),
      });
    });
  });
}
