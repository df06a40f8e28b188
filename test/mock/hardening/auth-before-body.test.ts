// Defect 3: the front read a whole body (up to 64 MiB) before checking auth, so unsigned uploads cost
// memory; and its limit was not Prism's (10 MiB). Now the headers are checked first, the body is read
// only for a request whose headers pass, and the limit is Prism's own, answered 400 in the envelope.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MAX_BODY_BYTES } from "../../../src/mock/front.ts";
import { rawRequest, signedHeaders, startMockPair } from "./raw.ts";
import { bodyOf, head, openExchange, statusOf } from "./socket.ts";

let mock: Awaited<ReturnType<typeof startMockPair>>;
beforeAll(async () => {
  mock = await startMockPair();
});
afterAll(async () => mock?.stop());

const upload = "/v2/accounts/acc-1/businesses/sub-1/documents/MEMORANDUM_OF_ASSOCIATION";
const quote = "/v1/customers/c1/conversions/quote";
const fileHeaders = { "Content-Type": "application/pdf", "Content-Disposition": 'attachment; filename="m.pdf"' };

describe("auth before the body, Prism's body limit", () => {
  test("the limit is Prism's 10 MiB", () => {
    expect(MAX_BODY_BYTES).toBe(10 * 1024 * 1024);
  });

  test("an unsigned 63 MiB upload: 401 after its headers", async () => {
    const ex = openExchange(
      mock.production.url,
      head("PUT", upload, { ...fileHeaders, "Content-Length": 63 * 1024 * 1024, Authorization: "Bearer x" }),
      Buffer.alloc(64 * 1024),
    );
    const answer = await ex.received;
    expect(statusOf(answer)).toBe(401);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(bodyOf(answer)).errors[0].type).toBe("UNAUTHORIZED");
  });

  test("a stale or unknown-key signature is refused before the body too", async () => {
    const old = signedHeaders(mock.creds, "PUT", upload, "", new Date(Date.now() - 3_600_000));
    const ex = openExchange(
      mock.production.url,
      head("PUT", upload, { ...fileHeaders, ...old, "Content-Length": 20 * 1024 * 1024 }),
      Buffer.alloc(1024),
    );
    expect(statusOf(await ex.received)).toBe(401);
  });

  test("16 parallel unsigned uploads: 401, memory flat", async () => {
    const before = process.memoryUsage().rss;
    const answers = await Promise.all(
      Array.from(
        { length: 16 },
        () =>
          openExchange(
            mock.production.url,
            head("PUT", upload, { ...fileHeaders, "Content-Length": 63 * 1024 * 1024 }),
            Buffer.alloc(256 * 1024),
          ).received,
      ),
    );
    expect(answers.map(statusOf)).toEqual(Array(16).fill(401));
    // The front runs in this process: 16 x 63 MiB kept would be about 1 GiB.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  test("a declared body over 10 MiB: 400 before reading it", async () => {
    const big = {
      ...signedHeaders(mock.creds, "PUT", upload, ""),
      ...fileHeaders,
      "Content-Length": MAX_BODY_BYTES + 1,
    };
    const ex = openExchange(mock.production.url, head("PUT", upload, big), Buffer.alloc(1024));
    const answer = await ex.received;
    expect(statusOf(answer)).toBe(400);
    expect(answer).toMatch(/x-mock-refusal: body-too-large/i);
    expect(JSON.parse(bodyOf(answer)).errors[0]).toMatchObject({ type: "INVALID_REQUEST" });
  });

  test("a chunked body past 10 MiB: 400 in both modes", async () => {
    for (const base of [mock.sandbox.url, mock.production.url]) {
      const chunk = Buffer.alloc(1024 * 1024, 0x61);
      const text = JSON.stringify({ from_asset: {}, to_asset: {}, x: "" });
      const headers =
        base === mock.sandbox.url ? { Authorization: "Bearer x" } : signedHeaders(mock.creds, "POST", quote, text);
      const ex = openExchange(
        base,
        head("POST", quote, { ...headers, "Content-Type": "application/json", "Transfer-Encoding": "chunked" }),
      );
      for (let i = 0; i < 11; i++) ex.socket.write(`${chunk.length.toString(16)}\r\n${chunk.toString("latin1")}\r\n`);
      ex.socket.write("0\r\n\r\n");
      const answer = await ex.received;
      expect(statusOf(answer)).toBe(400);
      expect(JSON.parse(bodyOf(answer))).toMatchObject({ code: "00000002", status: 400 });
    }
  });

  test("a signed JSON body of exactly 10 MiB still reaches Prism", async () => {
    const prefix = '{"from_asset":{},"to_asset":{},"x":"';
    const body = `${prefix + "a".repeat(MAX_BODY_BYTES - prefix.length - 2)}"}`;
    expect(Buffer.byteLength(body)).toBe(MAX_BODY_BYTES);
    const res = await rawRequest(
      mock.production.url,
      "POST",
      quote,
      signedHeaders(mock.creds, "POST", quote, body),
      body,
    );
    expect(res.status).toBe(201);
  });
});
