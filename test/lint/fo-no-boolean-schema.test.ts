import { describe, expect, test } from "vitest";
import { jsonResponse, openapi, ruleUnderTest } from "./helpers.ts";

const rule = ruleUnderTest("fo-no-boolean-schema");
const withSchemas = (schemas: object) => openapi({}, { components: { schemas } });

describe("fo-no-boolean-schema", () => {
  test("accepts {not: {}} and boolean keywords", async () => {
    const doc = withSchemas({
      Answer: {
        type: "object",
        properties: { requirement_id: { description: "Never sent.", not: {} } },
        additionalProperties: true,
      },
      Closed: { type: "object", properties: { a: { type: "string" } }, unevaluatedProperties: false },
    });
    expect(await rule.run(doc)).toEqual([]);
  });

  // orval crashes on it.
  test("reports a property forbidden by false", async () => {
    const doc = withSchemas({
      Answer: { type: "object", properties: { requirement_id: false }, additionalProperties: true },
    });
    expect(await rule.run(doc)).toEqual([
      {
        code: "fo-no-boolean-schema",
        path: "components.schemas.Answer.properties.requirement_id",
        message:
          "Boolean schema `false` at components.schemas.Answer.properties.requirement_id: write `{not: {}}` " +
          "(refuses every value) with a description instead; orval crashes on boolean schemas.",
        severity: 0,
      },
    ]);
  });

  test("reports `true` as a schema", async () => {
    const doc = openapi(
      { "/v1/things": { get: { responses: { "200": jsonResponse(true) } } } },
      {
        components: {
          schemas: { List: { type: "array", items: true }, Either: { anyOf: [{ type: "string" }, true] } },
        },
      },
    );
    const found = await rule.run(doc);
    expect(found.map((f) => f.path).sort()).toEqual([
      "components.schemas.Either.anyOf.1",
      "components.schemas.List.items",
      "paths./v1/things.get.responses.200.content.application/json.schema",
    ]);
    expect(found[0]!.message).toContain(
      "write a schema object instead (`{}` with x-not-shown saying what is not shown)",
    );
  });
});
