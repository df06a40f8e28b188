import { describe, expect, test } from "vitest";
import { openapi, ruleUnderTest } from "./helpers.ts";

const rule = ruleUnderTest("fo-raw-upload");
const PATH = "/v2/accounts/{main_account_id}/individuals/{sub_account_id}/documents/{document_type}";
const disposition = {
  name: "Content-Disposition",
  in: "header",
  required: true,
  description: "attachment; filename=...",
  schema: { type: "string" },
};
const file = { type: "string", contentMediaType: "application/octet-stream" };
const upload = (op: object) =>
  openapi({
    [PATH]: {
      put: {
        parameters: [disposition],
        requestBody: { required: true, content: { "*/*": { schema: file } } },
        responses: { "2XX": { description: "Stored." } },
        ...op,
      },
    },
  });

describe("fo-raw-upload", () => {
  test("accepts raw bytes with Content-Disposition", async () => {
    expect(await rule.run(upload({}))).toEqual([]);
  });

  test("accepts named binary MIME types", async () => {
    const doc = upload({
      requestBody: { required: true, content: { "application/pdf": { schema: { type: "string", format: "binary" } } } },
    });
    expect(await rule.run(doc)).toEqual([]);
  });

  test("reports the file wrapped in JSON", async () => {
    const doc = upload({
      requestBody: { required: true, content: { "application/json": { schema: { type: "object" } } } },
    });
    expect(await rule.run(doc)).toEqual([
      {
        code: "fo-raw-upload",
        path: `paths.${PATH}.put.requestBody.content.application/json`,
        message:
          `PUT ${PATH} declares application/json: the file is the raw request body, not JSON and not a form; ` +
          `declare the document MIME type (or */*) with a binary string schema.`,
        severity: 0,
      },
    ]);
  });

  test("reports a multipart form", async () => {
    const doc = upload({
      requestBody: { required: true, content: { "multipart/form-data": { schema: { type: "object" } } } },
    });
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        code: "fo-raw-upload",
        path: `paths.${PATH}.put.requestBody.content.multipart/form-data`,
        message: expect.stringContaining("declares multipart/form-data"),
      }),
    ]);
  });

  test("reports Base64 text", async () => {
    const doc = upload({
      requestBody: { required: true, content: { "*/*": { schema: { type: "string", contentEncoding: "base64" } } } },
    });
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        code: "fo-raw-upload",
        path: `paths.${PATH}.put.requestBody.content.*/*.schema`,
        message: expect.stringMatching(/must be raw bytes: .* no contentEncoding \(not Base64\)/),
      }),
    ]);
  });

  test("reports no Content-Disposition, optional body", async () => {
    const doc = upload({ parameters: [], requestBody: { content: { "*/*": { schema: file } } } });
    expect(await rule.run(doc)).toEqual([
      expect.objectContaining({
        code: "fo-raw-upload",
        path: `paths.${PATH}.put.parameters`,
        message:
          `PUT ${PATH} must require the Content-Disposition header (attachment; filename=...): add $ref: ` +
          `'#/components/parameters/ContentDisposition'.`,
      }),
      expect.objectContaining({
        code: "fo-raw-upload",
        path: `paths.${PATH}.put.requestBody`,
        message: `The file body of PUT ${PATH} must be required: true.`,
      }),
    ]);
  });
});
