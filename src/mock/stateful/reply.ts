import { randomBytes, randomUUID } from "node:crypto";
import { isoSeconds } from "./clock.ts";

/** A JSON answer of the stateful mock. */
export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export const reply = (status: number, body?: unknown, headers?: Record<string, string>): Reply => ({ status, body, ...(headers ? { headers } : {}) });

/**
 * The flat envelope of v1 (and of every 429). `code` is left out where the reference shows none for
 * the case, rather than borrowing one.
 */
export function flatError(status: number, code: string | undefined, detail: string, instance: string, now: number): Reply {
  return reply(status, {
    ...(code === undefined ? {} : { code }),
    status,
    detail,
    instance,
    trace_id: randomBytes(16).toString("hex"),
    time: isoSeconds(now),
  });
}

/** The portfolio variant's error object. */
export function portfolioError(status: number, code: string, message: string, now: number, details: Record<string, unknown> = {}): Reply {
  return reply(status, { error: { code, message, details, request_id: randomUUID(), timestamp: isoSeconds(now) } });
}

export const isPortfolioPath = (path: string) => path.startsWith("/v1/portfolios/");

/**
 * An error in the envelope of the path's family: the portfolio error object, else the flat envelope
 * (v1, and v2 for the statuses the fault injector makes: the reference gives v2's 429 the flat one).
 */
export function errorFor(path: string, status: number, detail: string, now: number, code?: string): Reply {
  if (isPortfolioPath(path)) return portfolioError(status, code ?? portfolioCodeFor(status), detail, now);
  return flatError(status, code, detail, path, now);
}

/** The reference's portfolio code for a status the fault injector answers with. */
function portfolioCodeFor(status: number): string {
  if (status === 429) return "RATE_LIMITED";
  if (status === 503) return "VENUE_UNAVAILABLE";
  if (status === 401) return "AUTHENTICATION_FAILED";
  if (status === 403) return "AUTHORIZATION_FAILED";
  if (status >= 500) return "INTERNAL_ERROR";
  return "VALIDATION_ERROR";
}
