import type { components } from "../../generated/types.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { ApiClient } from "../client/types.ts";
import { InvalidOptionError } from "../errors/InvalidOptionError.ts";
import { normalizeError } from "../errors/normalizeError.ts";
import { PageLimitReachedError } from "../errors/PageLimitReachedError.ts";
import type { ConversionExecutionRecord } from "./conversions.ts";

export type Conversion = components["schemas"]["Conversion"];

/** The query of one List Transactions read, as the reference names its parameters. */
export interface ConversionTransactionQuery<Cursor> {
  customerId: string;
  transaction_action: "CONVERSION";
  /** Start of the window (ISO 8601, UTC). */
  created_after: string;
  /** End of the window (ISO 8601, UTC). */
  created_before: string;
  /** Undefined for the first page; then the `next` the previous page returned. */
  cursor: Cursor | undefined;
  signal: AbortSignal | undefined;
}

/** One page of List Transactions: items carry transaction_id (and no quote_id). */
export interface ConversionTransactionPage<Cursor> {
  items: ReadonlyArray<{ transaction_id: string }>;
  /** Where the next page starts; undefined on the last page. */
  next?: Cursor | undefined;
}

/**
 * Reads one page of List Transactions. The reference uses this read for reconciliation but does not
 * show its path, response or paging parameters, so the caller supplies it (for example over
 * `client.request` or its own HTTP code) and maps its paging to `cursor`/`next`.
 */
export type ListConversionTransactions<Cursor = unknown> = (
  query: ConversionTransactionQuery<Cursor>,
) => Promise<ConversionTransactionPage<Cursor>>;

/** At least what the procedure needs from the record of step 1. */
export type ExecutionToResolve = Pick<ConversionExecutionRecord, "customerId" | "quoteId" | "requestTime"> &
  Partial<ConversionExecutionRecord>;

export interface ResolveExecuteOutcomeOptions<Cursor> {
  listTransactions: ListConversionTransactions<Cursor>;
  /** Window is the request time minus and plus this. Default 10 minutes (clock skew and queueing). */
  windowMarginMs?: number;
  /** Full passes (list every page, read every new candidate) before "not found yet". Default 5. */
  rounds?: number;
  /** First wait between passes in ms, doubled each time with jitter (half to all of it). Default 2 000. */
  baseDelayMs?: number;
  /** Cap of one wait in ms. Default 60 000. */
  maxDelayMs?: number;
  /** Pages of one pass before giving up on the pass (a guard against a cursor that never ends). Default 1 000. */
  maxPages?: number;
  /** Source of jitter in [0, 1). Default Math.random. */
  random?: () => number;
  /** Waits between passes. Default the system clock. */
  clock?: Clock;
  signal?: AbortSignal;
}

export type ResolveExecuteOutcomeResult =
  /**
   * A conversion with this quote_id exists: the order was created. That is not proof it completed:
   * follow order_status and the conversion.completed / conversion.failed events.
   */
  | { status: "found"; transactionId: string; conversion: Conversion; record: ExecutionToResolve; passes: number }
  /**
   * No match yet. An empty list does not prove nothing executed: do not execute a replacement quote;
   * try again later or contact support with the record's identifiers.
   */
  | {
      status: "not-found-yet";
      record: ExecutionToResolve;
      passes: number;
      /** Candidates read whose quote_id differs (or which have no conversion, 404). */
      checked: string[];
      /** Candidates whose conversion could not be read in the last attempt, with the error. */
      unreadable: { transactionId: string; error: unknown }[];
      /** Errors of passes whose listing failed. */
      listErrors: unknown[];
    };

/**
 * Steps 2 to 4 of the reference's procedure for an execute whose outcome is unknown: list CONVERSION
 * transactions over a window around the request time, reading every page; read each candidate's
 * conversion and compare quote_id; with no match, read again with backoff. It only reads: it never
 * requests or executes a replacement quote (step 5 is the caller's to keep).
 */
export async function resolveExecuteOutcome<Cursor = unknown>(
  client: ApiClient,
  record: ExecutionToResolve,
  options: ResolveExecuteOutcomeOptions<Cursor>,
): Promise<ResolveExecuteOutcomeResult> {
  const { customerId, quoteId, requestTime } = record;
  if (!customerId || !quoteId || !(requestTime instanceof Date) || Number.isNaN(requestTime.getTime())) {
    throw new InvalidOptionError(
      "record",
      "The execution record lacks customerId, quoteId or a valid requestTime: pass the record the execute returned.",
    );
  }
  const margin = options.windowMarginMs ?? 10 * 60_000;
  const rounds = Math.max(1, options.rounds ?? 5);
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const maxPages = options.maxPages ?? 1_000;
  const window = {
    created_after: new Date(requestTime.getTime() - margin).toISOString(),
    created_before: new Date(requestTime.getTime() + margin).toISOString(),
  };
  const checked = new Set<string>();
  const unreadable = new Map<string, unknown>();
  const listErrors: unknown[] = [];

  const listAll = async () => {
    const ids: string[] = [];
    let cursor: Cursor | undefined;
    for (let page = 0; ; page++) {
      if (page >= maxPages) throw new PageLimitReachedError("List Transactions", maxPages);
      const { items, next } = await options.listTransactions({
        customerId,
        transaction_action: "CONVERSION",
        ...window,
        cursor,
        signal: options.signal,
      });
      for (const item of items) if (!ids.includes(item.transaction_id)) ids.push(item.transaction_id);
      if (next === undefined) return ids;
      cursor = next;
    }
  };

  for (let pass = 1; pass <= rounds; pass++) {
    if (pass > 1) {
      const ceiling = Math.min(options.maxDelayMs ?? 60_000, (options.baseDelayMs ?? 2_000) * 2 ** (pass - 2));
      await clock.sleep(ceiling / 2 + (random() * ceiling) / 2, options.signal);
    }
    let ids: string[];
    try {
      ids = await listAll();
    } catch (error) {
      if (options.signal?.aborted) throw error;
      listErrors.push(error);
      continue;
    }
    for (const transactionId of ids) {
      if (checked.has(transactionId)) continue;
      try {
        const result = await client.GET("/v1/customers/{customer_id}/conversions/order", {
          params: { path: { customer_id: customerId }, query: { transaction_id: transactionId } },
          signal: options.signal,
        });
        const { data, response } = result;
        if (response.ok && data) {
          unreadable.delete(transactionId);
          if (data.quote_id === quoteId)
            return { status: "found", transactionId, conversion: data, record, passes: pass };
          checked.add(transactionId);
        } else if (response.status === 404) {
          unreadable.delete(transactionId);
          checked.add(transactionId);
        } else {
          unreadable.set(transactionId, normalizeError(result));
        }
      } catch (error) {
        if (options.signal?.aborted) throw error;
        unreadable.set(transactionId, error);
      }
    }
  }
  return {
    status: "not-found-yet",
    record,
    passes: rounds,
    checked: [...checked],
    unreadable: [...unreadable].map(([transactionId, error]) => ({ transactionId, error })),
    listErrors,
  };
}
