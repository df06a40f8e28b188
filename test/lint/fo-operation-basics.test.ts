import { describe, expect, test } from "vitest";
import { openapi, ruleUnderTest } from "./helpers.ts";

const rule = ruleUnderTest("fo-operation-basics");
const example = { examples: { one: { summary: "One.", value: {} } } };
const success = { description: "Ok.", content: { "application/json": { schema: { type: "object" }, ...example } } };
const good = { operationId: "listThings", summary: "List things", tags: ["Things"], responses: { "2XX": success } };
const at = (op: object) => openapi({ "/v1/things": { get: op } });

describe("fo-operation-basics", () => {
  test("accepts a complete operation", async () => {
    expect(await rule.run(at(good))).toEqual([]);
  });

  // A webhook acknowledgement.
  test("accepts a bodiless success without example", async () => {
    const doc = openapi(
      {},
      {
        webhooks: {
          "conversion.completed": {
            post: { ...good, operationId: "onConversionCompleted", responses: { "2XX": { description: "Ack." } } },
          },
        },
      },
    );
    expect(await rule.run(doc)).toEqual([]);
  });

  test("reports an operationId not camelCase", async () => {
    expect(await rule.run(at({ ...good, operationId: "list_things" }))).toEqual([
      expect.objectContaining({
        code: "fo-operation-basics",
        path: "paths./v1/things.get.operationId",
        message:
          "operationId `list_things` of GET /v1/things is not camelCase (^[a-z][a-zA-Z0-9]*$), the one casing of " +
          "this document.",
      }),
    ]);
  });

  test("reports no summary and no tag", async () => {
    const { summary: _s, tags: _t, ...bare } = good;
    expect(await rule.run(at(bare))).toEqual([
      expect.objectContaining({
        code: "fo-operation-basics",
        path: "paths./v1/things.get",
        message: "GET /v1/things has no summary; add a short one (it titles the operation in the docs).",
      }),
      expect.objectContaining({
        code: "fo-operation-basics",
        path: "paths./v1/things.get",
        message: "GET /v1/things has no tag; add one of the root `tags` so the docs can group it.",
      }),
    ]);
  });

  test("reports a success body without example", async () => {
    const doc = at({
      ...good,
      responses: { "201": { description: "Ok.", content: { "application/json": { schema: { type: "object" } } } } },
    });
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        code: "fo-operation-basics",
        path: "paths./v1/things.get.responses.201.content.application/json",
        message: expect.stringMatching(/^201 application\/json of GET \/v1\/things has no example; add `examples`/),
      }),
    ]);
  });

  test("reports a webhook without operationId", async () => {
    const { operationId: _id, ...anonymous } = good;
    const doc = openapi({}, { webhooks: { "conversion.failed": { post: anonymous } } });
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        code: "fo-operation-basics",
        path: "webhooks.conversion.failed.post",
        message:
          "webhook conversion.failed (POST) has no operationId; add one in camelCase, for example `createQuote`.",
      }),
    ]);
  });
});
