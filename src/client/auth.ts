import { createSigningLedger } from "../signing/ledger.ts";
import { AUTHORIZATION_HEADER, DATE_HEADER, SIGNING_SCHEME } from "../signing/constants.ts";
import { hmacHex } from "../signing/hmac.ts";
import { assertAccessKey, InvalidCredentialsError, MIN_SECRET_KEY_BYTES, secretKeyObject } from "../signing/secret.ts";
import { assertServerSide } from "../signing/serverSide.ts";
import { buildStringToSign } from "../signing/stringToSign.ts";
import { formatTimestamp } from "../signing/timestamp.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { ClientOptions, HmacCredentials } from "./options.ts";

/** What one attempt was authorized with: its signing time, and the string signed (HMAC only). */
export interface Authorized {
  time: number;
  stringToSign?: string;
}

/**
 * Adds the credentials to one attempt's headers. `path` is as sent, without the query; `bodyHash` is computed on first
 * use and once per call; `after` is the previous attempt's signing time when this attempt is a retry. HMAC signing
 * may wait for the next whole second (src/signing/ledger.ts) so that no state-changing request repeats a signature
 * and a retry is signed later than the attempt before; `signal` stops that wait.
 */
export type Authorize = (
  headers: Headers,
  method: string,
  path: string,
  bodyHash: () => string,
  attempt?: { after?: number; signal?: AbortSignal },
) => Promise<Authorized>;
/** Sends `Bearer <token>`, the token checked once. */
const bearer = (token: unknown, what: string, now: () => number): Authorize => {
  if (typeof token !== "string" || !token) throw new InvalidCredentialsError(`${what} must be a non-empty string`);
  if (!/^[\x21-\x7e]+$/.test(token)) throw new InvalidCredentialsError(`${what} has spaces, line breaks or non-ASCII`);
  return async (headers) => {
    headers.set(AUTHORIZATION_HEADER, `Bearer ${token}`);
    return { time: now() };
  };
};

/**
 * Checks the credentials once, at createClient, and returns what authorizes the attempts of a call:
 * on portfolio paths the portfolio token, else the customer credentials, signed afresh every attempt at a time the
 * signing ledger gives (`clock` reads the time and waits).
 * @throws InvalidCredentialsError on an empty or malformed key, secret or token (never quoting the secret).
 * @throws ServerSideOnlyError for HMAC credentials in a browser page.
 */
export function createAuth(
  { credentials, portfolioToken }: Pick<ClientOptions, "credentials" | "portfolioToken">,
  clock: Pick<Clock, "now" | "sleep"> = systemClock,
): (portfolioPath: boolean) => Authorize | undefined {
  const now = () => clock.now();
  const portfolio = portfolioToken === undefined ? undefined : bearer(portfolioToken, "Portfolio token", now);
  let customer: Authorize | undefined;
  if (credentials && ("accessKey" in credentials || "secretKey" in credentials)) {
    assertServerSide();
    const { accessKey, secretKey } = credentials as HmacCredentials;
    assertAccessKey(accessKey);
    // A KeyObject: the key bytes never sit in the JavaScript heap, let alone Node's shared Buffer pool.
    const key = secretKeyObject(secretKey, MIN_SECRET_KEY_BYTES);
    // No state-changing request repeats a signature (across every client of this access key in the process), no
    // retry repeats its attempt's second.
    const ledger = createSigningLedger(clock, accessKey);
    // The last signature and what it covered. The signature covers no query and only whole seconds, so reads of
    // one path within a second (pages of a list, a poll; the ledger lets them share a second) sign the same
    // string: HMAC is deterministic, and the value is sent in clear anyway, so it is reused, not recomputed; the
    // parts are compared, so a reused signature costs no string building either.
    // Stryker disable next-line ArrayDeclaration,StringLiteral: the memo's first state; the first call always signs.
    let [second, timestamp, method, path, hash, stringToSign, authorization] = [NaN, "", "", "", "", "", ""];
    // Method (an HTTP token, checked) and path (a URL's pathname) cannot hold line breaks, so no signRequest
    // checks per attempt.
    customer = async (headers, m, p, bodyHash, attempt) => {
      const h = bodyHash();
      const time = await ledger.timeFor({ method: m, path: p, bodyHash: h }, attempt);
      // Stryker disable next-line ArithmeticOperator: only the memo's key; the timestamp is made from `time` itself.
      const s = Math.floor(time / 1000);
      // A new second: a new timestamp (formatTimestamp throws for an invalid time), and a new signature.
      // Stryker disable next-line StringLiteral: any reset of the memo's method makes the next line sign again.
      if (s !== second) [second, timestamp, method] = [s, formatTimestamp(new Date(time)), ""];
      if (m !== method || p !== path || h !== hash) {
        [method, path, hash, stringToSign] = [m, p, h, buildStringToSign(accessKey, timestamp, m, p, h)];
        authorization = `${SIGNING_SCHEME} ${accessKey}:${timestamp}:${hmacHex(key, stringToSign)}`;
      }
      headers.set(AUTHORIZATION_HEADER, authorization);
      headers.set(DATE_HEADER, timestamp);
      return { time, stringToSign };
    };
  } else if (credentials) {
    customer = bearer((credentials as { bearerToken?: unknown }).bearerToken, "Bearer token", now);
  }
  return (portfolioPath) => {
    if (portfolioPath && !portfolio) throw new InvalidCredentialsError("Portfolio operations need portfolioToken");
    return portfolioPath ? portfolio : customer;
  };
}
