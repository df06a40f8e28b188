// Defect 4: a 100k-deep JSON body got a 500 from Prism, and a client that half-closed its socket after
// sending never got the answer to a forwarded request.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "../../../src/mock/request/json.ts";
import { rawRequest, signedHeaders, startMockPair } from "./raw.ts";
import { bodyOf, head, openExchange, statusOf } from "./socket.ts";

let mock: Awaited<ReturnType<typeof startMockPair>>;
beforeAll(async () => {
  mock = await startMockPair();
});
afterAll(async () => mock?.stop());

const quote = "/v1/customers/c1/conversions/quote";
const portfolioQuote = "/v1/portfolios/pf-1/conversions/quote";
const deep = (n: number) => `{"from_asset":{},"to_asset":{},"x":${"[".repeat(n)}${"]".repeat(n)}}`;

describe("deep JSON", () => {
  test("100k-deep bodies: 400 json-too-deep", async () => {
    const body = deep(100_000);
    const signed = await rawRequest(
      mock.production.url,
      "POST",
      quote,
      signedHeaders(mock.creds, "POST", quote, body),
      body,
    );
    expect(signed.status).toBe(400);
    expect(signed.headers["x-mock-refusal"]).toBe("json-too-deep");
    expect(signed.json()).toMatchObject({ code: "00000002", status: 400 });
    const portfolio = await rawRequest(
      mock.sandbox.url,
      "POST",
      portfolioQuote,
      { Authorization: "Bearer x", "Content-Type": "application/json" },
      `{"from_asset":${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)},"to_asset":{}}`,
    );
    expect(portfolio.status).toBe(400);
    expect(portfolio.json().error.code).toBe("VALIDATION_ERROR");
  });

  test("nesting up to the bound still reaches Prism", async () => {
    const body = deep(MAX_JSON_DEPTH - 1);
    expect(
      (await rawRequest(mock.production.url, "POST", quote, signedHeaders(mock.creds, "POST", quote, body), body))
        .status,
    ).toBe(201);
  });

  test("brackets inside strings do not count", () => {
    expect(nestsDeeperThan(Buffer.from(JSON.stringify({ a: "[".repeat(1000), b: '\\"[[[' })), 2)).toBe(false);
    expect(nestsDeeperThan(Buffer.from("[[[]]]"), 2)).toBe(true);
  });
});

describe("half-closed clients", () => {
  test.each(["production", "sandbox"] as const)("a half-closed client is answered (%s)", async (mode) => {
    const body = JSON.stringify({ from_asset: {}, to_asset: {} });
    const headers =
      mode === "production"
        ? signedHeaders(mock.creds, "POST", quote, body)
        : { Authorization: "Bearer x", "Content-Type": "application/json" };
    const ex = openExchange(
      mock[mode].url,
      head("POST", quote, { ...headers, "Content-Length": Buffer.byteLength(body) }),
      Buffer.from(body),
    );
    ex.socket.end();
    const answer = await ex.received;
    expect(statusOf(answer)).toBe(201);
    expect(JSON.parse(bodyOf(answer)).quote_id).toBeTypeOf("string");
  });
});
