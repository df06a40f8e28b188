import type { IncomingMessage, ServerResponse } from "node:http";
import { DROP, type StatefulMock, type StatefulRequest } from "./index.ts";
import type { Reply } from "./reply.ts";

/** The request as the stateful mode takes it: method, path and raw query split from the URL, the exact body bytes. */
export function statefulRequest(req: IncomingMessage, url: string, body: Uint8Array): StatefulRequest {
  const q = url.indexOf("?");
  return { method: req.method ?? "GET", path: q < 0 ? url : url.slice(0, q), query: q < 0 ? "" : url.slice(q + 1), headers: req.headers, body };
}

export function writeReply(res: ServerResponse, answer: Reply): void {
  const json = answer.body === undefined ? "" : JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    ...(json ? { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(json) } : {}),
    ...answer.headers,
  });
  res.end(json);
}

/** Answers a control call. */
export function serveControl(mock: StatefulMock, request: StatefulRequest, res: ServerResponse): void {
  writeReply(res, mock.control(request));
}

/**
 * Lets the stateful mode answer or drop an authenticated request; resolves false when it passes the
 * request on (the caller forwards it to Prism). A fault in the mock itself answers 500 in the flat
 * envelope rather than hanging the client.
 */
export async function serveStateful(mock: StatefulMock, request: StatefulRequest, res: ServerResponse): Promise<boolean> {
  let outcome;
  try {
    outcome = await mock.handle(request);
  } catch (err) {
    writeReply(res, { status: 500, body: { code: "00000000", status: 500, detail: `Stateful mock failure: ${(err as Error).message}`, instance: request.path } });
    return true;
  }
  if (outcome === undefined) return false;
  if (outcome === DROP) {
    // No answer at all: the client sees the connection close, as after a timeout on the way back.
    res.socket?.destroy();
    return true;
  }
  writeReply(res, outcome);
  return true;
}
