import { describe, expect, test } from "vitest";
import { envelopes, jsonResponse, openapi, responseRef, ruleUnderTest, schemaRef } from "./helpers.ts";

const rule = ruleUnderTest("fo-error-envelope");
const components = {
  schemas: {
    ...envelopes,
    ConversionError: {
      allOf: [schemaRef("FlatError"), { type: "object", properties: { code: { enum: ["00000001"] } } }],
    },
  },
  responses: {
    RateLimited: jsonResponse(schemaRef("FlatError")),
    Unauthorized: jsonResponse({ anyOf: [schemaRef("FlatError"), schemaRef("LegacyAuthError")] }),
    V2Unauthorized: jsonResponse(schemaRef("V2Errors")),
    PortfolioRateLimited: jsonResponse(schemaRef("PortfolioError")),
  },
};
const get = (path: string, responses: object) => openapi({ [path]: { get: { responses } } }, { components });

describe("fo-error-envelope", () => {
  test("valid: v1 customer path with the flat envelope, legacy shape allowed on 401", async () => {
    const doc = get("/v1/customers/{customer_id}/rfi-cases", {
      "400": jsonResponse(schemaRef("ConversionError")),
      "401": responseRef("Unauthorized"),
      "429": responseRef("RateLimited"),
    });
    expect(await rule.run(doc)).toEqual([]);
  });

  test("valid: v2 account path with the errors array and a flat 429", async () => {
    const doc = get("/v2/accounts/{main_account_id}/businesses", {
      "401": responseRef("V2Unauthorized"),
      "429": responseRef("RateLimited"),
    });
    expect(await rule.run(doc)).toEqual([]);
  });

  test("valid: portfolio path with the error object on every error, 429 included", async () => {
    const doc = get("/v1/portfolios/{portfolio_id}/conversions/hedge", {
      "401": jsonResponse(schemaRef("PortfolioError")),
      "429": responseRef("PortfolioRateLimited"),
      "503": jsonResponse(schemaRef("PortfolioError")),
    });
    expect(await rule.run(doc)).toEqual([]);
  });

  test("invalid: v2 terms 401 with the flat envelope", async () => {
    const doc = get("/v2/terms/BUSINESS_ONBOARDING/signatures", { "401": jsonResponse(schemaRef("FlatError")) });
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        code: "fo-error-envelope",
        path: "paths./v2/terms/BUSINESS_ONBOARDING/signatures.get.responses.401.content.application/json.schema",
        message: expect.stringMatching(
          /^401 of GET \/v2\/terms\/BUSINESS_ONBOARDING\/signatures uses the flat envelope .* answers with the v2 `errors` array .*V2Unauthorized/,
        ),
      }),
    ]);
  });

  test("invalid: v2 429 pointing at the errors array (every 429 of v1 and v2 is flat)", async () => {
    const doc = get("/v2/accounts/{main_account_id}/businesses", { "429": responseRef("V2Unauthorized") });
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        code: "fo-error-envelope",
        path: "paths./v2/accounts/{main_account_id}/businesses.get.responses.429",
        message: expect.stringMatching(
          /^429 of GET .* uses the v2 `errors` array .* answers with the flat envelope .*RateLimited/,
        ),
      }),
    ]);
  });

  test("invalid: legacy authentication shape outside 401", async () => {
    const doc = get("/v1/customers/{customer_id}/recipients", { "400": jsonResponse(schemaRef("LegacyAuthError")) });
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        code: "fo-error-envelope",
        path: "paths./v1/customers/{customer_id}/recipients.get.responses.400.content.application/json.schema",
        message: expect.stringContaining("uses the older authentication shape"),
      }),
    ]);
  });

  test("valid: portfolio 429 with the flat envelope (the reference gives both for it)", async () => {
    const doc = get("/v1/portfolios/{portfolio_id}/conversions/quote", { "429": responseRef("RateLimited") });
    expect(await rule.run(doc)).toEqual([]);
  });

  test("invalid: portfolio 404 with the flat envelope", async () => {
    const doc = get("/v1/portfolios/{portfolio_id}/conversions/quote", {
      "404": jsonResponse(schemaRef("ConversionError")),
    });
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        code: "fo-error-envelope",
        path: "paths./v1/portfolios/{portfolio_id}/conversions/quote.get.responses.404.content.application/json.schema",
        message: expect.stringMatching(
          /uses the flat envelope .* answers with the portfolio `error` object .*PortfolioError/,
        ),
      }),
    ]);
  });

  test("invalid: portfolio 429 with the v2 errors array", async () => {
    const doc = get("/v1/portfolios/{portfolio_id}/conversions/quote", { "429": responseRef("V2Unauthorized") });
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        code: "fo-error-envelope",
        path: "paths./v1/portfolios/{portfolio_id}/conversions/quote.get.responses.429",
        message: expect.stringMatching(
          /uses the v2 `errors` array .* answers with the portfolio `error` object .* or the flat envelope/,
        ),
      }),
    ]);
  });

  test("invalid: an error body that is none of the envelopes, and one with no body", async () => {
    const doc = get("/v1/customers/{customer_id}/recipients", {
      "404": jsonResponse({ type: "object", properties: { message: { type: "string" } } }),
      "500": { description: "No body." },
    });
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        path: "paths./v1/customers/{customer_id}/recipients.get.responses.404.content.application/json.schema",
        message: expect.stringContaining("uses a body that is none of the four envelopes"),
      }),
      expect.objectContaining({
        path: "paths./v1/customers/{customer_id}/recipients.get.responses.500",
        message:
          "500 of GET /v1/customers/{customer_id}/recipients declares no JSON error body; declare application/json with the flat envelope (code, status, detail, issues, instance, trace_id, time).",
      }),
    ]);
  });
});
