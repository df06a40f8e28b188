// Whose requests the proxy signs: the tools its user runs (curl, an SDK, respect, Schemathesis), never a web page the
// user happens to visit. Browsers mark their requests and tools do not: a browser sends `Origin` on every cross-origin
// request but a plain navigation, and `Sec-Fetch-Site` on every request (`none` only for one the user typed or
// bookmarked); curl, Python's and Go's clients, respect and Schemathesis send neither, and Node's fetch sends only
// `Sec-Fetch-Mode`, which says nothing about who asked. So a request with an `Origin`, or with a `Sec-Fetch-Site` other
// than `none`, comes from a page, and is refused before anything is signed, unless its origin is one the user allowed
// (`--allow-origin`): then it is signed, and answered with the CORS headers that let that page read the answer.
import type { IncomingHttpHeaders } from "node:http";

export type BrowserVerdict =
  /** No mark of a browser: signed and forwarded. */
  | { kind: "tool" }
  /** A page of an allowed origin: signed, forwarded, answered with CORS headers for that origin. */
  | { kind: "allowed"; origin: string }
  /** An allowed origin's CORS preflight: answered by the proxy, nothing signed or forwarded. */
  | { kind: "preflight"; origin: string }
  /** A page the user did not allow: refused, nothing signed or forwarded. */
  | { kind: "refused"; origin: string | undefined; site: string | undefined };

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(", ") : value);

/** What the proxy does with a request, from its method and headers (Node's, names in lower case). */
export function browserVerdict(
  method: string,
  headers: IncomingHttpHeaders,
  allowed: ReadonlySet<string>,
): BrowserVerdict {
  const origin = single(headers.origin);
  const site = single(headers["sec-fetch-site"]);
  if (origin === undefined) return site === undefined || site === "none" ? { kind: "tool" } : refused(origin, site);
  if (!allowed.has(origin)) return refused(origin, site);
  return method === "OPTIONS" && headers["access-control-request-method"] !== undefined
    ? { kind: "preflight", origin }
    : { kind: "allowed", origin };
}

const refused = (origin: string | undefined, site: string | undefined): BrowserVerdict => ({
  kind: "refused",
  origin,
  site,
});

/** A caller's value in a message or log line: quoted, cut short, control characters escaped. */
export const shown = (value: string) => JSON.stringify(value.length > 200 ? `${value.slice(0, 200)}...` : value);

/** Why a refused request was refused, in the words of its answer and of the proxy's log line. */
export function refusalDetail(verdict: Extract<BrowserVerdict, { kind: "refused" }>): string {
  const from =
    verdict.origin === undefined
      ? `a web page (Sec-Fetch-Site ${shown(verdict.site ?? "")}, no Origin)`
      : `the web page of origin ${shown(verdict.origin)}`;
  return (
    `This proxy signs only for the tools its user runs, and this request comes from ${from}: nothing was signed or ` +
    "forwarded. For a local web tool you trust, start the proxy with --allow-origin and its exact origin."
  );
}

/**
 * The origins `--allow-origin` gives, each checked and in the form browsers send (`scheme://host[:port]`, lower case,
 * no default port). `null` is refused: any web page can send `Origin: null` (a sandboxed frame, a `data:` URL, some
 * redirects), so allowing it would let every site have requests signed and read the answers.
 * @throws TypeError naming the value that is not an origin, or why `null` is not taken.
 */
export function allowedOrigins(given: readonly string[]): Set<string> {
  return new Set(
    given.map((text) => {
      if (text.trim().toLowerCase() === "null")
        throw new TypeError(
          "--allow-origin null is refused: any web page can send Origin: null (a sandboxed frame, a data: URL, some " +
            "redirects), so it would let every site have requests signed. Serve your tool from an http(s) origin and " +
            "name that one.",
        );
      const url = URL.canParse(text) ? new URL(text) : undefined;
      if (!url || url.origin === "null" || url.href !== `${url.origin}/` || text.endsWith("/"))
        throw new TypeError(
          `--allow-origin ${shown(text)} is not an origin: give scheme://host[:port] as the page's address bar shows ` +
            "it, with no path (for example http://127.0.0.1:3000).",
        );
      return url.origin;
    }),
  );
}

/** The headers of an answer to an allowed origin: that origin may read it, and every header of it. */
export const corsHeaders = (origin: string): Record<string, string> => ({
  "Access-Control-Allow-Origin": origin,
  "Access-Control-Expose-Headers": "*",
  Vary: "Origin",
});

/** The answer to an allowed origin's preflight: the method and headers it asks for, for ten minutes. */
export function preflightHeaders(origin: string, headers: IncomingHttpHeaders): Record<string, string> {
  return {
    ...corsHeaders(origin),
    "Access-Control-Allow-Methods": single(headers["access-control-request-method"]) ?? "GET",
    ...(headers["access-control-request-headers"] === undefined
      ? {}
      : { "Access-Control-Allow-Headers": single(headers["access-control-request-headers"])! }),
    "Access-Control-Max-Age": "600",
  };
}
