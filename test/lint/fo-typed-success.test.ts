import { describe, expect, test } from "vitest";
import { jsonResponse, openapi, ruleUnderTest, schemaRef } from "./helpers.ts";

const rule = ruleUnderTest("fo-typed-success");
const list = { type: "object", properties: { total: { type: "integer" } } };
const at = (responses: object) =>
  openapi({ "/v1/things": { get: { responses } } }, { components: { schemas: { List: list } } });

describe("fo-typed-success", () => {
  test("accepts typed and bodiless successes", async () => {
    expect(await rule.run(at({ "2XX": jsonResponse(schemaRef("List")) }))).toEqual([]);
    expect(
      await rule.run(
        at({
          "201": jsonResponse({ type: "object", additionalProperties: true }),
          "202": { description: "Accepted." },
        }),
      ),
    ).toEqual([]);
  });

  test("reports a status generators do not know", async () => {
    expect(await rule.run(at({ "2xx": jsonResponse(schemaRef("List")) }))).toEqual([
      {
        code: "fo-typed-success",
        path: "paths./v1/things.get.responses.2xx",
        message:
          "Success status `2xx` of GET /v1/things is not one generators know: use an exact code (200, 201, ...) " +
          "or `2XX` in capitals.",
        severity: 0,
      },
    ]);
  });

  test("reports untyped success bodies", async () => {
    const found = await rule.run(
      at({
        "200": { description: "Ok.", content: { "application/json": {} } },
        "2XX": jsonResponse({ description: "Anything." }),
      }),
    );
    expect(found).toEqual([
      expect.objectContaining({
        path: "paths./v1/things.get.responses.200.content.application/json",
        message: expect.stringMatching(/has no schema: generators type it as `unknown`/),
      }),
      expect.objectContaining({
        path: "paths./v1/things.get.responses.2XX.content.application/json.schema",
        message: expect.stringMatching(/has a schema that says nothing .*: generators type it as `any`/),
      }),
    ]);
  });
});
