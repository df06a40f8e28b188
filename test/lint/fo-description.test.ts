import { describe, expect, test } from "vitest";
import { openapi, ruleUnderTest } from "./helpers.ts";

const rule = ruleUnderTest("fo-description");
const withParts = (properties: object, parameters: object[] = [], componentParameters: object = {}) =>
  openapi(
    { "/v1/x/{id}": { parameters, get: { responses: { "200": { description: "Ok." } } } } },
    {
      components: {
        parameters: componentParameters,
        schemas: {
          Thing: { type: "object", properties },
          Status: { type: "string", description: "Status of a thing.", enum: ["A"] },
        },
      },
    },
  );

describe("fo-description", () => {
  test("accepts described parameters and properties", async () => {
    const doc = withParts(
      {
        name: { type: "string", description: "Name." },
        status: { $ref: "#/components/schemas/Status" },
        requirement_id: false,
      },
      [{ $ref: "#/components/parameters/Id" }],
      { Id: { name: "id", in: "path", required: true, description: "Identifier.", schema: { type: "string" } } },
    );
    expect(await rule.run(doc)).toEqual([]);
  });

  test("reports a property without description", async () => {
    expect(await rule.run(withParts({ account_number: { type: "string" } }))).toEqual([
      {
        code: "fo-description",
        path: "components.schemas.Thing.properties.account_number",
        message:
          "Property `account_number` has no description; add one in the API's own words (on the property or on " +
          "the schema it references).",
        severity: 0,
      },
    ]);
  });

  test("reports a nested property", async () => {
    const doc = withParts({
      error: { type: "object", description: "Error.", properties: { code: { type: "string", description: " " } } },
    });
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        code: "fo-description",
        path: "components.schemas.Thing.properties.error.properties.code",
      }),
    ]);
  });

  test("reports undescribed parameters", async () => {
    const doc = withParts({}, [{ name: "id", in: "path", required: true, schema: { type: "string" } }], {
      Page: { name: "page", in: "query", schema: { type: "integer" } },
    });
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        code: "fo-description",
        path: "paths./v1/x/{id}.parameters.0",
        message: expect.stringContaining("Parameter `id` (path)"),
      }),
      expect.objectContaining({
        code: "fo-description",
        path: "components.parameters.Page",
        message: "Parameter `page` (query) has no description; say what it is and any rule the reference gives.",
      }),
    ]);
  });
});
