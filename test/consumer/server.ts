// The local server the consumer projects send their requests to (127.0.0.1, a free port): it checks every
// production signature with the mock's verifier over the exact bytes received and records what it saw.
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { KeyStore } from "../../src/mock/auth/keys.ts";
import { verifySignature } from "../../src/mock/auth/signature.ts";

export interface SeenRequest {
  method: string;
  path: string;
  verified: boolean;
  failure?: string;
  contentType?: string;
  bytes: number;
  sha256: string;
}

export interface VerifyingServer {
  url: string;
  seen: SeenRequest[];
  stop(): Promise<void>;
}

const MAX_BODY = 8 * 1024 * 1024;
const RFI_CASES = /^\/api\/v1\/customers\/[^/]+\/rfi-cases$/;
const BUSINESS_DOCUMENT = /^\/api\/v2\/accounts\/[^/]+\/businesses\/[^/]+\/documents\/[^/]+$/;

function answer(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

export function startVerifyingServer(keys: KeyStore): Promise<VerifyingServer> {
  const seen: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > MAX_BODY) req.destroy();
      else chunks.push(chunk);
    });
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
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
      const sha256 = createHash("sha256").update(body).digest("hex");
      const contentType = req.headers["content-type"];
      seen.push({
        method: req.method ?? "",
        path,
        verified: check.ok,
        ...(check.ok ? {} : { failure: check.failure }),
        ...(contentType ? { contentType } : {}),
        bytes: body.byteLength,
        sha256,
      });
      if (!check.ok) return answer(res, 401, { code: "UNAUTHORIZED", message: check.failure });
      if (req.method === "GET" && RFI_CASES.test(path)) return answer(res, 200, { total: 0, list: [] });
      if (req.method === "PUT" && BUSINESS_DOCUMENT.test(path))
        return answer(res, 200, { received_bytes: body.byteLength, received_sha256: sha256 });
      answer(res, 404, { code: "NOT_FOUND", message: `${req.method} ${path}` });
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        seen,
        stop: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
