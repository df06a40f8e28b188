// How the front writes the answers it makes itself: a JSON error on a response, or on a bare socket when
// Node's parser refused the request before there was a response.
import http from "node:http";
import type { Duplex } from "node:stream";
import { MAX_BODY_BYTES } from "./body.ts";
import { errorBody } from "./envelope.ts";

/**
 * Sends a JSON answer the front decides itself. When the body has not been read (refused on its headers),
 * the connection closes after the answer and what is still sent is dropped unread, up to the body limit.
 */
export function answer(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const json = JSON.stringify(body);
  const unread = !req.complete;
  // Whatever was set before (Prism's headers, when it failed half-way) is not part of this answer.
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(json),
    ...headers,
    ...(unread ? { Connection: "close" } : {}),
  });
  res.end(json);
  if (unread) discardRest(req);
}

function discardRest(req: http.IncomingMessage) {
  let dropped = 0;
  const cut = () => req.socket.destroy();
  const timer = setTimeout(cut, 5_000).unref();
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > MAX_BODY_BYTES) cut();
  });
  req.once("end", () => clearTimeout(timer));
  req.resume();
}

/**
 * What Node's parser refuses (a malformed request line or header, two Content-Lengths, an unknown method,
 * headers too large, a request not sent in time) gets its status as Node would send it, with a JSON body in
 * the envelope of the path when the request line shows one; then the connection closes, as Node's does.
 */
export function answerClientError(
  err: NodeJS.ErrnoException & { rawPacket?: Buffer },
  socket: Duplex & { bytesWritten?: number },
) {
  if (err.code === "ECONNRESET" || !socket.writable || (socket.bytesWritten ?? 0) > 0) return void socket.destroy();
  const status = err.code === "HPE_HEADER_OVERFLOW" ? 431 : err.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  const detail =
    status === 431
      ? "The request headers are larger than the mock takes."
      : status === 408
        ? "The request was not received in time."
        : `The request is not valid HTTP/1.1 (${err.code ?? "parse error"}).`;
  const target = /^[A-Z]+ (\/\S*) HTTP\//.exec(err.rawPacket?.toString("latin1", 0, 2048) ?? "")?.[1] ?? "/";
  const json = JSON.stringify(errorBody({ status, path: target.split(/[?#]/, 1)[0]!, detail, now: new Date() }));
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    () => socket.destroy(),
  );
}
