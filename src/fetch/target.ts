import { baseUrlOf } from "../client/validate.ts";
import { RefusedRequestError } from "../errors/RefusedRequestError.ts";

/**
 * Where the signing fetch may send: one origin, under one base path (such as `/api`), which is part of the signed path.
 */
export interface Base {
  origin: string;
  /** The base URL's path without a trailing slash; "" for none. */
  path: string;
  /** The base URL as paths are appended to it. */
  href: string;
}

/**
 * @throws InvalidOptionError for a baseUrl that is not absolute http(s) or carries a user name or password (baseUrlOf).
 */
export function baseOf(baseUrl: string): Base {
  const href = baseUrlOf(baseUrl);
  const url = new URL(href);
  return { origin: url.origin, path: url.pathname.replace(/\/$/, ""), href };
}

/**
 * The URL a request goes to, parsed once: what is signed is what is sent. A path starting with one "/"
 * (as orval generates without a baseUrl) is appended to the base URL; anything else must be absolute.
 * @throws RefusedRequestError when the URL does not parse, has a user name or password, or lies outside the base.
 */
export function targetOf(input: string | URL, base: Base, method: string): URL {
  let url: URL | undefined;
  // A URL reads as its href, which never starts with "/".
  const text = String(input);
  try {
    url = new URL(/^\/(?![/\\])/.test(text) ? base.href + text : text);
  } catch {}
  // Messages name origins only: a path or query may carry identifiers or tokens.
  if (!url)
    throw new RefusedRequestError(
      "invalid-url",
      method,
      undefined,
      'not sent: the URL is neither absolute nor a path starting with "/"; give one of those',
    );
  if (url.username || url.password)
    throw new RefusedRequestError(
      "credentials-in-url",
      method,
      undefined,
      "not sent: the URL has a user name or password; give credentials in the fetch's options",
    );
  if (url.origin !== base.origin)
    throw new RefusedRequestError(
      "other-origin",
      method,
      url.origin,
      `not sent: this fetch signs and sends only to ${base.origin}`,
    );
  if (base.path && url.pathname !== base.path && !url.pathname.startsWith(`${base.path}/`)) {
    throw new RefusedRequestError(
      "outside-base-path",
      method,
      url.origin,
      `not sent: the path is outside ${base.path}, ` +
        `and this fetch signs and sends only under ${base.origin}${base.path}`,
    );
  }
  return url;
}
