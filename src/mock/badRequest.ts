import { randomBytes, randomUUID } from "node:crypto";

/** The codes of the front's own answers per envelope: the portfolio error object, the v2 errors array, the flat envelope. */
const CODES = {
  // 00000002: invalid payload. The reference does not show the v2 error types other than UNAUTHORIZED: INVALID_REQUEST is the mock's.
  400: { portfolio: "VALIDATION_ERROR", v2: "INVALID_REQUEST", flat: "00000002" },
  // 00000000: unexpected server error.
  500: { portfolio: "INTERNAL_ERROR", v2: "INTERNAL_ERROR", flat: "00000000" },
} as const;

/** An answer the front gives itself, in the envelope of the path. */
function errorBody(status: keyof typeof CODES, path: string, detail: string, now: Date): unknown {
  const codes = CODES[status];
  const time = now.toISOString().replace(/\.\d{3}Z$/, "Z");
  if (path.startsWith("/v1/portfolios/")) {
    return { error: { code: codes.portfolio, message: detail, details: {}, request_id: randomUUID(), timestamp: time } };
  }
  if (path.startsWith("/v2/")) return { errors: [{ type: codes.v2, description: detail }] };
  return { code: codes.flat, status, detail, instance: path, trace_id: randomBytes(16).toString("hex"), time };
}

/** A 400 the front answers itself (a request it refuses before Prism sees it). */
export const badRequestBody = (path: string, detail: string, now: Date) => errorBody(400, path, detail, now);

/** A 500 the front answers itself (Prism failed on the request). */
export const serverErrorBody = (path: string, detail: string, now: Date) => errorBody(500, path, detail, now);
