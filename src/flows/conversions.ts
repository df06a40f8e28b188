import type { components } from "../../generated/types.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { ApiClient } from "../client/types.ts";
import type { ApiError } from "../errors/ApiError.ts";
import { IncompleteResponseError } from "../errors/IncompleteResponseError.ts";
import { InvalidQuoteRequestError } from "../errors/InvalidQuoteRequestError.ts";
import { normalizeError } from "../errors/normalizeError.ts";
import { isOutcomeUnknownError } from "../errors/OutcomeUnknownError.ts";
import { QuoteAlreadyExecutedError } from "../errors/QuoteAlreadyExecutedError.ts";
import { QuoteExpiredError } from "../errors/QuoteExpiredError.ts";
import { dataOrThrow } from "./result.ts";

export type Quote = components["schemas"]["Quote"];
export type ConversionOrder = components["schemas"]["ConversionOrder"];

/** Quote lifetime in the reference: 30 seconds from issue. */
export const QUOTE_LIFETIME_MS = 30_000;
/** Default time kept in hand before a quote's end: a quote this close to expiry is not sent. */
export const DEFAULT_QUOTE_SAFETY_MARGIN_MS = 2_000;

/** An amount as the caller's contract writes it (its JSON type is not shown in the reference). */
export type AmountValue = string | number;

/** Exactly one of the two amount fields: giving both, or neither, is a type error. */
export type ExactlyOneAmount<A extends string, B extends string> =
  | ({ [K in A]: AmountValue } & { [K in B]?: never })
  | ({ [K in B]: AmountValue } & { [K in A]?: never });

/** The asset objects' fields are not shown in the reference: they are sent as given. */
export type AssetObject = Record<string, unknown>;

/**
 * A quote request. The reference says "exactly one amount" but does not name the two amount fields,
 * so the caller declares them in `amountFields` (from its own contract) and gives one in `amount`.
 */
export interface QuoteInput<A extends string, B extends string> {
  customerId: string;
  from_asset: AssetObject;
  to_asset: AssetObject;
  amountFields: readonly [A, B];
  amount: NoInfer<ExactlyOneAmount<A, B>>;
}

/** The amount that was asked for, by its field name. */
export interface RequestedAmount {
  field: string;
  value: AmountValue;
}

/** A quote as issued, with what is needed to execute it safely and to reconcile it. */
export interface IssuedQuote {
  readonly customerId: string;
  readonly quoteId: string;
  /** The quote body as received. */
  readonly quote: Quote;
  readonly fromAsset: AssetObject;
  readonly toAsset: AssetObject;
  readonly amount: RequestedAmount;
  /** Client clock when the quote arrived. */
  readonly receivedAt: Date;
  /**
   * The earlier of `expire_time` and `valid_until_timestamp`; the client clock at receipt + 30 s when neither is there.
   */
  readonly validUntil: Date;
  readonly validitySource: "expire_time" | "valid_until_timestamp" | "client-clock";
}

export interface QuoteOptions {
  /** Reads the time of receipt. Default the system clock. */
  clock?: Pick<Clock, "now">;
  signal?: AbortSignal;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);
const isAmount = (v: unknown) =>
  (typeof v === "string" && v.trim() !== "") || (typeof v === "number" && Number.isFinite(v));

