// The matrix's recording server: keeps every request as it arrived on the wire and answers the scenario's
// calls (test/generators/matrix/scenario.json). Listens on 127.0.0.1, a free port; one per generator.
import { createServer } from "node:http";

/**
 * @typedef {{ method: string, url: URL, headers: import("node:http").IncomingHttpHeaders, body: Buffer }} Recorded
 */

/**
 * The answer to a request: the RFI list, an error with an unlisted code, an order in a new status, else `{}`.
 * @param {any} scenario test/generators/matrix/scenario.json, as parsed
 * @param {string} method @param {string} pathname
 * @returns {{ status: number, body: unknown }}
 */
export function answer(scenario, method, pathname) {
  const customer = `/v1/customers/${scenario.customer_id}`;
  if (method === "GET" && pathname === `${customer}/rfi-cases`)
    return { status: scenario.rfi_list.status, body: { list: [], total: scenario.rfi_list.total } };
  if (method === "POST" && pathname === `${customer}/conversions/quote`) {
    const body = {
      code: scenario.quote.unknown_code,
      status: scenario.quote.status,
      detail: "A code this document does not list.",
      instance: pathname,
      trace_id: "7f9c2b1e4d3a4c8e9b0a1f2e3d4c5b6a",
      time: "2026-11-21T09:30:00Z",
    };
    return { status: scenario.quote.status, body };
  }
  if (method === "POST" && pathname === `${customer}/conversions/hedge`)
    return {
      status: scenario.execute.status,
      body: { transaction_id: scenario.execute.transaction_id, order_status: scenario.execute.new_order_status },
    };
  return { status: 200, body: {} };
}

/**
 * Starts the recording server on 127.0.0.1, a free port.
 * @param {any} scenario
 * @returns {Promise<{ url: string, requests: Recorded[], close(): Promise<void> }>}
 */
export async function startEcho(scenario) {
  /** @type {Recorded[]} */
  const requests = [];
  const server = createServer((req, res) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on("data", (/** @type {Buffer} */ c) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      requests.push({ method: req.method ?? "", url, headers: req.headers, body: Buffer.concat(chunks) });
      const { status, body } = answer(scenario, req.method ?? "", url.pathname);
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  // Listening on a TCP port: the address is an AddressInfo.
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
