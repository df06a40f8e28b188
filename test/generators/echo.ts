// A local HTTP server that records every request as it arrived on the wire and answers with a small
// JSON body, so a generated client can be checked byte for byte. Listens on 127.0.0.1, a free port.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface Recorded {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const RFI_TOTAL = 3;

/** The answer of each call the drivers make: a typed success body where the test reads one. */
function answer(method: string, pathname: string): { status: number; body: unknown } {
  if (method === "GET" && pathname.endsWith("/rfi-cases")) return { status: 200, body: { list: [], total: RFI_TOTAL } };
  if (method === "POST" && pathname.endsWith("/conversions/quote"))
    return { status: 201, body: { quote_id: "3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69" } };
  return { status: 200, body: {} };
}

export async function startEcho() {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      requests.push({ method: req.method ?? "", url, headers: req.headers, body: Buffer.concat(chunks) });
      const { status, body } = answer(req.method ?? "", url.pathname);
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