function checkQuoteInput(input: QuoteInput<string, string>): RequestedAmount {
  const fields = input.amountFields as unknown;
  if (
    !Array.isArray(fields) ||
    fields.length !== 2 ||
    !fields.every((f) => typeof f === "string" && f !== "") ||
    fields[0] === fields[1] ||
    fields.some((f) => f === "from_asset" || f === "to_asset")
  ) {
    throw new InvalidQuoteRequestError(
      "bad-amount-fields",
      "amountFields does not name two different amount fields: give two, neither from_asset nor to_asset.",
    );
  }
  if (!isPlainObject(input.from_asset) || !isPlainObject(input.to_asset))
    throw new InvalidQuoteRequestError("bad-asset", "from_asset or to_asset is not an object: give both as objects.");
  const amount: Record<string, unknown> = isPlainObject(input.amount) ? input.amount : {};
  const extra = Object.keys(amount).filter((k) => !fields.includes(k));
  if (extra.length)
    throw new InvalidQuoteRequestError(
      "bad-amount-fields",
      `amount has fields not named in amountFields (${extra.join(", ")}): give only those.`,
    );
  const given = (fields as string[]).filter((f) => amount[f] !== undefined);
  if (given.length === 0)
    throw new InvalidQuoteRequestError(
      "no-amount",
      `Give exactly one amount (${fields.join(" or ")}); the service refuses neither with 00000001.`,
    );
  if (given.length === 2)
    throw new InvalidQuoteRequestError(
      "both-amounts",
      `Give exactly one amount, not both ${fields.join(" and ")}; the service refuses both with 00000001.`,
    );
  const field = given[0]!;
  if (!isAmount(amount[field]))
    throw new InvalidQuoteRequestError(
      "bad-amount-value",
      `${field} is empty or not a finite number: give a non-empty string or a finite number.`,
    );
  return { field, value: amount[field] as AmountValue };
}

function validityOf(quote: Quote, receivedAt: number): Pick<IssuedQuote, "validUntil" | "validitySource"> {
  const stated = (["expire_time", "valid_until_timestamp"] as const)
    // The reference does not show the timestamps' form: only text Date can read counts, anything else falls back.
    .map((source) => ({ source, value: quote[source] }))
    .map(({ source, value }) => ({ source, at: typeof value === "string" ? Date.parse(value) : NaN }))
    .filter((s) => !Number.isNaN(s.at))
    .sort((a, b) => a.at - b.at)[0];
  return stated
    ? { validUntil: new Date(stated.at), validitySource: stated.source }
    : { validUntil: new Date(receivedAt + QUOTE_LIFETIME_MS), validitySource: "client-clock" };
}

/**
 * Requests a customer-scoped quote for exactly one amount.
 * @throws InvalidQuoteRequestError before any request for both or neither amount, undeclared or equal amount fields, or
 * a bad value.
 * @throws ApiError for an error response (for example 408 00020000: ask again).
 */
export async function createQuote<const A extends string, const B extends string>(
  client: ApiClient,
  input: QuoteInput<A, B>,
  options: QuoteOptions = {},
): Promise<IssuedQuote> {
  const amount = checkQuoteInput(input as QuoteInput<string, string>);
  const body = { from_asset: input.from_asset, to_asset: input.to_asset, [amount.field]: amount.value };
  const result = await client.POST("/v1/customers/{customer_id}/conversions/quote", {
    params: { path: { customer_id: input.customerId } },
    body,
    signal: options.signal,
  });
  const quote = dataOrThrow(result);
  const receivedAt = (options.clock ?? systemClock).now();
  return {
    customerId: input.customerId,
    quoteId: quote.quote_id,
    quote,
    fromAsset: input.from_asset,
    toAsset: input.to_asset,
    amount,
    receivedAt: new Date(receivedAt),
    ...validityOf(quote, receivedAt),
  };
}

/** What the reference says to record when an execute's outcome is not known. */
export interface ConversionExecutionRecord {
  customerId: string;
  quoteId: string;
  /** When the execute request was sent. */
  requestTime: Date;
  fromAsset: AssetObject;
  toAsset: AssetObject;
  amount: RequestedAmount;
  /** The service's trace_id, when an answer carried one. */
  traceId: string | undefined;
}

