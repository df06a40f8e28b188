// Shared pieces of the proxy tests: keys made at run time, a raw HTTP/1.1 exchange (for targets fetch would
// normalise or refuse), and a proxy started in-process on a free port in front of a given upstream.
import { randomBytes } from "node:crypto";
import net from "node:net";
import { parseKeys } from "../../src/mock/auth/keys.ts";
import { decodeSecretKey } from "../../src/signing/secret.ts";
import { type RunningProxy, startProxy } from "../../src/proxy/server.ts";

export const keys = {
  accessKey: `AK-proxy-${randomBytes(4).toString("hex")}`,
  secretKey: randomBytes(32).toString("base64url"),
};
export const keyStore = () => parseKeys({ [keys.accessKey]: keys.secretKey }, "test keys");

/** A proxy for `upstream` with the test keys; `refused` collects its refusal lines. */
export async function proxyFor(
  upstream: string,
  options: {
    maxBody?: number;
    allowOrigins?: string[];
    bounds?: import("../../src/server/connections.ts").Bounds;
    recording?: import("../../src/proxy/record.ts").Recording;
  } = {},
): Promise<RunningProxy & { refused: string[] }> {
  const refused: string[] = [];
  const proxy = await startProxy({
    upstream,
    credentials: { accessKey: keys.accessKey, secretKey: decodeSecretKey(keys.secretKey) },
    onRefused: (line) => refused.push(line),
    ...options,
  });
  return Object.assign(proxy, { refused });
}

export interface RawAnswer {
  status: number;
  head: string;
  body: string;
}

/**
 * Sends `request` (the whole HTTP/1.1 message, as bytes or text) on a fresh connection and reads one answer: until its
 * Content-Length is complete, its last chunk came, or the server closed the connection.
 */
export function rawExchange(port: number, request: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let data = Buffer.alloc(0);
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const text = data.toString("latin1");
      const end = text.indexOf("\r\n\r\n");
      const head = end < 0 ? text : text.slice(0, end);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, head, body: end < 0 ? "" : text.slice(end + 4) });
      socket.destroy();
    };
    socket.on("data", (chunk) => {
      data = Buffer.concat([data, chunk]);
      const text = data.toString("latin1");
      const end = text.indexOf("\r\n\r\n");
      if (end < 0) return;
      const head = text.slice(0, end);
      const length = /\r\ncontent-length: (\d+)/i.exec(head)?.[1];
      if (length !== undefined && data.length - (end + 4) >= Number(length)) finish();
      else if (/\r\ntransfer-encoding: chunked/i.test(head) && text.endsWith("\r\n0\r\n\r\n")) finish();
    });
    socket.on("close", finish);
    socket.on("error", (err) => (data.length > 0 ? finish() : reject(err)));
    socket.write(request);
  });
}

/** Raw bytes to the proxy on 127.0.0.1 (`talk` writes them once connected); everything answered until it closed. */
export function untilClosed(port: number, talk: (socket: net.Socket) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (d) => (received += d));
    socket.on("error", reject);
    socket.on("close", () => resolve(received));
    socket.on("connect", () => talk(socket));
  });
}
