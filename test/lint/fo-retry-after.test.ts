import { describe, expect, test } from "vitest";
import { openapi, responseRef, ruleUnderTest } from "./helpers.ts";

const rule = ruleUnderTest("fo-retry-after");
const retryAfter = { description: "Seconds to wait.", schema: { type: "integer", minimum: 0 } };
const withRetry = { description: "Wait.", headers: { "Retry-After": { $ref: "#/components/headers/RetryAfter" } } };
const components = {
  headers: { RetryAfter: retryAfter },
  responses: { Limited: withRetry, Plain: { description: "Too many." } },
};
const portfolio = (responses: object) =>
  openapi({ "/v1/portfolios/{portfolio_id}/conversions/hedge": { post: { responses } } }, { components });

describe("fo-retry-after", () => {
  test("accepts portfolio integer Retry-After", async () => {
    expect(
      await rule.run(portfolio({ "429": responseRef("Limited"), "503": withRetry, "500": { description: "Fault." } })),
    ).toEqual([]);
  });

  test("accepts a v1 429 without it", async () => {
    const doc = openapi(
      { "/v1/customers/{customer_id}/recipients": { post: { responses: { "429": responseRef("Plain") } } } },
      { components },
    );
    expect(await rule.run(doc)).toEqual([]);
  });

  test("reports a portfolio 503 without it", async () => {
    expect(await rule.run(portfolio({ "429": responseRef("Limited"), "503": responseRef("Plain") }))).toEqual([
      expect.objectContaining({
        code: "fo-retry-after",
        path: "paths./v1/portfolios/{portfolio_id}/conversions/hedge.post.responses.503",
        message: expect.stringMatching(
          new RegExp(
            "^503 of POST \\/v1\\/portfolios\\/\\{portfolio_id\\}\\/conversions\\/hedge declares no Retry-After " +
              "header; .*#\\/components\\/headers\\/RetryAfter",
          ),
        ),
      }),
    ]);
  });

  test("reports a date Retry-After", async () => {
    const doc = portfolio({
      "429": {
        description: "Wait.",
        headers: { "retry-after": { description: "When.", schema: { type: "string", format: "date-time" } } },
      },
    });
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        code: "fo-retry-after",
        path: "paths./v1/portfolios/{portfolio_id}/conversions/hedge.post.responses.429.headers.retry-after",
        message:
          "Retry-After of 429 on POST /v1/portfolios/{portfolio_id}/conversions/hedge must be an integer number " +
          "of seconds (schema type: integer).",
      }),
    ]);
  });

  test("reports one invented on a v2 429", async () => {
    const doc = openapi(
      { "/v2/accounts/{main_account_id}/businesses": { get: { responses: { "429": responseRef("Limited") } } } },
      { components },
    );
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        code: "fo-retry-after",
        path: "paths./v2/accounts/{main_account_id}/businesses.get.responses.429",
        message: expect.stringContaining(
          "which the reference documents only on portfolio 429 and 503 answers; remove it",
        ),
      }),
    ]);
  });
});
