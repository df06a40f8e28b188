import { describe, expect, test } from "vitest";
import { openapi, ruleUnderTest } from "./helpers.ts";

const rule = ruleUnderTest("fo-binary-format");
const PATH = "/v2/accounts/{main_account_id}/individuals/{sub_account_id}/documents/{document_type}";
const file = {
  type: "string",
  format: "binary",
  contentMediaType: "application/octet-stream",
  description: "The file.",
};
const upload = (schema: object, extra: object = {}) =>
  openapi(
    {
      [PATH]: {
        put: {
          requestBody: { required: true, content: { "*/*": { schema } } },
          responses: { "2XX": { description: "Stored." } },
        },
      },
    },
    extra,
  );

describe("fo-binary-format", () => {
  test("accepts binary bodies in place and by $ref", async () => {
    const doc = upload(file, {
      components: {
        schemas: {
          DocumentFile: file,
          Form: { type: "object", additionalProperties: { $ref: "#/components/schemas/DocumentFile" } },
        },
      },
    });
    expect(await rule.run(doc)).toEqual([]);
  });

  test("accepts Base64 text as a string", async () => {
    const doc = openapi(
      {},
      {
        components: { schemas: { Scan: { type: "string", contentMediaType: "image/png", contentEncoding: "base64" } } },
      },
    );
    expect(await rule.run(doc)).toEqual([]);
  });

  // hey-api and orval 7 sent `{}` for such a body.
  test("reports contentMediaType without binary", async () => {
    const doc = upload({ type: "string", contentMediaType: "application/octet-stream" });
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        code: "fo-binary-format",
        path: `paths.${PATH}.put.requestBody.content.*/*.schema`,
        message:
          "Raw bytes (contentMediaType application/octet-stream, no contentEncoding) must also say `type: string, " +
          "format: binary`, or generators send or type the file wrongly.",
      }),
      expect.objectContaining({
        path: `paths.${PATH}.put.requestBody.content.*/*.schema`,
        message: `The */* body of PUT ${PATH} is a file: its schema must be \`{type: string, format: binary}\`.`,
      }),
    ]);
  });

  test("reports a file body through a $ref", async () => {
    const doc = upload(
      { $ref: "#/components/schemas/DocumentFile" },
      { components: { schemas: { DocumentFile: file } } },
    );
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        code: "fo-binary-format",
        path: `paths.${PATH}.put.requestBody.content.*/*.schema`,
        message:
          `The */* body of PUT ${PATH} is a file: write its schema here, not as a $ref (@hey-api/openapi-ts reads ` +
          `format: binary on the body's own schema only, and JSON-encodes the file otherwise).`,
      }),
    ]);
  });

  test("reports a file response not binary", async () => {
    const doc = openapi({
      "/v1/files/{id}": {
        get: {
          responses: {
            "200": { description: "The file.", content: { "application/pdf": { schema: { type: "object" } } } },
          },
        },
      },
    });
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        path: "paths./v1/files/{id}.get.responses.200.content.application/pdf.schema",
        message:
          "The application/pdf body of 200 of GET /v1/files/{id} is a file: its schema must be `{type: string, " +
          "format: binary}`.",
      }),
    ]);
  });
});
