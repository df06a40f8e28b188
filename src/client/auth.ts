import { createSecretKey } from "node:crypto";
import { AUTHORIZATION_HEADER, DATE_HEADER } from "../signing/constants.ts";
import { assertAccessKey, decodeSecretKey, InvalidCredentialsError } from "../signing/secret.ts";
import { assertServerSide } from "../signing/serverSide.ts";
import { signChecked } from "../signing/signRequest.ts";
import type { ClientOptions, HmacCredentials } from "./options.ts";

/**
 * Adds the credentials to one attempt's headers; returns the string to sign when the attempt was
 * signed. `path` is as sent, without the query; `bodyHash` is computed on first use and once per call.
 */
export type Authorize = (headers: Headers, method: string, path: string, bodyHash: () => string, time: number) => string | undefined;

/** Sends `Bearer <token>`, the token checked once. */
const bearer = (token: unknown, what: string): Authorize => {
  if (typeof token !== "string" || !/^[\x21-\x7e]+$/.test(token)) {
    throw new InvalidCredentialsError(`${what} is empty or not header-safe (spaces, line breaks, non-ASCII)`);
  }
  return (headers) => void headers.set(AUTHORIZATION_HEADER, `Bearer ${token}`);
};

/**
 * Checks the credentials once, at createClient, and returns what authorizes the attempts of a call:
 * on portfolio paths the portfolio token, else the customer credentials, signed afresh every attempt.
 * @throws InvalidCredentialsError on an empty or malformed key, secret or token (never quoting the secret).
 * @throws ServerSideOnlyError for HMAC credentials in a browser page.
 */
export function createAuth({ credentials, portfolioToken }: Pick<ClientOptions, "credentials" | "portfolioToken">): (portfolioPath: boolean) => Authorize | undefined {
  const portfolio = portfolioToken === undefined ? undefined : bearer(portfolioToken, "Portfolio token");
  let customer: Authorize | undefined;
  if (credentials && ("accessKey" in credentials || "secretKey" in credentials)) {
    assertServerSide();
    const { accessKey, secretKey } = credentials as HmacCredentials;
    assertAccessKey(accessKey);
    // Made once: node:crypto signs with a KeyObject far faster than with the raw bytes.
    const key = createSecretKey(decodeSecretKey(secretKey));
    customer = (headers, method, path, bodyHash, time) => {
      // The access key was checked above, and the path is a URL's pathname (a "/" and no query).
      const signed = signChecked(accessKey, key, method, path, new Date(time), bodyHash());
      headers.set(AUTHORIZATION_HEADER, signed.headers[AUTHORIZATION_HEADER]);
      headers.set(DATE_HEADER, signed.headers[DATE_HEADER]);
      return signed.stringToSign;
    };
  } else if (credentials) {
    customer = bearer((credentials as { bearerToken?: unknown }).bearerToken, "Bearer token");
  }
  return (portfolioPath) => (portfolioPath ? portfolio : customer);
}
