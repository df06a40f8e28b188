// fo-error-envelope: each error response uses the envelope of its family (see lint/README.md).
import { deref, isErrorStatus, isJsonMediaType, isObject, operations, opName } from "./lib/openapi.js";

/** @typedef {"flat" | "legacy" | "v2" | "portfolio"} Envelope */

/** @type {Record<Envelope, string>} */
export const ENVELOPES = {
  flat: "the flat envelope (code, status, detail, issues, instance, trace_id, time)",
  legacy: "the older authentication shape (status_code, code, instance, detail)",
  v2: "the v2 `errors` array of {type, description}",
  portfolio: "the portfolio `error` object (code, message, details, request_id, timestamp)",
};

/** @type {Record<Envelope, string>} */
const FIX = {
  flat: "#/components/responses/RateLimited or a schema $ref to #/components/schemas/FlatError",
  legacy: "#/components/schemas/AuthError",
  v2: "#/components/responses/V2Unauthorized or a schema $ref to #/components/schemas/V2Errors",
  portfolio: "a Portfolio* response or a schema $ref to #/components/schemas/PortfolioError",
};

/**
 * Which envelopes an error response of this path and status may use.
 * @param {string} path @param {string | number} status
 * @returns {Envelope[]}
 */
export function allowedEnvelopes(path, status) {
  // The reference gives both for a portfolio 429: RATE_LIMITED in the error object, and the flat
  // envelope for rate limits of all endpoints. The response says so in x-not-shown.
  if (/^\/v1\/portfolios(\/|$)/.test(path)) return String(status) === "429" ? ["portfolio", "flat"] : ["portfolio"];
  if (String(status) === "429") return ["flat"];
  if (/^\/v2\/(accounts|terms)(\/|$)/.test(path)) return ["v2"];
  return String(status) === "401" ? ["flat", "legacy"] : ["flat"];
}

/**
 * The property names of a schema, its allOf parts' included.
 * @param {import("./lib/openapi.js").Document} doc @param {unknown} schema @param {Set<unknown>} [seen]
 * @returns {Set<string>}
 */
function propertyNames(doc, schema, seen = new Set()) {
  const s = deref(doc, schema);
  if (!isObject(s) || seen.has(s)) return new Set();
  seen.add(s);
  const names = new Set(Object.keys(isObject(s.properties) ? s.properties : {}));
  for (const part of Array.isArray(s.allOf) ? s.allOf : [])
    for (const n of propertyNames(doc, part, seen)) names.add(n);
  return names;
}

/**
 * The envelope(s) a schema is: one per alternative of anyOf/oneOf, "unknown" when none fits.
 * @param {import("./lib/openapi.js").Document} doc @param {unknown} schema
 * @returns {(Envelope | "unknown")[]}
 */
export function envelopesOf(doc, schema) {
  const s = deref(doc, schema);
  const alternatives = isObject(s)
    ? Array.isArray(s.anyOf)
      ? s.anyOf
      : Array.isArray(s.oneOf)
        ? s.oneOf
        : null
    : null;
  if (alternatives) return alternatives.flatMap((/** @type {unknown} */ alt) => envelopesOf(doc, alt));
  // One object with optional members may carry the fields of several envelopes (the v1 401, the portfolio
  // 429): it is each of them, and each must be allowed.
  const names = propertyNames(doc, s);
  /** @type {Envelope[]} */
  const found = [];
  if (names.has("errors")) found.push("v2");
  if (names.has("error")) found.push("portfolio");
  if (names.has("status_code")) found.push("legacy");
  if (names.has("code") && names.has("status")) found.push("flat");
  return found.length ? found : ["unknown"];
}

/**
 * @param {import("./lib/openapi.js").Document} doc
 * @returns {import("./lib/openapi.js").Result[]}
 */
export default function errorEnvelope(doc) {
  /** @type {import("./lib/openapi.js").Result[]} */
  const results = [];
  for (const { key, method, op, at } of operations(doc)) {
    for (const [status, raw] of Object.entries(isObject(op.responses) ? op.responses : {})) {
      if (!isErrorStatus(status)) continue;
      const response = deref(doc, raw);
      const allowed = allowedEnvelopes(key, status);
      const want = allowed.map((e) => ENVELOPES[e]).join(" or ");
      const responseAt = [...at, "responses", status];
      const json = Object.entries(isObject(response?.content) ? response.content : {}).filter(([type]) =>
        isJsonMediaType(type),
      );
      if (json.length === 0) {
        results.push({
          message:
            `${status} of ${opName(method, key)} declares no JSON error body; ` +
            `declare application/json with ${want}.`,
          path: responseAt,
        });
        continue;
      }
      for (const [type, media] of json) {
        const found = envelopesOf(doc, media?.schema);
        const wrong = found.filter((e) => e === "unknown" || !allowed.includes(e));
        if (wrong.length === 0) continue;
        const seen = wrong
          .map((e) => (e === "unknown" ? "a body that is none of the four envelopes" : ENVELOPES[e]))
          .join(" and ");
        results.push({
          message:
            `${status} of ${opName(method, key)} uses ${seen}; this family answers with ${want}. Point it at ` +
            `${allowed.map((e) => FIX[e]).join(" or ")}.`,
          path: typeof raw?.$ref === "string" ? responseAt : [...responseAt, "content", type, "schema"],
        });
      }
    }
  }
  return results;
}
