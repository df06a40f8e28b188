// A hostile server on 127.0.0.1 for the hardening tests: each test answers with raw node:http.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

/** Starts a server on a free port; `received` lists every request with its whole body. */
export async function hostileServer(answer: (req: IncomingMessage, res: ServerResponse, received: Received) => void) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const r = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) };
      received.push(r);
      answer(req, res, r);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
