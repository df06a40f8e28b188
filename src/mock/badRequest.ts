import { randomBytes, randomUUID } from "node:crypto";

/**
 * A 400 the front answers itself, in the envelope of the path: the portfolio error object (VALIDATION_ERROR),
 * the v2 errors array, else the flat envelope with 00000002 (invalid payload).
 */
export function badRequestBody(path: string, detail: string, now: Date): unknown {
  const time = now.toISOString().replace(/\.\d{3}Z$/, "Z");
  if (path.startsWith("/v1/portfolios/")) {
    return { error: { code: "VALIDATION_ERROR", message: detail, details: {}, request_id: randomUUID(), timestamp: time } };
  }
  // The reference does not show the v2 error types other than UNAUTHORIZED: this one is the mock's.
  if (path.startsWith("/v2/")) return { errors: [{ type: "INVALID_REQUEST", description: detail }] };
  return { code: "00000002", status: 400, detail, instance: path, trace_id: randomBytes(16).toString("hex"), time };
}

/** A 500 the front answers itself (Prism failed on the request), in the envelope of the path, like badRequestBody. */
export function serverErrorBody(path: string, detail: string, now: Date): unknown {
  const time = now.toISOString().replace(/\.\d{3}Z$/, "Z");
  if (path.startsWith("/v1/portfolios/")) {
    return { error: { code: "INTERNAL_ERROR", message: detail, details: {}, request_id: randomUUID(), timestamp: time } };
  }
  if (path.startsWith("/v2/")) return { errors: [{ type: "INTERNAL_ERROR", description: detail }] };
  return { code: "00000000", status: 500, detail, instance: path, trace_id: randomBytes(16).toString("hex"), time };
}
