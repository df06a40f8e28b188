import { mergeHeaders, type HeadersOptions } from "openapi-fetch";

export const IDEMPOTENCY_KEY = "Idempotency-Key";

type Params = { header?: Record<string, unknown> } & Record<string, unknown>;

/**
 * Params with an Idempotency-Key: the caller's, from params or headers, used as given; else a new
 * UUID v4. Set once per call, before the first attempt, so every retry carries the same key.
 */
export function withIdempotencyKey(params: Params | undefined, headers: HeadersOptions | undefined): Params {
  const given = mergeHeaders(headers, params?.header as HeadersOptions).get(IDEMPOTENCY_KEY);
  return { ...params, header: { ...params?.header, [IDEMPOTENCY_KEY]: given ?? crypto.randomUUID() } };
}
