// fo-raw-upload: document uploads send the file itself: no JSON, no form, no Base64, and a required
// Content-Disposition header.
import { deref, isObject, operations, opName, parametersOf, typesOf } from "./lib/openapi.js";

const NOT_RAW = /json|^application\/x-www-form-urlencoded|^multipart\//i;

/**
 * @param {import("./lib/openapi.js").Document} doc
 * @param {{paths: string}} options regular expression of the raw-upload paths
 * @returns {import("./lib/openapi.js").Result[]}
 */
export default function rawUpload(doc, options) {
  const pattern = new RegExp(options?.paths ?? "/documents/\\{document_type\\}$");
  const results = [];
  for (const entry of operations(doc)) {
    const { key, method, op, at } = entry;
    if (!pattern.test(key) || !("requestBody" in op)) continue;
    const name = opName(method, key);
    const body = deref(doc, op.requestBody);
    const bodyAt = [...at, "requestBody"];
    if (body?.required !== true)
      results.push({ message: `The file body of ${name} must be required: true.`, path: bodyAt });
    for (const [type, media] of Object.entries(isObject(body?.content) ? body.content : {})) {
      const mediaAt = [...bodyAt, "content", type];
      if (NOT_RAW.test(type)) {
        results.push({
          message:
            `${name} declares ${type}: the file is the raw request body, not JSON and not a form; declare the ` +
            `document MIME type (or */*) with a binary string schema.`,
          path: mediaAt,
        });
        continue;
      }
      const schema = deref(doc, media?.schema);
      const binary =
        typesOf(schema).includes("string") &&
        (typeof schema.contentMediaType === "string" || schema.format === "binary");
      if (!binary || "contentEncoding" in schema) {
        results.push({
          message:
            `The ${type} body of ${name} must be raw bytes: {type: string, contentMediaType: ...} with no ` +
            `contentEncoding (not Base64); write {type: string, format: binary, contentMediaType: ` +
            `application/octet-stream} in place.`,
          path: [...mediaAt, "schema"],
        });
      }
    }
    const disposition = parametersOf(doc, entry).find(
      ({ param }) => param.in === "header" && String(param.name).toLowerCase() === "content-disposition",
    );
    if (disposition?.param.required !== true) {
      results.push({
        message:
          `${name} must require the Content-Disposition header (attachment; filename=...): add $ref: ` +
          `'#/components/parameters/ContentDisposition'.`,
        path: disposition ? disposition.at : [...at, "parameters"],
      });
    }
  }
  return results;
}
