// One reading of a request path, shared by the signer (signRequest, the client, fo-sign) and the mock's
// front: a path is taken only when every reader reads it the same way. The readers that matter are the
// WHATWG URL parser (fetch, Prism: `new URL(target, base).pathname`), routers that percent-decode each
// segment before matching (Prism), and routers that drop trailing slashes (openapi-backend). A path that
// any of them would rewrite is refused, so the path that is signed, authenticated and routed is one string.

import { InvalidSigningInputError } from "../errors/InvalidSigningInputError.ts";

/** Why a path or request target is refused; each is named in PATH_PROBLEMS. */
export type PathProblem =
  | "not-a-path"
  | "fragment"
  | "query-in-path"
  | "backslash"
  | "dot-segment"
  | "empty-segment"
  | "encoded-character"
  | "malformed-percent-escape"
  | "not-canonical";

/** What each problem means, for error messages (the mock's 400 detail, the signer's InvalidSigningInputError). */
export const PATH_PROBLEMS: Readonly<Record<PathProblem, string>> = {
  "not-a-path": "is neither a path starting with '/' nor an absolute http(s) URL with a path",
  fragment: "has a fragment ('#'), which a URL parser drops before the request is sent",
  "query-in-path": "has a query ('?') inside the path; the query goes in the URL and is not signed",
  backslash: "has a backslash, which URL parsers read as '/'",
  "dot-segment": "has a dot segment ('.', '..', or an encoded form such as '%2e'), which URL parsers resolve",
  "empty-segment": "has an empty segment ('//' or a trailing '/'), which routers read differently",
  "encoded-character":
    "percent-encodes '/', '\\' or an unreserved character (letter, digit, '-', '.', '_', '~'), which routers " +
    "decode before matching",
  "malformed-percent-escape": "has a '%' that is not followed by two hex digits of UTF-8",
  "not-canonical":
    "is not in the form a URL parser sends (spaces, control characters, non-ASCII or other characters it would " +
    "percent-encode)",
};

// Characters WHATWG's path state copies as they are (RFC 3986 pchar and '/', '%' kept verbatim): a path of
// only these needs no URL parse to know that the parser leaves it alone (dot segments are checked apart).
// Stryker disable next-line Regex: a narrower class only sends more paths to the URL parse, which decides the same
const PLAIN_PATH = /^[\w\-.~!$&'()*+,;=:@/%]*$/;
// The same for a query; WHATWG percent-encodes "'" in the query of http(s) URLs.
// Stryker disable next-line Regex: a narrower class only sends more queries to the URL parse, which gives the same
const PLAIN_QUERY = /^[\w\-.~!$&()*+,;=:@/?%]*$/;
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;
// An escape of '/', '\' or an unreserved character: ALPHA (41-5A, 61-7A), DIGIT (30-39), '-' (2D), '.' (2E), '_' (5F),
// '~' (7E).
const ENCODED_CHARACTER = /%(?:2[def]|3\d|[46][1-9a-f]|[57][0-9a]|5c|5f|7e)/i;
const BASE = "http://canonical.invalid";

/**
 * The problem of a request path (without the query), or undefined when every reader reads it as it is:
 * it starts with '/', has no fragment, query, backslash, dot segment or empty segment, its escapes are
 * well-formed UTF-8 and encode nothing a router would decode into routing (`/`, `\`, unreserved
 * characters), and the WHATWG URL parser gives it back unchanged.
 */
export function pathProblem(path: string): PathProblem | undefined {
  if (typeof path !== "string" || path.charCodeAt(0) !== 0x2f) return "not-a-path";
  if (path.includes("#")) return "fragment";
  if (path.includes("?")) return "query-in-path";
  if (path.includes("\\")) return "backslash";
  if (path !== "/") {
    for (const segment of path.slice(1).split("/")) {
      if (segment === "") return "empty-segment";
      if (DOT_SEGMENT.test(segment)) return "dot-segment";
    }
  }
  // Stryker disable next-line ConditionalExpression,StringLiteral: a shortcut; without '%' neither check finds anything
  if (path.includes("%")) {
    if (ENCODED_CHARACTER.test(path)) return "encoded-character";
    try {
      decodeURIComponent(path);
    } catch {
      return "malformed-percent-escape";
    }
  }
  if (!PLAIN_PATH.test(path) && canonicalPathname(path) !== path) return "not-canonical";
  return undefined;
}

/**
 * The pathname the WHATWG parser makes of a path; undefined when it does not parse as one (`/\t/x` is `//x`, a host).
 */
function canonicalPathname(path: string): string | undefined {
  try {
    return new URL(path, BASE).pathname;
  } catch {
    return undefined;
  }
}

export type TargetReading =
  | { ok: true; path: string; query: string }
  | { ok: false; problem: PathProblem; path: string };

const ABSOLUTE_FORM = /^https?:\/\/[^/?#\\]*/i;

/**
 * Reads a request target once: origin form (`/path?query`) or absolute form (`http://host/path?query`,
 * RFC 9112 3.2.2). The path must have no problem (see pathProblem); the query is given in the form the
 * WHATWG parser gives it (what Prism reads), so every later reader sees the same query string.
 * `path` of a refusal is the raw path, for choosing the envelope of the answer.
 */
export function readTarget(target: string): TargetReading {
  let rest = target;
  if (target.charCodeAt(0) !== 0x2f) {
    const absolute = ABSOLUTE_FORM.exec(target);
    // Stryker disable next-line StringLiteral: equivalent; any text that does not start with '/' is refused next
    rest = absolute ? target.slice(absolute[0].length) : "";
    if (rest.charCodeAt(0) !== 0x2f) return { ok: false, problem: "not-a-path", path: target };
  }
  const q = rest.indexOf("?");
  // Stryker disable next-line EqualityOperator: equivalent; rest starts with '/', so '?' is never at 0
  const path = q < 0 ? rest : rest.slice(0, q);
  if (rest.includes("#")) return { ok: false, problem: "fragment", path: path.split("#", 1)[0]! };
  const problem = pathProblem(path);
  if (problem) return { ok: false, problem, path };
  // Stryker disable next-line EqualityOperator: equivalent; rest starts with '/', so '?' is never at 0
  const raw = q < 0 ? "" : rest.slice(q + 1);
  const query = PLAIN_QUERY.test(raw) ? raw : new URL(`${BASE}/?${raw}`).search.slice(1);
  return { ok: true, path, query };
}

/**
 * Throws when `path` would not reach a server as it is written: the signer's side of pathProblem.
 * @throws InvalidSigningInputError naming the problem and showing the path escaped.
 */
export function assertCanonicalPath(path: string, what = "Path to sign"): void {
  const problem = pathProblem(path);
  if (problem) throw new InvalidSigningInputError("path", `${what} ${PATH_PROBLEMS[problem]}: ${JSON.stringify(path)}`);
}
