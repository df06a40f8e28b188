import type { HeadersOptions } from "openapi-fetch";
import type { Clock } from "../clock.ts";

/** Production: requests are signed with HMAC-SHA256 (server-side only). */
export interface HmacCredentials {
  accessKey: string;
  /** URL-safe Base64 without padding, as issued in API Settings. */
  secretKey: string;
}

/** Sandbox: `Authorization: Bearer <token>` and nothing else. */
export interface BearerCredentials {
  bearerToken: string;
}

export interface RetryOptions {
  /** Retries after the first attempt, 0 to 100. Default 2. */
  limit?: number;
  /** Statuses that are retried. Default 408, 429, 500, 502, 503, 504. */
  statusCodes?: readonly number[];
  /** First backoff in ms, doubled per retry, with jitter between half and all of it. Default 300. */
  baseDelay?: number;
  /** Cap of one backoff in ms. Default 10 000. */
  maxDelay?: number;
  /**
   * Longest Retry-After honoured, in ms; a longer one is not waited for and the response is returned.
   * Default 60 000.
   */
  maxRetryAfter?: number;
  /** Source of jitter in [0, 1). Default Math.random. */
  random?: () => number;
}

/** The client's fetch: called as `fetch(url, init)` with the exact bytes that were signed as `init.body`. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface ClientOptions {
  /**
   * Production or sandbox address (http or https, no user name or password), with any path prefix (such as
   * `/api`): the prefix is part of the signed path.
   */
  baseUrl: string;
  /** Customer and account operations: HMAC keys (production) or a bearer token (sandbox). */
  credentials?: HmacCredentials | BearerCredentials;
  /**
   * Portfolio operations (`/v1/portfolios/...`): a bearer token with portfolio scopes; without it they are
   * refused before sending.
   */
  portfolioToken?: string;
  /** Default globalThis.fetch. */
  fetch?: FetchLike;
  /** Retry policy of reads and of POSTs that take an Idempotency-Key; `false` for none. */
  retry?: RetryOptions | false;
  /** Per attempt, in ms, until the whole response (headers and body) has arrived; `false` for none. Default 30 000. */
  timeout?: number | false;
  /**
   * Longest response body read, in bytes after decompression; a longer one throws ResponseTooLargeError.
   * Default 10 MiB.
   */
  maxResponseBytes?: number;
  /** Time for signing, backoff and timeouts. Default the system clock. */
  clock?: Clock;
  /** Headers sent with every request. */
  headers?: HeadersOptions;
}
