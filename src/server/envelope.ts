// Every error body the project's servers write themselves comes from here: the mock front's refusals (400, 401, 408,
// 417, 431), its 500 when Prism fails, the stateful mode's errors and the signing proxy's refusals. Each is in the
// envelope the reference gives the path, so one path never gets two shapes for one kind of answer.
import { randomBytes, randomUUID } from "node:crypto";

/** The three error shapes of the reference. */
export type Envelope = "portfolio" | "v2" | "flat";

/**
 * The envelope of an answer on a path: the portfolio error object under /v1/portfolios/, the v2 errors
 * array under /v2/ (but 429, which the reference answers in the flat envelope there too), else the flat one.
 */
export function envelopeOf(path: string, status: number): Envelope {
  if (path.startsWith("/v1/portfolios/")) return "portfolio";
  if (path.startsWith("/v2/") && status !== 429) return "v2";
  return "flat";
}

/** ISO 8601 in UTC with whole seconds, as the envelopes' examples write it. */
export const isoSeconds = (time: number | Date) => new Date(time).toISOString().replace(/\.\d{3}Z$/, "Z");

// The flat codes of the reference for the answers the mock makes itself: 00010000 authentication,
// 00000002 invalid payload (every other refusal of the request), 00000000 unexpected server error.
const flatCode = (status: number) => (status === 401 ? "00010000" : status >= 500 ? "00000000" : "00000002");
// The reference's portfolio codes by status.
const PORTFOLIO_CODES: Readonly<Record<number, string>> = {
  400: "VALIDATION_ERROR",
  401: "AUTHENTICATION_FAILED",
  403: "AUTHORIZATION_FAILED",
  429: "RATE_LIMITED",
  503: "VENUE_UNAVAILABLE",
};

function defaultCode(envelope: Envelope, status: number): string | undefined {
  if (envelope === "flat") return flatCode(status);
  if (envelope === "portfolio")
    return PORTFOLIO_CODES[status] ?? (status >= 500 ? "INTERNAL_ERROR" : "VALIDATION_ERROR");
  // v2 shows UNAUTHORIZED only; the other types are the mock's own.
  return status === 401 ? "UNAUTHORIZED" : status >= 500 ? "INTERNAL_ERROR" : "INVALID_REQUEST";
}

/**
 * The flat envelope's `code` where the reference shows none for the answer (a 409 or 404 of external accounts,
 * an RFI refusal): the envelope requires a code, and the mock will not borrow a documented one that means
 * something else. No real code looks like it, so a client branching on codes takes its unknown-code path.
 */
export const UNSHOWN_CODE = "NOT_SHOWN";

export interface ErrorAnswer {
  status: number;
  /** The request path: picks the envelope and is the flat envelope's `instance`. */
  path: string;
  detail: string;
  now: number | Date;
  /**
   * The error code; undefined: the status's usual one; null: the reference shows none (UNSHOWN_CODE in the flat
   * envelope).
   */
  code?: string | null;
  /** The portfolio error object's `details`. */
  details?: Record<string, unknown>;
  /** Forces an envelope (the stateful operations know theirs); otherwise envelopeOf(path, status). */
  envelope?: Envelope;
}

/** The error body in its envelope. */
export function errorBody({
  status,
  path,
  detail,
  now,
  code,
  details = {},
  envelope = envelopeOf(path, status),
}: ErrorAnswer): Record<string, unknown> {
  const c = code === undefined ? defaultCode(envelope, status) : code;
  if (envelope === "portfolio") {
    return {
      error: {
        code: c ?? defaultCode("portfolio", status),
        message: detail,
        details,
        request_id: randomUUID(),
        timestamp: isoSeconds(now),
      },
    };
  }
  if (envelope === "v2") return { errors: [{ type: c ?? defaultCode("v2", status), description: detail }] };
  return {
    code: c ?? UNSHOWN_CODE,
    status,
    detail,
    instance: path,
    trace_id: randomBytes(16).toString("hex"),
    time: isoSeconds(now),
  };
}
