import { describe, expect, test } from "vitest";
import { openapi, ruleUnderTest } from "./helpers.ts";

const rule = ruleUnderTest("fo-unknowns-marker");
const withSchemas = (schemas: object) => openapi({}, { components: { schemas } });
const paths = (doc: { code: string; path: string }[]) => doc.map((r) => [r.code, r.path]);

describe("fo-unknowns-marker", () => {
  test("accepts closed or marked sets", async () => {
    const doc = withSchemas({
      Closed: { type: "object", properties: { a: { type: "string" } }, additionalProperties: false },
      Open: {
        type: "object",
        properties: { quote_id: { type: "string" } },
        "x-not-shown": "Fields other than quote_id.",
      },
      Status: { type: "string", enum: ["ACTION_REQUIRED", "CLOSED"] },
      Network: { type: "string", examples: ["US_ACH", "US_FEDWIRE"], "x-not-shown": "Complete set of networks." },
      Url: { type: "string", format: "uri", examples: ["https://app.example.com/done"] },
      Unknown: { description: "Anything.", "x-not-shown": "Type and values." },
      Constant: { const: "Unauthorized" },
    });
    expect(await rule.run(doc)).toEqual([]);
  });

  test("accepts a forbidden property's `not: {}`", async () => {
    const doc = withSchemas({
      Answer: {
        type: "object",
        properties: { requirement_id: { description: "Never sent.", not: {} } },
        additionalProperties: false,
      },
    });
    expect(await rule.run(doc)).toEqual([]);
  });

  test("accepts closed allOf and anyOf parts", async () => {
    const doc = withSchemas({
      Flat: { type: "object", properties: { code: { type: "string" } }, additionalProperties: false },
      Legacy: { type: "object", properties: { status_code: { type: "integer" } }, additionalProperties: false },
      Narrowed: {
        allOf: [{ $ref: "#/components/schemas/Flat" }, { type: "object", properties: { code: { enum: ["1"] } } }],
      },
      Either: { anyOf: [{ $ref: "#/components/schemas/Flat" }, { $ref: "#/components/schemas/Legacy" }] },
    });
    expect(await rule.run(doc)).toEqual([]);
  });

  test("reports an unmarked open object", async () => {
    expect(
      await rule.run(withSchemas({ Quote: { type: "object", properties: { quote_id: { type: "string" } } } })),
    ).toEqual([
      {
        code: "fo-unknowns-marker",
        path: "components.schemas.Quote",
        message:
          "Open object schema: add additionalProperties: false if the reference gives every field, else " +
          "x-not-shown: <which fields are not shown>.",
        severity: 0,
      },
    ]);
  });

  test("reports a nested open object", async () => {
    const doc = withSchemas({
      Request: { type: "object", properties: { from_asset: { type: "object" } }, additionalProperties: false },
    });
    expect(paths(await rule.run(doc))).toEqual([
      ["fo-unknowns-marker", "components.schemas.Request.properties.from_asset"],
    ]);
  });

  test("reports unmarked example values", async () => {
    expect(await rule.run(withSchemas({ OrderStatus: { type: "string", examples: ["PENDING"] } }))).toEqual([
      expect.objectContaining({
        code: "fo-unknowns-marker",
        path: "components.schemas.OrderStatus",
        message: expect.stringMatching(
          new RegExp(
            "^`examples` lists known values \\(PENDING\\) of a set that is not an enum, so the set is incomplete: " +
              "add x-not-shown",
          ),
        ),
      }),
    ]);
  });

  test("reports an enum said incomplete", async () => {
    expect(
      await rule.run(withSchemas({ Status: { type: "string", enum: ["PENDING"], "x-not-shown": "Other values." } })),
    ).toEqual([
      expect.objectContaining({
        code: "fo-unknowns-marker",
        path: "components.schemas.Status.x-not-shown",
        message:
          "An enum is a complete set and carries no x-not-shown; if the set may be larger, move the values to " +
          "`examples` and keep x-not-shown.",
      }),
    ]);
  });

  test("reports open, untyped and empty shapes", async () => {
    const doc = withSchemas({
      Both: {
        allOf: [
          { type: "object", properties: { a: { type: "string" } } },
          { type: "object", properties: { b: { type: "string" } } },
        ],
      },
      Anything: { description: "No type." },
      List: { type: "array" },
      Blank: { type: "object", "x-not-shown": "" },
    });
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        path: "components.schemas.Both",
        message: expect.stringContaining("This allOf composition is open"),
      }),
      expect.objectContaining({
        path: "components.schemas.Anything",
        message: expect.stringContaining("Schema without a type accepts any value"),
      }),
      expect.objectContaining({
        path: "components.schemas.List",
        message: expect.stringContaining("Array without items"),
      }),
      expect.objectContaining({
        path: "components.schemas.Blank.x-not-shown",
        message: "x-not-shown must be a non-empty string naming what the reference does not show.",
      }),
    ]);
  });

  test("reports an unmarked parameter list", async () => {
    const doc = openapi({
      "/v2/x/{document_type}": {
        parameters: [
          {
            name: "document_type",
            in: "path",
            required: true,
            schema: { type: "string", examples: ["MEMORANDUM_OF_ASSOCIATION"] },
          },
        ],
      },
    });
    expect(paths(await rule.run(doc))).toEqual([
      ["fo-unknowns-marker", "paths./v2/x/{document_type}.parameters.0.schema"],
    ]);
  });
});
