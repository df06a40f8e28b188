import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import { errorBody } from "../answers/errors.ts";
import { DROP, type StatefulMock, type StatefulRequest } from "./index.ts";
import type { Reply } from "./reply.ts";

/** What the front hands its request handler once a request passed its checks (the parts used here). */
export interface AcceptedRequestLike {
  method: string;
  path: string;
  query: string;
  rawHeaders: string[];
  body: Uint8Array;
}

/** Header names in lower case, repeated ones joined with ", ", as Node's `req.headers` has them. */
export function headersOf(rawHeaders: readonly string[]): IncomingHttpHeaders {
  const headers: Record<string, string> = {};
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase();
    headers[name] = name in headers ? `${headers[name]}, ${rawHeaders[i + 1]}` : rawHeaders[i + 1]!;
  }
  return headers;
}

export function writeReply(res: ServerResponse, answer: Reply): void {
  const json = answer.body === undefined ? "" : JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    ...(json ? { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(json) } : {}),
    ...answer.headers,
  });
  res.end(json);
}

/**
 * The stateful mode as the front's request handler: serves the control API, answers or drops the
 * operations it keeps state for, and returns false for the rest (the front passes them to Prism).
 * A failure inside the mock answers 500 in the flat envelope rather than leaving the client hanging.
 */
export function statefulHandler(mock: StatefulMock) {
  return async (accepted: AcceptedRequestLike, res: ServerResponse): Promise<boolean> => {
    const request: StatefulRequest = {
      method: accepted.method,
      path: accepted.path,
      query: accepted.query,
      headers: headersOf(accepted.rawHeaders),
      body: accepted.body,
      localPort: res.socket?.localPort,
    };
    let outcome: Awaited<ReturnType<typeof mock.handle>> | ReturnType<typeof mock.control>;
    try {
      outcome = mock.isControlPath(request.path) ? mock.control(request) : await mock.handle(request);
    } catch (err) {
      writeReply(res, {
        status: 500,
        body: errorBody({
          status: 500,
          path: request.path,
          detail: `Stateful mock failure: ${(err as Error).message}`,
          now: new Date(),
        }),
      });
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
  };
}

/**
 * The front options that plug the stateful mode in: its handler, and its control API, which the front leaves to the
 * control gate.
 */
export const statefulFrontOptions = (mock: StatefulMock) => ({
  handle: statefulHandler(mock),
  unauthenticated: mock.isControlPath,
});
