import type { RetryPolicy } from "./retry.ts";
import type { Transport } from "./send.ts";
import { InvalidOptionError } from "../errors/InvalidOptionError.ts";

/**
 * The base address as the paths are appended to it. Credentials in it would go to the server in clear and
 * into every error message, so they are refused, and the message never repeats the address.
 * @throws InvalidOptionError for an address that is not absolute http(s), or one that has a user name or password.
 */
export function baseUrlOf(baseUrl: string): string {
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {}
  if (!url || !/^https?:$/.test(url.protocol))
    throw new InvalidOptionError("baseUrl", "baseUrl must be an absolute http(s) URL");
  if (url.username || url.password)
    throw new InvalidOptionError("baseUrl", "baseUrl must not carry a user name or password");
  // openapi-fetch's own rule: one trailing slash is dropped.
  return url.href.replace(/\/$/, "");
}

// setTimeout fires at once beyond 2^31 - 1 ms, so a longer wait would be no wait at all.
const check = (value: number, name: string, min: number, max = 2 ** 31 - 1) => {
  if (!(Number.isInteger(value) && value >= min && value <= max))
    throw new InvalidOptionError(name, `${name} must be an integer from ${min} to ${max}`);
};

/**
 * @throws InvalidOptionError for a timeout, size or retry setting that is not a whole number in range (NaN, Infinity,
 * negative).
 */
export function checkOptions(t: Transport, retry: RetryPolicy | undefined): void {
  if (t.timeout !== false) check(t.timeout, "timeout", 1);
  check(t.maxResponseBytes, "maxResponseBytes", 1, 2 ** 53);
  if (retry)
    for (const k of ["limit", "baseDelay", "maxDelay", "maxRetryAfter"] as const)
      check(retry[k], `retry.${k}`, 0, k === "limit" ? 100 : undefined);
}

/**
 * A method given to `request` as sent: an HTTP token (so it cannot break the string to sign), upper-cased as
 * openapi-fetch does.
 * @throws InvalidOptionError for anything else.
 */
export function checkMethod(method: string): string {
  if (typeof method !== "string" || !/^[!#$%&'*+.^`|~\w-]+$/.test(method))
    throw new InvalidOptionError("method", "Method is not an HTTP token");
  return method.toUpperCase();
}