export type ExecuteQuoteResult =
  /** The order exists with order_status PENDING; its outcome comes with conversion.completed or conversion.failed. */
  | { outcome: "created"; order: ConversionOrder; record: ConversionExecutionRecord }
  /** 409 (00000006): the quote was consumed. This does not say an order exists: resolve it before anything else. */
  | { outcome: "already-consumed"; error: ApiError; record: ConversionExecutionRecord }
  /** The service refused the request (400, 401, 405, 429 ...): no order was made for it. */
  | { outcome: "refused"; error: ApiError; record: ConversionExecutionRecord }
  /**
   * No transaction_id came back (timeout, network error, 408, 5xx): an order may exist. Resolve it; never re-quote
   * meanwhile.
   */
  | { outcome: "unknown"; record: ConversionExecutionRecord; cause: unknown };

export interface ExecuteOptions {
  /** Reads the time for the validity check and the record. Default the system clock. */
  clock?: Pick<Clock, "now">;
  /** A quote is not sent when fewer than this many ms of validity remain. Default 2 000. */
  safetyMarginMs?: number;
  signal?: AbortSignal;
}

// Quote ids each client has sent to Execute Quote, with the quote's end: an entry outlives the quote,
// after which the validity check refuses it anyway, so it is dropped then.
const executed = new WeakMap<ApiClient, Map<string, number>>();

function claim(client: ApiClient, quote: IssuedQuote, now: number): boolean {
  let sent = executed.get(client);
  if (!sent) {
    sent = new Map();
    executed.set(client, sent);
  }
  for (const [id, end] of sent) if (end < now) sent.delete(id);
  if (sent.has(quote.quoteId)) return false;
  sent.set(quote.quoteId, Math.max(quote.validUntil.getTime(), now));
  return true;
}

/**
 * Executes an issued quote once. It is not sent when past its validity (less the margin) or already
 * executed, and it is never retried. Outcomes are returned, not thrown, so the unknown one cannot be
 * mistaken for a failure to retry: on "unknown" or "already-consumed" use resolveExecuteOutcome.
 * @throws QuoteExpiredError before any request for a quote at or past its validity less the margin.
 * @throws QuoteAlreadyExecutedError before any request for a quote id this client already sent to Execute Quote.
 */
export async function executeQuote(
  client: ApiClient,
  quote: IssuedQuote,
  options: ExecuteOptions = {},
): Promise<ExecuteQuoteResult> {
  const clock = options.clock ?? systemClock;
  const margin = options.safetyMarginMs ?? DEFAULT_QUOTE_SAFETY_MARGIN_MS;
  const now = clock.now();
  if (now >= quote.validUntil.getTime() - margin)
    throw new QuoteExpiredError(quote.quoteId, quote.validUntil, new Date(now), margin);
  if (!claim(client, quote, now)) throw new QuoteAlreadyExecutedError(quote.quoteId);
  const record: ConversionExecutionRecord = {
    customerId: quote.customerId,
    quoteId: quote.quoteId,
    requestTime: new Date(now),
    fromAsset: quote.fromAsset,
    toAsset: quote.toAsset,
    amount: quote.amount,
    traceId: undefined,
  };
  const execute = () =>
    client.POST("/v1/customers/{customer_id}/conversions/hedge", {
      params: { path: { customer_id: quote.customerId } },
      body: { quote_id: quote.quoteId },
      signal: options.signal,
    });
  let result: Awaited<ReturnType<typeof execute>>;
  try {
    result = await execute();
  } catch (cause) {
    // Whatever stopped the answer (timeout, network, the caller's abort), the request may have arrived.
    if (isOutcomeUnknownError(cause)) record.requestTime = cause.requestTime;
    return { outcome: "unknown", record, cause };
  }
  const { data, response } = result;
  if (response.ok) {
    if (data && typeof data.transaction_id === "string" && data.transaction_id)
      return { outcome: "created", order: data, record };
    return {
      outcome: "unknown",
      record,
      cause: new IncompleteResponseError("POST", response.url, response.status, "transaction_id"),
    };
  }
  const apiError = normalizeError(result);
  record.traceId = apiError.traceId;
  if (response.status === 409) return { outcome: "already-consumed", error: apiError, record };
  if (response.status === 408 || response.status >= 500) return { outcome: "unknown", record, cause: apiError };
  return { outcome: "refused", error: apiError, record };
}
