import { describe, expect, test } from "vitest";
import { openapi as bare, responseRef, ruleUnderTest } from "./helpers.ts";

const rule = ruleUnderTest("fo-auth-rate-limit-responses");
const ok = { "2XX": { description: "Done." } };
const components = {
  responses: { U: { description: "Unauthorized." }, R: { description: "Too many." }, E: { description: "Error." } },
};
const openapi = (paths: object, extra: object = {}) => bare(paths, { components, ...extra });

describe("fo-auth-rate-limit-responses", () => {
  test("accepts 401 and 429 on every operation", async () => {
    const doc = openapi({
      "/v1/a": {
        get: { responses: { ...ok, "401": responseRef("U"), "429": responseRef("R") } },
        post: { responses: { "401": responseRef("U"), "429": responseRef("R") } },
      },
    });
    expect(await rule.run(doc)).toEqual([]);
  });

  test("accepts webhooks without them", async () => {
    const doc = openapi({}, { webhooks: { "conversion.completed": { post: { responses: ok } } } });
    expect(await rule.run(doc)).toEqual([]);
  });

  test("reports a v1 operation without 429", async () => {
    const doc = openapi({
      "/v1/customers/{customer_id}/recipients": { post: { responses: { ...ok, "401": responseRef("U") } } },
    });
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        code: "fo-auth-rate-limit-responses",
        path: "paths./v1/customers/{customer_id}/recipients.post.responses",
        message:
          "POST /v1/customers/{customer_id}/recipients declares no 429 response (every endpoint is rate limited " +
          "and answers 429); add '429': {$ref: '#/components/responses/RateLimited'}.",
      }),
    ]);
  });

  test("reports a portfolio operation with only 4XX", async () => {
    const doc = openapi({
      "/v1/portfolios/{portfolio_id}/conversions/quote": { post: { responses: { ...ok, "4XX": responseRef("E") } } },
    });
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        code: "fo-auth-rate-limit-responses",
        path: "paths./v1/portfolios/{portfolio_id}/conversions/quote.post.responses",
        message: expect.stringMatching(/declares no 401 response .*#\/components\/responses\/PortfolioUnauthorized/),
      }),
      expect.objectContaining({
        path: "paths./v1/portfolios/{portfolio_id}/conversions/quote.post.responses",
        message: expect.stringMatching(/declares no 429 response .*#\/components\/responses\/PortfolioRateLimited/),
      }),
    ]);
  });

  test("points at a v2 operation's responses", async () => {
    const doc = openapi({
      "/v2/accounts/{main_account_id}/businesses": { get: { responses: { ...ok, "429": responseRef("R") } } },
    });
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        code: "fo-auth-rate-limit-responses",
        message: expect.stringContaining("V2Unauthorized"),
      }),
    ]);
  });
});
