import { describe, expect, test } from "vitest";
import { openapi, ruleUnderTest } from "./helpers.ts";

const rule = ruleUnderTest("fo-time-format");
const dateTime = { type: "string", format: "date-time", description: "A time." };
const withSchema = (properties: object, parameters: object[] = []) =>
  openapi(
    {
      "/v1/x": {
        get: {
          parameters,
          responses: {
            "200": {
              description: "Ok.",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } },
            },
          },
        },
      },
    },
    { components: { schemas: { Thing: { type: "object", properties }, Time: dateTime } } },
  );

describe("fo-time-format", () => {
  test("accepts date-times, by $ref or nullable", async () => {
    const doc = withSchema(
      {
        created_at: dateTime,
        time: dateTime,
        timestamp: { $ref: "#/components/schemas/Time" },
        valid_until: { ...dateTime, type: ["string", "null"] },
        expire_time: { description: "A timestamp.", "x-not-shown": "Its form." },
        status: { type: "integer" },
      },
      [{ name: "updated_from", in: "query", description: "From.", schema: dateTime }],
    );
    expect(await rule.run(doc)).toEqual([]);
  });

  test("skips look-alike names", async () => {
    expect(
      await rule.run(withSchema({ format: { type: "string" }, timeout: { type: "integer" }, at: { type: "string" } })),
    ).toEqual([]);
  });

  test("reports an *_at property without format", async () => {
    expect(await rule.run(withSchema({ updated_at: { type: "string" } }))).toEqual([
      {
        code: "fo-time-format",
        path: "components.schemas.Thing.properties.updated_at",
        message: "Property `updated_at` is time-valued: make it {type: string, format: date-time} (ISO 8601).",
        severity: 0,
      },
    ]);
  });

  test("reports a date and an epoch integer", async () => {
    const doc = withSchema({ valid_until: { type: "string", format: "date" }, expire_time: { type: "integer" } });
    expect((await rule.run(doc)).map((r) => [r.code, r.path])).toEqual([
      ["fo-time-format", "components.schemas.Thing.properties.valid_until"],
      ["fo-time-format", "components.schemas.Thing.properties.expire_time"],
    ]);
  });

  test("reports a formless updated_from", async () => {
    const doc = withSchema({}, [
      { name: "updated_from", in: "query", description: "From.", schema: { type: "string" } },
    ]);
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        code: "fo-time-format",
        path: "paths./v1/x.get.parameters.0.schema",
        message:
          "Parameter `updated_from` is time-valued: give it schema {type: string, format: date-time} (ISO 8601).",
      }),
    ]);
  });

  // expire_time and valid_until_timestamp are "timestamps" whose form the reference does not show.
  const note = { description: "A timestamp.", "x-not-shown": "Its form." };
  test.each([
    ["expire_time", { ...note, type: "string", format: "date-time" }],
    ["expire_time", { ...note, type: "integer" }],
    ["valid_until_timestamp", { ...note, format: "date-time" }],
    ["valid_until_timestamp", { description: "A timestamp." }],
  ])("reports %s with a form or unmarked (%o)", async (name, schema) => {
    expect(await rule.run(withSchema({ [name]: schema }))).toEqual([
      expect.objectContaining({
        code: "fo-time-format",
        path: `components.schemas.Thing.properties.${name}`,
        message:
          `Property \`${name}\` is a timestamp whose form the reference does not show: give it no type or format, ` +
          `and say so in x-not-shown.`,
      }),
    ]);
  });
});
