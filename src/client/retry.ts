import type { RetryOptions } from "./options.ts";

export type RetryPolicy = Required<RetryOptions>;

export const defaultRetry: RetryPolicy = {
  limit: 2,
  statusCodes: [408, 429, 500, 502, 503, 504],
  baseDelay: 300,
  maxDelay: 10_000,
  maxRetryAfter: 60_000,
  random: Math.random,
};

/**
 * Retry-After as ms to wait: delay-seconds (RFC 9110: digits only) or an HTTP date still ahead;
 * undefined, so the normal backoff applies, when absent, not of that grammar (`-5`, `1.5`) or a date
 * not in the future (no information on when, most likely a skewed clock).
 */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  // Stryker disable next-line ConditionalExpression: without it null is read as the text "null", no delay either.
  if (value == null) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  // An HTTP date names a day and month; V8 would also read "1.5" or "-5" as dates.
  const ms = /[a-z]/i.test(value) ? Date.parse(value) - now : NaN;
  return ms > 0 ? ms : undefined;
}

/** Exponential backoff with jitter: between half and all of min(maxDelay, baseDelay * 2^retry). */
export function backoffMs(policy: RetryPolicy, retry: number): number {
  const ceiling = Math.min(policy.maxDelay, policy.baseDelay * 2 ** retry);
  return ceiling / 2 + (policy.random() * ceiling) / 2;
}

/**
 * How long to wait before retry number `retry` (0 for the first), or undefined not to retry:
 * after a network error or timeout (no response) or a retryable status, within the limit, and only
 * when a Retry-After is absent or within the bound.
 */
export function retryDelay(
  policy: RetryPolicy,
  retry: number,
  response: Response | undefined,
  now: number,
): number | undefined {
  if (retry >= policy.limit || (response && !policy.statusCodes.includes(response.status))) return undefined;
  const after = response && retryAfterMs(response.headers.get("Retry-After"), now);
  return after === undefined ? backoffMs(policy, retry) : after <= policy.maxRetryAfter ? after : undefined;
}
