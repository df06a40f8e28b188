import { AUTHORIZATION_HEADER, DATE_HEADER } from "../signing/constants.ts";
import { assertAccessKey, decodeSecretKey, InvalidCredentialsError } from "../signing/secret.ts";
import { assertServerSide } from "../signing/serverSide.ts";
import { signRequest } from "../signing/signRequest.ts";
import type { ClientOptions, HmacCredentials } from "./options.ts";

export interface ToAuthorize {
  headers: Headers;
  method: string;
  /** The path as sent, without the query. */
  path: string;
  /** The body hash, computed on first use and once per call; every attempt is signed again with a fresh timestamp. */
  bodyHash: () => string;
  time: number;
  portfolio: boolean;
}

/** Adds the credentials to one attempt; returns the string to sign when the attempt was signed. */
export type Authorize = (req: ToAuthorize) => string | undefined;

function assertToken(token: unknown, what: string): string {
  if (typeof token !== "string" || !/^[\x21-\x7e]+$/.test(token)) {
    throw new InvalidCredentialsError(`${what} is empty or not header-safe (spaces, line breaks, non-ASCII)`);
  }
  return token;
}

/**
 * Checks the credentials once, at createClient, and returns what authorizes each attempt.
 * @throws InvalidCredentialsError on an empty or malformed key, secret or token (never quoting the secret).
 * @throws ServerSideOnlyError for HMAC credentials in a browser page.
 */
export function createAuth({ credentials, portfolioToken }: Pick<ClientOptions, "credentials" | "portfolioToken">): Authorize {
  const portfolio = portfolioToken === undefined ? undefined : `Bearer ${assertToken(portfolioToken, "Portfolio token")}`;
  let customer: Authorize | undefined;
  if (credentials && ("accessKey" in credentials || "secretKey" in credentials)) {
    assertServerSide();
    const { accessKey, secretKey: secret } = credentials as HmacCredentials;
    assertAccessKey(accessKey);
    const secretKey = decodeSecretKey(secret);
    customer = ({ headers, method, path, bodyHash, time }) => {
      const signed = signRequest({ accessKey, secretKey, method, path, bodyHash: bodyHash(), time: new Date(time) });
      headers.set(AUTHORIZATION_HEADER, signed.headers.Authorization);
      headers.set(DATE_HEADER, signed.timestamp);
      return signed.stringToSign;
    };
  } else if (credentials) {
    const bearer = `Bearer ${assertToken((credentials as { bearerToken?: unknown }).bearerToken, "Bearer token")}`;
    customer = ({ headers }) => void headers.set(AUTHORIZATION_HEADER, bearer);
  }
  return (req) => {
    if (!req.portfolio) return customer?.(req);
    if (portfolio) req.headers.set(AUTHORIZATION_HEADER, portfolio);
    return undefined;
  };
}
