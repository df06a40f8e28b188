// fo-security-defined: every security requirement names a defined scheme; roles only where allowed.
// Replaces oas3-operation-security-defined, which only knows OAuth2 scopes.
import { isObject, operations, opName } from "./lib/openapi.js";

/**
 * @param {import("./lib/openapi.js").Document} doc
 * @param {{roles: Record<string, string[]>}} options scheme name -> roles it may list
 * @returns {import("./lib/openapi.js").Result[]}
 */
export default function securityDefined(doc, options) {
  const schemes = isObject(doc?.components?.securitySchemes) ? doc.components.securitySchemes : {};
  const roles = options?.roles ?? {};
  /** @type {import("./lib/openapi.js").Result[]} */
  const results = [];
  /** @param {unknown} security @param {import("./lib/openapi.js").Path} at @param {string} owner */
  const check = (security, at, owner) => {
    if (!Array.isArray(security)) return;
    security.forEach((requirement, i) => {
      for (const [scheme, listed] of Object.entries(isObject(requirement) ? requirement : {})) {
        const reqAt = [...at, "security", i, scheme];
        if (!(scheme in schemes)) {
          results.push({
            message:
              `${owner} names security scheme \`${scheme}\`, which components.securitySchemes does not define ` +
              `(defined: ${Object.keys(schemes).join(", ") || "none"}).`,
            path: reqAt,
          });
          continue;
        }
        if (!Array.isArray(listed) || listed.length === 0) continue;
        const allowed = roles[scheme];
        if (!allowed) {
          results.push({
            message:
              `${owner} lists roles on \`${scheme}\`, which takes none; leave its list empty ([]). Only ` +
              `${Object.keys(roles).join(", ")} carries documented scopes.`,
            path: reqAt,
          });
          continue;
        }
        listed.forEach((role, j) => {
          if (!allowed.includes(role)) {
            results.push({
              message:
                `${owner} asks \`${scheme}\` for \`${role}\`, which is not a documented scope; use one of ` +
                `${allowed.join(", ")}.`,
              path: [...reqAt, j],
            });
          }
        });
      }
    });
  };
  check(doc?.security, [], "The root");
  for (const { section, key, method, op, at } of operations(doc, { webhooks: true })) {
    check(op.security, at, section === "webhooks" ? `Webhook ${key}` : opName(method, key));
  }
  return results;
}
