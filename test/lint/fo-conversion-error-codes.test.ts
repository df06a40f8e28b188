import { describe, expect, test } from "vitest";
import { openapi, ruleUnderTest } from "./helpers.ts";

const rule = ruleUnderTest("fo-conversion-error-codes");
const PATH = "/v1/customers/{customer_id}/conversions/order";
const error = (code: string | undefined, status: number) => ({
  value: { ...(code ? { code } : {}), status, detail: "Detail." },
});
const body = (examples: object) => ({
  description: "Error.",
  content: { "application/json": { schema: { type: "object" }, examples } },
});
const components = {
  examples: { E00010000: error("00010000", 401), E00000000: error("00000000", 500) },
  responses: {
    Unauthorized: body({ flat: { $ref: "#/components/examples/E00010000" } }),
    ServerError: body({ x: { $ref: "#/components/examples/E00000000" } }),
  },
};
/** Get Conversion with its documented answers; `override` replaces some of them. */
const getConversion = (override: object = {}) =>
  openapi(
    {
      [PATH]: {
        get: {
          responses: {
            "400": body({ invalid: error("00000002", 400) }),
            "401": { $ref: "#/components/responses/Unauthorized" },
            "404": body({ notFound: error("00000005", 404) }),
            "405": body({ wrongMethod: error(undefined, 405) }),
            "429": body({ limited: error(undefined, 429) }),
            "500": { $ref: "#/components/responses/ServerError" },
            ...override,
          },
        },
      },
    },
    { components },
  );

describe("fo-conversion-error-codes", () => {
  test("accepts documented codes of each status", async () => {
    expect(await rule.run(getConversion())).toEqual([]);
  });

  test("accepts an older-shape 401 without code", async () => {
    const legacy = { value: { status_code: 401, code: "Unauthorized", detail: "Signature mismatch." } };
    const doc = getConversion({ "401": body({ flat: error("00010000", 401), signatureMismatch: legacy }) });
    expect(await rule.run(doc)).toEqual([]);
  });

  test("reports the older shape outside 401", async () => {
    const legacy = { value: { status_code: 401, code: "Unauthorized" } };
    const doc = getConversion({ "404": body({ notFound: error("00000005", 404), legacy }) });
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        code: "fo-conversion-error-codes",
        path: `paths.${PATH}.get.responses.404.content.application/json.examples.legacy`,
        message: expect.stringContaining("Example code Unauthorized is not documented for 404"),
      }),
    ]);
  });

  test("skips operations outside conversions", async () => {
    const doc = openapi({
      "/v1/customers/{customer_id}/external-accounts": {
        post: { responses: { "400": body({ x: error("00020001", 400) }) } },
      },
    });
    expect(await rule.run(doc)).toEqual([]);
  });

  test("reports another operation's code", async () => {
    const doc = getConversion({ "400": body({ invalid: error("00000002", 400), expired: error("00020001", 400) }) });
    expect(await rule.run(doc)).toEqual([
      {
        code: "fo-conversion-error-codes",
        path: `paths.${PATH}.get.responses.400.content.application/json.examples.expired`,
        message:
          "Example code 00020001 is not documented for 400 of GET /v1/customers/{customer_id}/conversions/order; " +
          "use one of 00000002.",
        severity: 0,
      },
    ]);
  });

  test("reports a code on 429, which has none", async () => {
    const doc = getConversion({ "429": body({ limited: error("00000002", 429) }) });
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        code: "fo-conversion-error-codes",
        path: `paths.${PATH}.get.responses.429.content.application/json.examples.limited`,
        message:
          "Example code 00000002 is not documented for 429 of GET /v1/customers/{customer_id}/conversions/order; " +
          "the reference gives no code for this status: leave `code` out.",
      }),
    ]);
  });

  test("reports an example of another status", async () => {
    const doc = getConversion({ "404": body({ notFound: error("00000005", 400) }) });
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        code: "fo-conversion-error-codes",
        path: `paths.${PATH}.get.responses.404.content.application/json.examples.notFound`,
        message: "Example of 404 on GET /v1/customers/{customer_id}/conversions/order says status 400; make it 404.",
      }),
    ]);
  });

  test("reports documented codes and statuses missing", async () => {
    const doc = getConversion({ "404": body({ other: error(undefined, 404) }) });
    delete doc.paths[PATH].get.responses["500"];
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        code: "fo-conversion-error-codes",
        path: `paths.${PATH}.get.responses`,
        message:
          "GET /v1/customers/{customer_id}/conversions/order documents a 500 answer (00000000) that is not " +
          "declared; add the 500 response.",
      }),
      expect.objectContaining({
        code: "fo-conversion-error-codes",
        path: `paths.${PATH}.get.responses.404`,
        message:
          "GET /v1/customers/{customer_id}/conversions/order documents code 00000005 for 404 but no example shows " +
          "it; add one (see components/examples).",
      }),
    ]);
  });
});
