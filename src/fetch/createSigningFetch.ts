import { createAuth } from "../client/auth.ts";
import { type Clock, systemClock } from "../clock.ts";
import { isPortfolioPath } from "../client/operations.ts";
import type { ClientOptions, FetchLike } from "../client/options.ts";
import { InvalidCredentialsError } from "../errors/InvalidCredentialsError.ts";
import { InvalidOptionError } from "../errors/InvalidOptionError.ts";
import { RedirectError } from "../errors/RedirectError.ts";
import { DATE_HEADER } from "../signing/constants.ts";
import { hashBody } from "../signing/stringToSign.ts";
import { readRequest } from "./request.ts";
import { baseOf } from "./target.ts";

export interface SigningFetchOptions extends Pick<ClientOptions, "credentials" | "portfolioToken"> {
  /**
   * The only address requests go to: production or sandbox, with any path prefix (such as `/api`, part of the signed
   * path).
   */
  baseUrl: string;
  /**
   * What sends the signed request, called as `fetch(url, init)` with the exact bytes signed as `init.body`. Default
   * globalThis.fetch.
   */
  fetch?: FetchLike;
  /**
   * A redirect is never followed (the credentials and the date header would go to its target): with "error",
   * the default, it throws RedirectError; with "manual" the 3xx response is returned as it came.
   */
  redirect?: "error" | "manual";
  /**
   * Signing time, and the wait for the next whole second when a state-changing request would repeat a signature
   * (src/signing/ledger.ts). Default the system clock; without `sleep`, the system's timer waits.
   */
  clock?: Pick<Clock, "now"> & Partial<Pick<Clock, "sleep">>;
}

/** A `fetch` that signs: takes what fetch takes, as openapi-fetch, hey-api, orval's mutators and ky call it. */
export type SigningFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * A fetch for generated clients that authenticates every request with the exact bytes it sends: HMAC-SHA256
 * with a fresh timestamp per call in production (a state-changing request never with a signature already sent), `Bearer` in sandbox, the portfolio token on `/v1/portfolios/`
 * paths. It reads the body once into bytes (a Request's, a stream, a Blob, a form), signs them and sends them,
 * and only to the base URL's origin and path; it never follows a redirect. Checks run before anything is sent.
 * @throws InvalidCredentialsError for missing or malformed credentials (never quoting the secret), ServerSideOnlyError
 * for HMAC credentials in a browser page, InvalidOptionError for a redirect option other than "error" or "manual",
 * InvalidOptionError for a bad baseUrl (client/validate.ts); the returned fetch rejects with
 * RefusedRequestError, InvalidUploadError, InvalidCredentialsError or RedirectError as it says.
 */
export function createSigningFetch(options: SigningFetchOptions): SigningFetch {
  const { credentials, portfolioToken, redirect = "error" } = options;
  if (!credentials && portfolioToken === undefined)
    throw new InvalidCredentialsError(
      "No credentials were given: give credentials (HMAC keys or a sandbox bearer token) or a portfolioToken.",
    );
  if (redirect !== "error" && redirect !== "manual")
    throw new InvalidOptionError(
      "redirect",
      `redirect is ${JSON.stringify(String(redirect))}: give "error" or "manual" (a redirect is never followed).`,
    );
  const clock = options.clock;
  const authFor = createAuth(
    { credentials, portfolioToken },
    clock ? { now: () => clock.now(), sleep: clock.sleep ?? systemClock.sleep } : systemClock,
  );
  const base = baseOf(options.baseUrl);
  const send = options.fetch ?? ((url, init) => fetch(url, init));

  return async (input, init) => {
    const { url, method, headers, bytes, signal } = await readRequest(input, init, base);
    const path = url.pathname;
    const authorize = authFor(isPortfolioPath(path.slice(base.path.length)));
    if (!authorize)
      throw new InvalidCredentialsError(
        "Customer and account operations need credentials: give HMAC keys or a sandbox bearer token.",
      );
    // A bearer request carries no signing date; one set by the caller (or a generated client's auth) is not passed on.
    headers.delete(DATE_HEADER);
    // A POST, PUT, PATCH or DELETE whose signature this fetch already sent waits for the next second (each call is
    // new to this fetch, so a caller's retry of one is too); reads of one path share a second (src/signing/ledger.ts).
    await authorize(headers, method, path, () => hashBody(bytes), { signal });
    const response = await send(url.href, {
      ...init,
      method,
      headers,
      body: (bytes ?? null) as BodyInit | null,
      signal,
      redirect: "manual",
    });
    if (
      redirect === "error" &&
      (response.type === "opaqueredirect" ||
        (response.status > 299 && response.status < 400 && response.status !== 304))
    ) {
      response.body?.cancel().catch(() => {});
      throw new RedirectError(method, url.href, response.status, response.headers.get("Location"));
    }
    return response;
  };
}
