// The local server the consumer projects send their requests to: the shared wire server
// (test/helpers/wireServer.ts), refusing what fails the signature check, answering the two routes the projects
// call, and summarising what it saw.
import type http from "node:http";
import type { KeyStore } from "../../src/mock/auth/keys.ts";
import { type Arrived, startWireServer } from "../helpers/wireServer.ts";

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
  readonly seen: SeenRequest[];
  stop(): Promise<void>;
}

const MAX_BODY = 8 * 1024 * 1024;
const RFI_CASES = /^\/api\/v1\/customers\/[^/]+\/rfi-cases$/;
const BUSINESS_DOCUMENT = /^\/api\/v2\/accounts\/[^/]+\/businesses\/[^/]+\/documents\/[^/]+$/;

function reply(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  return true;
}

function answer(req: Arrived, res: http.ServerResponse): boolean {
  if (!req.verified.ok) return reply(res, 401, { code: "UNAUTHORIZED", message: req.verified.failure });
  if (req.method === "GET" && RFI_CASES.test(req.path)) return reply(res, 200, { total: 0, list: [] });
  if (req.method === "PUT" && BUSINESS_DOCUMENT.test(req.path))
    return reply(res, 200, { received_bytes: req.body.byteLength, received_sha256: req.sha256 });
  return reply(res, 404, { code: "NOT_FOUND", message: `${req.method} ${req.path}` });
}

function summary(req: Arrived): SeenRequest {
  const contentType = req.headers["content-type"];
  return {
    method: req.method,
    path: req.path,
    verified: req.verified.ok,
    ...(req.verified.ok ? {} : { failure: req.verified.failure }),
    ...(contentType ? { contentType } : {}),
    bytes: req.body.byteLength,
    sha256: req.sha256,
  };
}

export async function startVerifyingServer(keys: KeyStore): Promise<VerifyingServer> {
  const wire = await startWireServer({ keys, answer, maxBody: MAX_BODY });
  return {
    url: wire.url,
    get seen() {
      return wire.arrived.map(summary);
    },
    stop: wire.stop,
  };
}
