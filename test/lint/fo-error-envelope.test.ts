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
  test("accepts v1 flat errors, legacy 401", async () => {
    const doc = get("/v1/customers/{customer_id}/rfi-cases", {
      "400": jsonResponse(schemaRef("ConversionError")),
      "401": responseRef("Unauthorized"),
      "429": responseRef("RateLimited"),
    });
    expect(await rule.run(doc)).toEqual([]);
  });

  test("accepts v2 errors array, flat 429", async () => {
    const doc = get("/v2/accounts/{main_account_id}/businesses", {
      "401": responseRef("V2Unauthorized"),
      "429": responseRef("RateLimited"),
    });
    expect(await rule.run(doc)).toEqual([]);
  });

  test("accepts portfolio error objects", async () => {
    const doc = get("/v1/portfolios/{portfolio_id}/conversions/hedge", {
      "401": jsonResponse(schemaRef("PortfolioError")),
      "429": responseRef("PortfolioRateLimited"),
      "503": jsonResponse(schemaRef("PortfolioError")),
    });
    expect(await rule.run(doc)).toEqual([]);
  });

  test("reports a flat v2 401", async () => {
    const doc = get("/v2/terms/BUSINESS_ONBOARDING/signatures", { "401": jsonResponse(schemaRef("FlatError")) });
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        code: "fo-error-envelope",
        path: "paths./v2/terms/BUSINESS_ONBOARDING/signatures.get.responses.401.content.application/json.schema",
        message: expect.stringMatching(
          new RegExp(
            "^401 of GET \\/v2\\/terms\\/BUSINESS_ONBOARDING\\/signatures uses the flat envelope .* answers with " +
              "the v2 `errors` array .*V2Unauthorized",
          ),
        ),
      }),
    ]);
  });

  // Every 429 of v1 and v2 is flat.
  test("reports a v2 429 errors array", async () => {
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

  test("reports the legacy shape outside 401", async () => {
    const doc = get("/v1/customers/{customer_id}/recipients", { "400": jsonResponse(schemaRef("LegacyAuthError")) });
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        code: "fo-error-envelope",
        path: "paths./v1/customers/{customer_id}/recipients.get.responses.400.content.application/json.schema",
        message: expect.stringContaining("uses the older authentication shape"),
      }),
    ]);
  });

  // The reference gives both envelopes for it.
  test("accepts a flat portfolio 429", async () => {
    const doc = get("/v1/portfolios/{portfolio_id}/conversions/quote", { "429": responseRef("RateLimited") });
    expect(await rule.run(doc)).toEqual([]);
  });

  test("reports a flat portfolio 404", async () => {
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

  test("reports a portfolio 429 errors array", async () => {
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

  test("reports unknown and missing bodies", async () => {
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
          "500 of GET /v1/customers/{customer_id}/recipients declares no JSON error body; declare " +
          "application/json with the flat envelope (code, status, detail, issues, instance, trace_id, time).",
      }),
    ]);
  });
});
