// Defect 2: the front decided on the raw path prefix while Prism resolves dot segments, so
// /v1/portfolios/../customers/... reached Execute Quote with any bearer token. The front now refuses
// every dot segment (plain or percent-encoded) before deciding anything: the signature covers the path
// exactly as sent, so there is no normalised path a signature could honestly stand for.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { isBearerRoute, readTarget } from "../../../src/mock/request/target.ts";
import { rawRequest, signedHeaders, startMockPair } from "./raw.ts";

let mock: Awaited<ReturnType<typeof startMockPair>>;
beforeAll(async () => {
  mock = await startMockPair();
});
afterAll(async () => mock?.stop());

const hedge = JSON.stringify({ quote_id: "3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69" });
const BYPASSES: Array<[string, string, string?]> = [
  ["POST", "/v1/portfolios/../customers/c1/conversions/hedge", hedge],
  ["POST", "/v1/portfolios/%2e%2e/customers/c1/conversions/hedge", hedge],
  ["POST", "/v1/portfolios/%2E%2E/customers/c1/conversions/hedge", hedge],
  ["POST", "/v1/portfolios/.%2e/customers/c1/conversions/hedge", hedge],
  ["POST", "/v1/portfolios/x/../../customers/c1/conversions/hedge", hedge],
  ["POST", "/v1/portfolios/pf-1/./../../customers/c1/conversions/hedge", hedge],
  ["GET", "/v1/portfolios/../customers/c1/rfi-cases"],
  ["GET", "/v1/portfolios/../../v2/accounts/a1/businesses"],
];

describe("dot segments cannot bypass the signature check", () => {
  test.each(BYPASSES)("%s %s with a bearer token: 400 dot-segment, never forwarded", async (method, target, body) => {
    const res = await rawRequest(
      mock.production.url,
      method,
      target,
      { Authorization: "Bearer x", ...(body ? { "Content-Type": "application/json" } : {}) },
      body,
    );
    expect(res.status).toBe(400);
    expect(res.headers["x-mock-refusal"]).toBe("dot-segment");
    expect(res.json().error.code).toBe("VALIDATION_ERROR");
  });

  test.each(BYPASSES)("%s %s even correctly signed over the dotted path: 400", async (method, target, body) => {
    const res = await rawRequest(
      mock.production.url,
      method,
      target,
      signedHeaders(mock.creds, method, target, body),
      body,
    );
    expect(res.status).toBe(400);
  });

  test("the plain path still needs a signature", async () => {
    const path = "/v1/customers/c1/conversions/hedge";
    const unsigned = await rawRequest(
      mock.production.url,
      "POST",
      path,
      { Authorization: "Bearer x", "Content-Type": "application/json" },
      hedge,
    );
    expect(unsigned.status).toBe(401);
    expect(
      (await rawRequest(mock.production.url, "POST", path, signedHeaders(mock.creds, "POST", path, hedge), hedge))
        .status,
    ).toBe(201);
  });

  test("only the portfolio routes themselves skip the signature check", () => {
    expect(isBearerRoute("/v1/portfolios/pf-1/conversions/quote")).toBe(true);
    expect(isBearerRoute("/v1/portfolios/pf-1/conversions/hedge")).toBe(true);
    for (const p of [
      "/v1/portfolios/pf-1/customers/c1/conversions/hedge",
      "/v1/portfolios//conversions/quote",
      "/v1/portfolios/a/b/conversions/quote",
      "/v1/portfolios/pf-1/conversions/hedge/x",
    ]) {
      expect(isBearerRoute(p), p).toBe(false);
    }
    expect(readTarget("/v1/customers/c1..x/rfi-cases")).toMatchObject({ ok: true });
    expect(readTarget("/v1/customers/...")).toMatchObject({ ok: true });
    expect(readTarget("/v1/customers/c1/rfi-cases?x=../..")).toMatchObject({ ok: true, query: "x=../.." });
  });
});
