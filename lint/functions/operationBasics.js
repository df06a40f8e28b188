// fo-operation-basics: operationId in camelCase, a summary, a tag, and an example of every success body.
import { deref, isObject, isSuccessStatus, operations, opName } from "./lib/openapi.js";

const CAMEL = /^[a-z][a-zA-Z0-9]*$/;
const text = (/** @type {unknown} */ v) => typeof v === "string" && v.trim() !== "";

/**
 * @param {import("./lib/openapi.js").Document} doc
 * @returns {import("./lib/openapi.js").Result[]}
 */
export default function operationBasics(doc) {
  const results = [];
  for (const { key, method, op, at, section } of operations(doc, { webhooks: true })) {
    const name = section === "webhooks" ? `webhook ${key} (${method.toUpperCase()})` : opName(method, key);
    if (!text(op.operationId)) {
      results.push({
        message: `${name} has no operationId; add one in camelCase, for example \`createQuote\`.`,
        path: at,
      });
    } else if (!CAMEL.test(op.operationId)) {
      results.push({
        message:
          `operationId \`${op.operationId}\` of ${name} is not camelCase (^[a-z][a-zA-Z0-9]*$), the one casing of ` +
          `this document.`,
        path: [...at, "operationId"],
      });
    }
    if (!text(op.summary))
      results.push({
        message: `${name} has no summary; add a short one (it titles the operation in the docs).`,
        path: at,
      });
    if (!Array.isArray(op.tags) || op.tags.length === 0) {
      results.push({ message: `${name} has no tag; add one of the root \`tags\` so the docs can group it.`, path: at });
    }
    const responses = isObject(op.responses) ? op.responses : {};
    const success = Object.keys(responses).filter(isSuccessStatus);
    if (success.length === 0) {
      results.push({
        message:
          `${name} declares no success (2XX) response; add one (\`2XX\` with x-not-shown when the status is not ` +
          `given).`,
        path: [...at, "responses"],
      });
    }
    for (const status of success) {
      const response = deref(doc, responses[status]);
      for (const [type, media] of Object.entries(isObject(response?.content) ? response.content : {})) {
        const hasExample =
          isObject(media) &&
          ("example" in media || (isObject(media.examples) && Object.keys(media.examples).length > 0));
        if (!hasExample) {
          results.push({
            message:
              `${status} ${type} of ${name} has no example; add \`examples\` with a value that validates (an empty ` +
              `object with a summary where the fields are not shown).`,
            path: [...at, "responses", status, "content", type],
          });
        }
      }
    }
  }
  return results;
}
