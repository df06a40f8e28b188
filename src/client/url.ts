import { pathProblem } from "../signing/canonicalPath.ts";
import { InvalidOptionError } from "../errors/InvalidOptionError.ts";

// The request URL, built as openapi-fetch builds it for the parameter styles this document uses: the
// general serializers (label, matrix, deepObject, exploded arrays) would be a tenth of what the client ships.

/**
 * The template with its path parameters filled in, each percent-encoded whole (the simple style, the
 * only one the document's paths use); a parameter not given leaves its `{name}`, as openapi-fetch does.
 * Values that would change the endpoint are refused: URLs resolve `.` and `..` segments, and a `/`
 * would add one, so a signed request could reach another operation.
 * @throws InvalidOptionError for an empty, `.` or `..` value or one containing `/` or `\\`, the value quoted.
 */
export const fillPath = (template: string, values: Record<string, unknown>): string =>
  template.replace(/\{([^{}]+)\}/g, (name, key: string) => {
    const value = values[key];
    if (value == null) return name;
    // One problem, shown by the value: it would move the request to another path.
    if (/^\.{0,2}$|[/\\]/.test(String(value)))
      throw new InvalidOptionError(
        `params.path.${key}`,
        `Path parameter ${key} would change the path: ${JSON.stringify(String(value))}`,
      );
    return encodeURIComponent(value as string);
  });

/**
 * The query string, form style: `name=value` pairs in the order given, values percent-encoded, arrays
 * joined by commas (`explode: false`, as rfi_status is specified), undefined, null and empty arrays left out.
 * @throws InvalidOptionError for an object value: no query parameter of the document takes one.
 */
export const serializeQuery = (query: Record<string, unknown>): string =>
  Object.entries(query)
    .filter(([, v]) => v != null && !(Array.isArray(v) && !v.length))
    .map(([k, v]) => {
      if (typeof v === "object" && !Array.isArray(v))
        throw new InvalidOptionError(
          `params.query.${k}`,
          `Query parameter ${k} is an object: pass a querySerializer function`,
        );
      return `${k}=${[v]
        .flat()
        .map((x) => encodeURIComponent(x as string))
        .join(",")}`;
    })
    .join("&");

/**
 * The path of a call's URL as fetch sends it (and as it is signed), checked with the rules signRequest and
 * the mock share (src/signing/canonicalPath.ts): a path that fetch's URL parser would route elsewhere (`\`,
 * `#`, dot segments) or that a router reads otherwise (empty segments, an encoded `/`) is refused before
 * anything is sent. Only percent-encoding may differ between the URL as built and as sent (a `{name}` left unfilled).
 * @throws InvalidOptionError naming the problem (the names of canonicalPath.ts's PathProblem).
 */
export function requestPathOf(url: string): string {
  const { origin, pathname } = new URL(url);
  const built = url.slice(origin.length).split("?", 1)[0]!;
  let problem = pathProblem(built);
  if (problem === "not-canonical") problem = pathProblem(pathname);
  if (problem)
    throw new InvalidOptionError(
      "path",
      `Request path refused (${problem}; see signRequest): ${JSON.stringify(built)}`,
    );
  return pathname;
}
