import type { TypedApiError } from "../errors/ApiError.ts";
import { normalizeError, type SentRequest } from "../errors/normalizeError.ts";

/** One openapi-fetch result, whichever operation it came from. */
export interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
  /** What the client sent, on an error result. */
  sent?: SentRequest | undefined;
}

/** The data of a success; an error response is thrown as an ApiError (any of the four envelopes). */
export function dataOrThrow<T>(result: FetchResult<T>): T {
  if (!result.response.ok) throw normalizeError(result) as TypedApiError;
  return result.data as T;
}
