import { ApiError, type TypedApiError } from "./ApiError.ts";

/** What the client sent for a response that failed: read back by `normalizeError` for its message. */
export interface SentRequest {
  method: string;
  url: string;
  stringToSign?: string | undefined;
}

/** Filled by the client for every error response it returns. */
export const sentRequests = new WeakMap<Response, SentRequest>();

type Body = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : undefined);

/**
 * Turns the `error` of a result and its `response` into one ApiError, whichever of the four
 * envelopes the body is: flat (`code`, `status`, `trace_id`), the older auth shape (`status_code`),
 * v2 (`errors[]`) or portfolio (`error{}`).
 */
export function normalizeError(error: unknown, response: Response): TypedApiError {
  const body: Body = error !== null && typeof error === "object" ? (error as Body) : {};
  const inner = body.error;
  const sent = sentRequests.get(response);
  const init = {
    status: response.status,
    statusText: response.statusText,
    method: sent?.method,
    url: sent?.url ?? response.url,
    stringToSign: response.status === 401 ? sent?.stringToSign : undefined,
    body: error,
    envelope: "unknown" as ApiError["envelope"],
    code: undefined as string | undefined,
    detail: typeof error === "string" && error ? error.slice(0, 200) : undefined,
    traceId: undefined as string | undefined,
  };
  if (inner !== null && typeof inner === "object") {
    const e = inner as Body;
    Object.assign(init, { envelope: "portfolio", code: str(e.code), detail: str(e.message), traceId: str(e.request_id) });
  } else if (Array.isArray(body.errors)) {
    const list = body.errors as Body[];
    Object.assign(init, { envelope: "v2", code: str(list[0]?.type), detail: list.map((e) => str(e?.description)).filter(Boolean).join("; ") || undefined });
  } else if ("status_code" in body) {
    Object.assign(init, { envelope: "legacy-auth", code: str(body.code), detail: str(body.detail) });
  } else if ("code" in body || "status" in body || "trace_id" in body) {
    Object.assign(init, { envelope: "flat", code: str(body.code), detail: str(body.detail) ?? undefined, traceId: str(body.trace_id) });
  }
  return new ApiError(init) as TypedApiError;
}
