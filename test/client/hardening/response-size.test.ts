// Response bodies are bounded in size and time. Once: response bodies were unbounded in size and time: a body that
// never ends hung any call (the timeout covered only the headers), and a small gzip that inflates to 400 MB took 2
// GB. The timeout now covers the whole attempt and maxResponseBytes bounds the body after decompression.
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createClient, executeQuote, ResponseTooLargeError, TimeoutError } from "../../../src/index.ts";
import { CUSTOMER, HMAC } from "../helpers.ts";
import { issuedQuote } from "./quote.ts";
import { hostileServer } from "./server.ts";

const MiB = 2 ** 20;
const bomb = gzipSync(Buffer.alloc(64 * MiB)); // about 64 KB on the wire
let server: Awaited<ReturnType<typeof hostileServer>>;

beforeAll(async () => {
  server = await hostileServer((req, res) => {
    const kind = req.headers["x-test"];
    if (kind === "endless") {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.write("[");
      const timer = setInterval(() => res.write("0,"), 20);
      res.on("close", () => clearInterval(timer));
    } else if (kind === "huge") {
      res.writeHead(200, { "Content-Type": "application/json" });
      const chunk = Buffer.alloc(64 * 1024, 32);
      let sent = 0;
      const pump = () => {
        while (sent < 40 * MiB && res.write(chunk)) sent += chunk.length;
        if (sent >= 40 * MiB) res.end();
      };
      res.on("drain", pump);
      pump();
    } else if (kind === "declared") {
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": String(2 * MiB) }).flushHeaders();
    } else if (kind === "bomb") {
      res
        .writeHead(200, {
          "Content-Type": "application/json",
          "Content-Encoding": "gzip",
          "Content-Length": bomb.length,
        })
        .end(bomb);
    } else {
      res.writeHead(200, { "Content-Type": "application/json" }).end('{"list":[],"total":0}');
    }
  });
});
afterAll(() => server.close());

const read = (kind: string, options: Parameters<typeof createClient>[0] extends infer O ? Partial<O> : never = {}) =>
  createClient({ baseUrl: server.url, credentials: HMAC, retry: false, ...options }).GET(
    "/v1/customers/{customer_id}/rfi-cases",
    {
      params: { path: { customer_id: CUSTOMER } },
      headers: { "X-Test": kind },
    },
  );

test("an endless body is cut by the timeout", async () => {
  const error = await read("endless", { timeout: 300 }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TimeoutError);
});

test("a body over 10 MiB is refused", async () => {
  const error = await read("huge").catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ResponseTooLargeError);
  expect((error as ResponseTooLargeError).limit).toBe(10 * MiB);
});

test("a Content-Length over the limit", async () => {
  const error = await read("declared", { maxResponseBytes: MiB, timeout: 2_000 }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ResponseTooLargeError);
});

test("a gzip bomb stops at the limit", async () => {
  const before = process.memoryUsage().rss;
  const error = await read("bomb", { maxResponseBytes: MiB }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ResponseTooLargeError);
  expect(process.memoryUsage().rss - before).toBeLessThan(48 * MiB);
});

test("an ordinary body is still read within the bounds", async () => {
  const { data, response } = await read("ok", { maxResponseBytes: 1024 });
  expect(data).toEqual({ list: [], total: 0 });
  expect(response.url).toBe(`${server.url}/v1/customers/${CUSTOMER}/rfi-cases`);
});

test("executeQuote: an endless body is unknown", async () => {
  const client = createClient({
    baseUrl: server.url,
    credentials: HMAC,
    timeout: 300,
    headers: { "X-Test": "endless" },
  });
  const result = await executeQuote(client, issuedQuote());
  expect(result.outcome).toBe("unknown");
});
