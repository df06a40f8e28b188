import { describe, expect, test } from "vitest";
import { openapi, ruleUnderTest } from "./helpers.ts";

const rule = ruleUnderTest("fo-security-defined");
const schemes = {
  SandboxBearer: { type: "http", scheme: "bearer" },
  PortfolioBearer: { type: "http", scheme: "bearer" },
};
const ok = { "2XX": { description: "Done." } };
const doc = (security: object[], rootSecurity: object[] = [{ SandboxBearer: [] }]) =>
  openapi(
    { "/v1/portfolios/{portfolio_id}/conversions/quote": { post: { security, responses: ok } } },
    { security: rootSecurity, components: { securitySchemes: schemes } },
  );

describe("fo-security-defined", () => {
  test("accepts defined schemes and scopes", async () => {
    expect(await rule.run(doc([{ PortfolioBearer: ["conversions:quote:create"] }]))).toEqual([]);
  });

  test("accepts webhooks without security", async () => {
    expect(
      await rule.run(openapi({}, { webhooks: { "conversion.failed": { post: { security: [], responses: ok } } } })),
    ).toEqual([]);
  });

  test("reports an undefined scheme", async () => {
    expect(await rule.run(doc([{ PortfolioToken: [] }]))).toEqual([
      {
        code: "fo-security-defined",
        path: "paths./v1/portfolios/{portfolio_id}/conversions/quote.post.security.0.PortfolioToken",
        message:
          "POST /v1/portfolios/{portfolio_id}/conversions/quote names security scheme `PortfolioToken`, which " +
          "components.securitySchemes does not define (defined: SandboxBearer, PortfolioBearer).",
        severity: 0,
      },
    ]);
  });

  test("reports an undocumented scope", async () => {
    expect(await rule.run(doc([{ PortfolioBearer: ["conversions:quote:create", "conversions:admin"] }]))).toEqual([
      expect.objectContaining({
        code: "fo-security-defined",
        path: "paths./v1/portfolios/{portfolio_id}/conversions/quote.post.security.0.PortfolioBearer.1",
        message: expect.stringMatching(
          new RegExp(
            "asks `PortfolioBearer` for `conversions:admin`, which is not a documented scope; use one of " +
              "conversions:quote:create, conversions:hedge:create, conversions:hedge:read\\.$",
          ),
        ),
      }),
    ]);
  });

  test("reports roles on a roleless scheme", async () => {
    expect(await rule.run(doc([{ PortfolioBearer: [] }], [{ SandboxBearer: ["conversions:quote:create"] }]))).toEqual([
      expect.objectContaining({
        code: "fo-security-defined",
        path: "security.0.SandboxBearer",
        message:
          "The root lists roles on `SandboxBearer`, which takes none; leave its list empty ([]). Only " +
          "PortfolioBearer carries documented scopes.",
      }),
    ]);
  });
});
