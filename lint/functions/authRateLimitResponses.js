// fo-auth-rate-limit-responses: every operation of `paths` declares 401 and 429.
import { isObject, operations, opName } from "./lib/openapi.js";

/** @type {Record<string, string>} */
const WHY = {
  401: "every endpoint requires an API key and answers 401 on missing or invalid credentials",
  429: "every endpoint is rate limited and answers 429",
};

/**
 * The shared response to point at, by family.
 * @param {string} path @param {string} status
 */
function fixFor(path, status) {
  const portfolio = /^\/v1\/portfolios(\/|$)/.test(path);
  if (status === "429")
    return portfolio ? "#/components/responses/PortfolioRateLimited" : "#/components/responses/RateLimited";
  if (portfolio) return "#/components/responses/PortfolioUnauthorized";
  if (/^\/v2\/(accounts|terms)(\/|$)/.test(path)) return "#/components/responses/V2Unauthorized";
  return "#/components/responses/Unauthorized";
}

/**
 * @param {import("./lib/openapi.js").Document} doc
 * @returns {import("./lib/openapi.js").Result[]}
 */
export default function authRateLimitResponses(doc) {
  const results = [];
  for (const { key, method, op, at } of operations(doc)) {
    const responses = isObject(op.responses) ? op.responses : {};
    for (const status of ["401", "429"]) {
      if (status in responses) continue;
      results.push({
        message:
          `${opName(method, key)} declares no ${status} response (${WHY[status]}); add '${status}': {$ref: ` +
          `'${fixFor(key, status)}'}.`,
        path: [...at, "responses"],
      });
    }
  }
  return results;
}
