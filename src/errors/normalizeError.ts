import { ApiError, type TypedApiError } from "./ApiError.ts";

/** What the client sent for a response that failed: read back by `normalizeError` for its message. */
export interface SentRequest {
  method: string;
  url: string;
  /** Only for a 401 to a signed request. */
  stringToSign?: string | undefined;
}

/** Filled by the client for every error response it returns. */
export const sentRequests = new WeakMap<Response, SentRequest>();

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
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

/**
 * Turns the `error` of a result and its `response` into one ApiError, whichever of the four
 * envelopes the body is: flat (`code`, `status`, `trace_id`), the older auth shape (`status_code`),
 * v2 (`errors[]`) or portfolio (`error{}`).
 */
export function normalizeError(error: unknown, response: Response): TypedApiError {
  const [envelope, code, detail, traceId] = read(error !== null && typeof error === "object" ? error : {});
  return new ApiError({
    status: response.status,
    statusText: response.statusText,
    url: response.url,
    ...sentRequests.get(response),
    body: error,
    envelope,
    code: str(code),
    detail: str(detail) ?? (typeof error === "string" ? str(error.slice(0, 200)) : undefined),
    traceId: str(traceId),
  }) as TypedApiError;
}
