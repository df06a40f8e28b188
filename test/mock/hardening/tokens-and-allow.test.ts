// What the Schemathesis run asks beyond the 14 defects: wrong bearer tokens refused where the mock knows
// the right ones (sandbox with --keys, portfolio routes with FO_PORTFOLIO_TOKEN), and 405 answers with the
// Allow header RFC 9110 requires. Without tokens given, any bearer token still passes, as with Prism alone.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadBundle } from "../../helpers/document.ts";
import { schemaValidator } from "../../helpers/validator.ts";
import { type RunningFront, startFront } from "../../../src/mock/front.ts";
import { parseKeys } from "../../../src/mock/auth/keys.ts";
import { type PrismInProcess, prismInProcess } from "../prismInProcess.ts";
import { newSecret, responseSchemaPointer } from "../support.ts";
import { rawRequest } from "./raw.ts";

const doc = loadBundle();
const validator = schemaValidator(doc);
const keys = parseKeys({ "AK-sandbox": newSecret() }, "test keys");
const quote = "/v1/customers/c0ffee00-0000-4000-8000-000000000001/conversions/quote";
const portfolioQuote = "/v1/portfolios/pf-1/conversions/quote";
const json = { "Content-Type": "application/json" };
const quoteBody = JSON.stringify({ from_asset: {}, to_asset: {} });
const portfolioBody = JSON.stringify({ from_asset: { asset: "USDC" }, to_asset: { asset: "EUR" }, amount: "100" });

let prism: PrismInProcess;
let strict: RunningFront;
let open: RunningFront;
beforeAll(async () => {
  prism = await prismInProcess();
  strict = await startFront({
    prism: prism.mocker,
    auth: "sandbox",
    sandboxTokens: keys,
    portfolioTokens: new Set(["pf-token"]),
  });
  open = await startFront({ prism: prism.mocker, auth: "sandbox" });
});
afterAll(async () => {
  await strict?.close();
  await open?.close();
  await prism?.close();
});

describe("bearer tokens the mock knows", () => {
  test("sandbox with keys: Bearer <access key> passes", async () => {
    expect(
      (await rawRequest(strict.url, "POST", quote, { ...json, Authorization: "Bearer AK-sandbox" }, quoteBody)).status,
    ).toBe(201);
    for (const [headers, failure] of [
      [{ Authorization: "Bearer SCHEMATHESIS-INVALID-VALUE" }, "unknown-bearer-token"],
      [{ Authorization: "Basic dXNlcjpwYXNz" }, "malformed-authorization"],
      [{}, "missing-authorization"],
    ] as const) {
      const res = await rawRequest(strict.url, "POST", quote, { ...json, ...headers }, quoteBody);
      expect(res.status).toBe(401);
      expect(res.headers["x-mock-auth-failure"]).toBe(failure);
      expect(validator.validate(responseSchemaPointer(doc, "createQuote", "401"), res.json())).toBeNull();
    }
  });

  test("portfolio routes: the token passes, another is 401", async () => {
    expect(
      (
        await rawRequest(
          strict.url,
          "POST",
          portfolioQuote,
          { ...json, Authorization: "Bearer pf-token" },
          portfolioBody,
        )
      ).status,
    ).toBe(200);
    const res = await rawRequest(
      strict.url,
      "POST",
      portfolioQuote,
      { ...json, Authorization: "Bearer AK-sandbox" },
      portfolioBody,
    );
    expect(res.status).toBe(401);
    expect(res.json().error.code).toBe("AUTHENTICATION_FAILED");
    expect(validator.validate(responseSchemaPointer(doc, "createPortfolioQuote", "401"), res.json())).toBeNull();
  });

  test("without tokens given, any bearer token passes on both kinds of route", async () => {
    expect(
      (await rawRequest(open.url, "POST", quote, { ...json, Authorization: "Bearer anything" }, quoteBody)).status,
    ).toBe(201);
    expect(
      (await rawRequest(open.url, "POST", portfolioQuote, { ...json, Authorization: "Bearer anything" }, portfolioBody))
        .status,
    ).toBe(200);
  });
});

describe("405", () => {
  test.each([
    ["PUT", quote, "POST"],
    ["DELETE", "/v1/customers/c1/rfi-cases", "GET, POST"],
    ["PATCH", "/v1/portfolios/pf-1/conversions/hedge?x=1", "GET, POST"],
  ])("%s %s: 405 with Allow: %s", async (method, target, allow) => {
    const res = await rawRequest(open.url, method, target, { Authorization: "Bearer x" });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe(allow);
  });
});
