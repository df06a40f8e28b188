import { errorBody } from "../../server/envelope.ts";

/** A JSON answer of the stateful mock. */
export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export const reply = (status: number, body?: unknown, headers?: Record<string, string>): Reply => ({
  status,
  body,
  ...(headers ? { headers } : {}),
});

/**
 * The flat envelope of v1 (and of every 429). Where the reference shows no code for the case, `code` is
 * UNSHOWN_CODE rather than a borrowed one. Built by the mock's one error module (src/server/envelope.ts).
 */
export function flatError(
  status: number,
  code: string | undefined,
  detail: string,
  instance: string,
  now: number,
): Reply {
  return reply(status, errorBody({ status, path: instance, detail, now, code: code ?? null, envelope: "flat" }));
}

/** The portfolio variant's error object. */
export function portfolioError(
  status: number,
  code: string,
  message: string,
  now: number,
  details: Record<string, unknown> = {},
): Reply {
  return reply(status, errorBody({ status, path: "", detail: message, now, code, details, envelope: "portfolio" }));
}

export const isPortfolioPath = (path: string) => path.startsWith("/v1/portfolios/");

/**
 * An error in the envelope of the path (src/server/envelope.ts: portfolio, v2 but 429, else flat), the flat one with
 * UNSHOWN_CODE unless a code is given.
 */
export function errorFor(path: string, status: number, detail: string, now: number, code?: string): Reply {
  return reply(status, errorBody({ status, path, detail, now, code: code ?? null }));
}
