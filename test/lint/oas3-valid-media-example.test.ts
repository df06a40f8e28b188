// Rule 9 of the house conventions is Spectral's own: examples validate against their schemas, at error level.
import { describe, expect, test } from "vitest";
import { openapi, ruleUnderTest } from "./helpers.ts";

const rule = ruleUnderTest("oas3-valid-media-example");
const order = { type: "object", properties: { transaction_id: { type: "string" } }, required: ["transaction_id"] };
const withExample = (value: unknown) =>
  openapi({
    "/v1/x": {
      get: {
        responses: {
          "201": {
            description: "Ok.",
            content: { "application/json": { schema: order, examples: { pending: { value } } } },
          },
        },
      },
    },
  });

describe("oas3-valid-media-example", () => {
  test("accepts a matching example", async () => {
    expect(await rule.run(withExample({ transaction_id: "t-1" }))).toEqual([]);
  });

  test("reports a wrong-type example as an error", async () => {
    expect(await rule.run(withExample({ transaction_id: 7 }))).toEqual([
      {
        code: "oas3-valid-media-example",
        path: "paths./v1/x.get.responses.201.content.application/json.examples.pending.value.transaction_id",
        message: '"transaction_id" property type must be string',
        severity: 0,
      },
    ]);
  });
});
