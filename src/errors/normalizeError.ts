import { ApiError, type TypedApiError } from "./ApiError.ts";

/** What the client sent for a response that failed: the `sent` of its error result, for `normalizeError`'s message. */
export interface SentRequest {
  method: string;
  url: string;
  /** Only for a 401 to a signed request. */
  stringToSign?: string | undefined;
}

// biome-ignore lint/suspicious/noExplicitAny: a parsed body of any of four shapes, read field by field below.
type Body = Record<string, any>;
const str = (v: unknown) => (typeof v === "string" && v ? v : undefined);

/** Envelope, code, detail and trace id of a body: the one place that knows the four shapes. */
function read(b: Body): [ApiError["envelope"], unknown?, unknown?, unknown?] {
  const e = b.error;
  if (e && typeof e === "object") return ["portfolio", e.code, e.message, e.request_id];
  if (Array.isArray(b.errors))
    return [
      "v2",
      b.errors[0]?.type,
      b.errors
        .map((x: Body) => x?.description)
        .filter(str)
        .join("; "),
    ];
  if ("status_code" in b) return ["legacy-auth", b.code, b.detail];
  if ("code" in b || "status" in b || "trace_id" in b) return ["flat", b.code, b.detail, b.trace_id];
  return ["unknown"];
}

/** A call's result as the client returns it: an error result carries `sent`, what the client sent. */
export interface ErrorResult {
  error?: unknown;
  response: Response;
  sent?: SentRequest | undefined;
}

/**
 * Turns the `error` of a result and its `response` into one ApiError, whichever of the four
 * envelopes the body is: flat (`code`, `status`, `trace_id`), the older auth shape (`status_code`),
 * v2 (`errors[]`) or portfolio (`error{}`). Given the result whole (or its `sent` as third argument), the
 * message also names the method and URL, and for a 401 to a signed request the string to sign.
 */
export function normalizeError(result: ErrorResult): TypedApiError;
export function normalizeError(error: unknown, response: Response, sent?: SentRequest): TypedApiError;
export function normalizeError(error: unknown, response?: Response, sent?: SentRequest): TypedApiError {
  // One argument: the result whole.
  if (!response) ({ error, response, sent } = error as ErrorResult);
  const [envelope, code, detail, traceId] = read(error !== null && typeof error === "object" ? error : {});
  return new ApiError({
    status: response!.status,
    statusText: response!.statusText,
    url: response!.url,
    ...sent,
    body: error,
    envelope,
    code: str(code),
    detail: str(detail) ?? (typeof error === "string" ? str(error.slice(0, 200)) : undefined),
    traceId: str(traceId),
  }) as TypedApiError;
}
