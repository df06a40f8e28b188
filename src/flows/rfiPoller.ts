import type { ApiClient } from "../client/types.ts";
import { InvalidRfiQueryError } from "../errors/InvalidRfiQueryError.ts";
import { checkPaging, MAX_RFI_PAGE_SIZE, type RfiCase, type RfiCaseFilters, rfiCases } from "./rfi.ts";

/** What a poller needs to resume after a restart; store it after each poll. */
export interface RfiPollerState {
  /** The next `updated_from` (UTC, ISO 8601); undefined before the first case is seen. */
  updatedFrom: string | undefined;
  /** `case_id` + `updated_at` of the cases seen at the cursor, the ones the inclusive bound sends again. */
  boundary: string[];
}

export interface RfiPollerOptions {
  customerId: string;
  /** Other filters, passed through; `updated_from` is the poller's own. */
  filters?: Omit<RfiCaseFilters, "updated_from">;
  /** Cases per page, 1 to 100. Default 100. */
  size?: number;
  /** Where to start: a state saved earlier, or just a first `updated_from`. */
  start?: RfiPollerState | { updatedFrom: string };
}

export interface RfiPoller {
  /** Reads every page of cases updated at or after the cursor; returns only the ones not returned before. */
  poll(signal?: AbortSignal): Promise<RfiCase[]>;
  /** The cursor and boundary to persist. */
  state(): RfiPollerState;
}

const keyOf = (c: Pick<RfiCase, "case_id" | "updated_at">) => `${c.case_id}\n${c.updated_at}`;

function timeOf(value: string, what: string): number {
  const ms = Date.parse(value);
  if (Number.isNaN(ms))
    throw new InvalidRfiQueryError(
      "updated_from",
      `${what} ${JSON.stringify(value)} is not a time: give one in ISO 8601, such as 2026-11-21T09:30:00Z.`,
    );
  return ms;
}

/**
 * Polls RFI cases with `updated_from`. The bound is inclusive, so a case updated exactly at the
 * cursor comes back on the next poll: the poller keeps the cursor at the latest `updated_at` seen
 * and drops any case whose `case_id` + `updated_at` it already returned. A case that changes again
 * has a new `updated_at` and is returned again.
 * @throws InvalidRfiQueryError at creation for a malformed start time or page size.
 */
export function createRfiPoller(client: ApiClient, options: RfiPollerOptions): RfiPoller {
  const size = options.size ?? MAX_RFI_PAGE_SIZE;
  checkPaging(size, 1);
  let cursor = options.start?.updatedFrom;
  let cursorMs = cursor === undefined ? -Infinity : timeOf(cursor, "updatedFrom");
  // Only cases at the cursor can repeat (older ones are below the bound), so only they are remembered.
  let boundary = new Set(options.start && "boundary" in options.start ? options.start.boundary : []);

  return {
    async poll(signal) {
      const fresh: RfiCase[] = [];
      const seen = new Set<string>();
      let latest = cursorMs;
      const filters = { ...options.filters, ...(cursor === undefined ? {} : { updated_from: cursor }) };
      for await (const item of rfiCases(client, { customerId: options.customerId, filters, size, signal })) {
        const key = keyOf(item);
        if (boundary.has(key) || seen.has(key)) continue;
        seen.add(key);
        fresh.push(item);
        latest = Math.max(latest, timeOf(item.updated_at, "updated_at"));
      }
      if (latest > cursorMs) {
        // Whole milliseconds, rounded down: the bound never passes a case not yet read (the inclusive filter sends it
        // again).
        cursor = new Date(latest).toISOString();
        cursorMs = Date.parse(cursor);
        boundary = new Set();
      }
      for (const item of fresh) if (Date.parse(item.updated_at) >= cursorMs) boundary.add(keyOf(item));
      return fresh;
    },
    state: () => ({ updatedFrom: cursor, boundary: [...boundary] }),
  };
}
