import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { errorBody } from "../../server/envelope.ts";
import { readBody } from "../../server/body.ts";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "../request/json.ts";
import { tooLarge } from "./controlAccess.ts";
import { CONTROL_LIMITS } from "./limits.ts";
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
  // Stryker disable next-line ConditionalExpression: JSON.stringify(undefined) is undefined, which writes no body and no JSON headers either
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
    let outcome: Awaited<ReturnType<typeof mock.handle>>;
    try {
      outcome = await mock.handle(request);
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
 * The control API, served before the front authenticates or reads anything: the gate decides from the head (Host,
 * Origin, token, Content-Type, a declared length), and only then is the body read, up to the control bound. So a
 * refused or oversized control call costs its headers and at most that bound, never the front's 10 MiB.
 */
export function controlServer(mock: StatefulMock) {
  return async (
    req: IncomingMessage,
    res: ServerResponse,
    { path, query, invite }: { path: string; query: string; invite: () => void },
  ): Promise<boolean> => {
    if (!mock.isControlPath(path)) return false;
    // A request a server receives always has its method.
    const head = { method: req.method!, headers: req.headers, localPort: res.socket?.localPort };
    // Refused from the head: the unread body is not wanted, so the connection closes after the answer.
    const refused = mock.admitControl(head);
    if (refused) {
      writeReply(res, { ...refused, headers: { ...refused.headers, Connection: "close" } });
      return true;
    }
    invite();
    // Stryker disable next-line BooleanLiteral: a hash of the body would only be computed: nothing here reads it
    const read = await readBody(req, false, CONTROL_LIMITS.bodyBytes);
    if (!read.ok) {
      // Stryker disable next-line CallExpression,ConditionalExpression,StringLiteral: the caller's connection ended mid-body and the front's clientError answer (Node's parse error) closes it: nothing written after reaches anyone
      if (read.problem === "aborted") res.destroy();
      else writeReply(res, { ...tooLarge(), headers: { Connection: "close" } });
      return true;
    }
    if (nestsDeeperThan(read.body)) {
      writeReply(res, { status: 400, body: { error: `The control body nests deeper than ${MAX_JSON_DEPTH} levels.` } });
      return true;
    }
    try {
      writeReply(res, mock.control({ ...head, path, query, body: read.body }));
    } catch (err) {
      writeReply(res, { status: 500, body: { error: `Control API failure: ${(err as Error).name}.` } });
    }
    return true;
  };
}

/** The front options that plug the stateful mode in: its control API first, then its handler. */
export const statefulFrontOptions = (mock: StatefulMock) => ({
  serveFirst: controlServer(mock),
  handle: statefulHandler(mock),
});
