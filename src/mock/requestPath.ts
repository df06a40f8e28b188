/** Why a request path is refused before any routing: each is a 400 in the path's documented envelope. */
export type PathProblem = "malformed-percent-escape" | "dot-segment" | "not-a-path";

export type PathCheck = { ok: true; path: string; query: string } | { ok: false; problem: PathProblem; path: string };

const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;
const ABSOLUTE_FORM = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i;

/**
 * Splits the request target and refuses what would route somewhere other than the exact path that was signed:
 * a percent escape that is not two hex digits or not UTF-8 (Prism throws `URIError` on it), and dot segments
 * (`.`, `..`, `%2e%2e`, `.%2e`), which Prism resolves but the signature covers verbatim. A real client never
 * sends dot segments (URL parsing resolves them), so refusing them loses nothing and leaves a single path
 * that both the signature check and the router see. An absolute-form target counts as its path and query;
 * any other target that is not a path (`*`, `host:port`) is refused.
 */
export function checkRequestPath(target: string): PathCheck {
  if (target.charCodeAt(0) !== 0x2f) {
    // RFC 9112 3.2.2: a server takes the absolute form (http://host/path) too; its path is what the client signed.
    const absolute = ABSOLUTE_FORM.exec(target);
    if (!absolute) return { ok: false, problem: "not-a-path", path: target };
    const rest = target.slice(absolute[0].length);
    target = rest.startsWith("/") ? rest : `/${rest}`;
  }
  const q = target.indexOf("?");
  const path = q < 0 ? target : target.slice(0, q);
  const query = q < 0 ? "" : target.slice(q + 1);
  for (const segment of path.split("/")) {
    if (DOT_SEGMENT.test(segment)) return { ok: false, problem: "dot-segment", path };
    if (!segment.includes("%")) continue;
    try {
      decodeURIComponent(segment);
    } catch {
      return { ok: false, problem: "malformed-percent-escape", path };
    }
  }
  return { ok: true, path, query };
}

/** Portfolio conversions authenticate with a bearer token, not a signature; every other path is signed. */
const BEARER_ROUTE = /^\/v1\/portfolios\/[^/]+\/conversions\/(?:quote|hedge)$/;

/** Whether a checked path (no dot segments) is a portfolio route, which the front leaves to Prism's bearer check. */
export const isBearerRoute = (path: string) => BEARER_ROUTE.test(path);
