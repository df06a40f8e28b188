import { describe, expect, test } from "vitest";
import { openapi, ruleUnderTest } from "./helpers.ts";

const rule = ruleUnderTest("fo-idempotency-key");
const key = {
  name: "Idempotency-Key",
  in: "header",
  required: true,
  description: "Key.",
  schema: { type: "string", format: "uuid" },
};
const components = { parameters: { IdempotencyKey: key } };
const keyRef = { $ref: "#/components/parameters/IdempotencyKey" };
const ok = { "2XX": { description: "Done." } };
const named = (parameters: object[]) =>
  openapi(
    {
      "/v1/customers/{customer_id}/external-accounts": { post: { parameters, responses: ok } },
      "/v1/portfolios/{portfolio_id}/conversions/hedge": { post: { parameters: [keyRef], responses: ok } },
    },
    { components },
  );

describe("fo-idempotency-key", () => {
  test("accepts the key where the reference names it", async () => {
    expect(await rule.run(named([keyRef]))).toEqual([]);
  });

  test("accepts the list's idempotency_key query", async () => {
    const doc = named([keyRef]);
    doc.paths["/v1/customers/{customer_id}/external-accounts"].get = {
      parameters: [
        { name: "idempotency_key", in: "query", description: "Key.", schema: { type: "string", format: "uuid" } },
      ],
      responses: ok,
    };
    expect(await rule.run(doc)).toEqual([]);
  });

  test("reports the key on customer execute", async () => {
    const doc = named([keyRef]);
    doc.paths["/v1/customers/{customer_id}/conversions/hedge"] = { post: { parameters: [keyRef], responses: ok } };
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        code: "fo-idempotency-key",
        path: "paths./v1/customers/{customer_id}/conversions/hedge.post.parameters.0",
        message:
          "POST /v1/customers/{customer_id}/conversions/hedge declares the Idempotency-Key header, but the " +
          "reference names it only on POST /v1/customers/{customer_id}/external-accounts and POST " +
          "/v1/portfolios/{portfolio_id}/conversions/hedge; support is not inferred from the method: remove it.",
      }),
    ]);
  });

  test("reports a look-alike header", async () => {
    const doc = named([keyRef]);
    doc.paths["/v1/customers/{customer_id}/recipients"] = {
      post: { parameters: [{ ...key, name: "X-Idempotency-Key" }], responses: ok },
    };
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        code: "fo-idempotency-key",
        path: "paths./v1/customers/{customer_id}/recipients.post.parameters.0",
        message: expect.stringMatching(
          /^POST \/v1\/customers\/\{customer_id\}\/recipients declares the X-Idempotency-Key header/,
        ),
      }),
    ]);
  });

  test("reports a named operation without it", async () => {
    expect(await rule.run(named([]))).toEqual([
      expect.objectContaining({
        code: "fo-idempotency-key",
        path: "paths./v1/customers/{customer_id}/external-accounts.post.parameters",
        message:
          "POST /v1/customers/{customer_id}/external-accounts must declare the Idempotency-Key header (required, " +
          "format uuid): add $ref: '#/components/parameters/IdempotencyKey'.",
      }),
    ]);
  });

  test("reports an optional, formless key", async () => {
    expect(await rule.run(named([{ ...key, required: false, schema: { type: "string" } }]))).toEqual([
      expect.objectContaining({
        code: "fo-idempotency-key",
        path: "paths./v1/customers/{customer_id}/external-accounts.post.parameters.0",
        message:
          "The idempotency header of POST /v1/customers/{customer_id}/external-accounts must be required: true, " +
          "have schema {type: string, format: uuid}; use $ref: '#/components/parameters/IdempotencyKey'.",
      }),
    ]);
  });
});
