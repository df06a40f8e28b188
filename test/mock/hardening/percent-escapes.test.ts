// Defect 1: a malformed percent escape in a path made Prism throw URIError, and the whole mock went down
// with it. The front now refuses such a path with a 400 in the path's envelope, and keeps serving. Prism runs in this
// process here (startMockPair), as in the mock: a throw escaping it would fail the run.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadBundle } from "../../helpers/document.ts";
import { schemaValidator } from "../../helpers/validator.ts";
import { responseSchemaPointer } from "../support.ts";
import { rawRequest, signedHeaders, startMockPair } from "./raw.ts";

const doc = loadBundle();
const validator = schemaValidator(doc);
let mock: Awaited<ReturnType<typeof startMockPair>>;
beforeAll(async () => {
  mock = await startMockPair();
});
afterAll(async () => mock?.stop());

const ESCAPES = ["%ff", "%C0%AF", "%E0%A4%A", "%zz", "%", "ok%2"];
const quoteBody = JSON.stringify({ from_asset: {}, to_asset: {} });

describe("malformed percent escapes", () => {
  test.each(ESCAPES)("portfolio path with %s: 400 VALIDATION_ERROR", async (bad) => {
    for (const base of [mock.production.url, mock.sandbox.url]) {
      const res = await rawRequest(
        base,
        "POST",
        `/v1/portfolios/${bad}/conversions/quote`,
        { Authorization: "Bearer x", "Content-Type": "application/json" },
        quoteBody,
      );
      expect(res.status).toBe(400);
      expect(res.headers["x-mock-refusal"]).toBe("malformed-percent-escape");
      expect(res.json().error.code).toBe("VALIDATION_ERROR");
      expect(validator.validate(responseSchemaPointer(doc, "createPortfolioQuote", "400"), res.json())).toBeNull();
    }
  });

  test.each(ESCAPES)("customer and v2 paths with %s: 400 before auth", async (bad) => {
    const flat = await rawRequest(
      mock.production.url,
      "POST",
      `/v1/customers/${bad}/conversions/quote`,
      { "Content-Type": "application/json" },
      quoteBody,
    );
    expect(flat.status).toBe(400);
    expect(flat.json()).toMatchObject({ code: "00000002", status: 400 });
    expect(validator.validate(responseSchemaPointer(doc, "createQuote", "400"), flat.json())).toBeNull();
    const v2 = await rawRequest(mock.sandbox.url, "GET", `/v2/accounts/${bad}/businesses`, {
      Authorization: "Bearer x",
    });
    expect(v2.status).toBe(400);
    expect(v2.json().errors[0].type).toBe("INVALID_REQUEST");
  });

  test("good requests pass after a burst of bad escapes", async () => {
    await Promise.all(
      ESCAPES.flatMap((bad) =>
        [mock.production.url, mock.sandbox.url].map((base) =>
          rawRequest(base, "GET", `/v1/customers/c1/rfi-cases/${bad}`),
        ),
      ),
    );
    const path = "/v1/customers/c0ffee00-0000-4000-8000-000000000001/conversions/quote";
    expect(
      (
        await rawRequest(
          mock.production.url,
          "POST",
          path,
          signedHeaders(mock.creds, "POST", path, quoteBody),
          quoteBody,
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await rawRequest(
          mock.sandbox.url,
          "POST",
          path,
          { Authorization: "Bearer x", "Content-Type": "application/json" },
          quoteBody,
        )
      ).status,
    ).toBe(201);
  });

  test("well-formed escapes still reach Prism", async () => {
    const path = "/v1/customers/c%C3%A9-1/conversions/quote";
    expect(
      (
        await rawRequest(
          mock.production.url,
          "POST",
          path,
          signedHeaders(mock.creds, "POST", path, quoteBody),
          quoteBody,
        )
      ).status,
    ).toBe(201);
  });
});
