import type { Reply } from "./reply.ts";
import type { RfiCase, RfiCaseSets } from "./rfiCase.ts";
import { Retained } from "./retained.ts";

/** A customer-scoped quote: 30 s of life, one execute. */
export interface CustomerQuote {
  quoteId: string;
  customerId: string;
  issuedAt: number;
  expiresAt: number;
  /** The order its execute created; set once. */
  transactionId?: string;
}

/** A conversion order made by Execute Quote. */
export interface ConversionOrder {
  transactionId: string;
  customerId: string;
  quoteId: string;
  createdAt: number;
  /** PENDING at creation; other values only through the control API (transitions are not shown). */
  orderStatus: string;
}

/** An external account, bound to the Idempotency-Key that created it. */
export interface ExternalAccountRecord {
  customerId: string;
  /** In canonical form (see `canonicalId`). */
  idempotencyKey: string;
  /** The account as answered: the details sent, with institution_name resolved. */
  account: Record<string, unknown>;
  createdAt: number;
}

export interface PortfolioQuote {
  quoteId: string;
  portfolioId: string;
  issuedAt: number;
  expiresAt: number;
  conversionId?: string;
}

export interface PortfolioHedge {
  conversionId: string;
  portfolioId: string;
  quoteId: string;
  createdAt: number;
  /** The hedge as answered on creation and read back. */
  body: Record<string, unknown>;
}

/** What a portfolio hedge key is bound to for 24 hours: its request and the answer to replay. */
export interface HedgeKeyRecord {
  portfolioId: string;
  /** Canonical JSON of the request body: a different one under the same key is a conflict. */
  parameters: string;
  reply: Reply;
  boundAt: number;
}

/** How long each kind of record is kept, in ms of virtual time, and how many of each kind at most. */
export interface Retention {
  /** After an unused quote's expiry (so a late execute still says "expired"). */
  expiredQuoteMs: number;
  /**
   * After a conversion order or hedge is made (and for its consumed quote, counted from the later of that and the
   * quote's expiry).
   */
  conversionMs: number;
  /** After an external account (and its Idempotency-Key binding) is made. */
  externalAccountMs: number;
  /** After a portfolio hedge key is bound. */
  hedgeKeyMs: number;
  /** Records of one kind held at most; the oldest leaves first. */
  maxRecords: number;
}

const slot = (owner: string, id: string) => `${owner}\n${id}`;

/**
 * Everything the stateful mock remembers, in memory; `reset` empties it and re-seeds the RFI cases.
 * Every record leaves once its retention ends (`sweep`, called on each request), so a long run stays
 * within the records of the last retention period.
 */
export class StatefulStore {
  /** Quotes not yet executed, until `expiredQuoteMs` after their expiry. */
  readonly quotes: Retained<string, CustomerQuote>;
  /** Executed quotes, kept with their order so a second execute is still 409. */
  readonly consumedQuotes: Retained<string, CustomerQuote>;
  readonly orders: Retained<string, ConversionOrder>;
  /** Keyed by customer id + "\n" + Idempotency-Key; `accountsOf` reads one customer's. */
  readonly externalAccounts: Retained<string, ExternalAccountRecord>;
  private readonly accountsByCustomer = new Map<string, Map<string, ExternalAccountRecord>>();
  readonly portfolioQuotes: Retained<string, PortfolioQuote>;
  readonly hedgedQuotes: Retained<string, PortfolioQuote>;
  readonly hedges: Retained<string, PortfolioHedge>;
  /** Keyed by portfolio id + "\n" + Idempotency-Key. */
  readonly hedgeKeys: Retained<string, HedgeKeyRecord>;
  rfiCases: RfiCaseSets = new Map();

  constructor(
    private readonly seed: () => RfiCaseSets,
    readonly retention: Retention,
  ) {
    const max = retention.maxRecords;
    this.quotes = new Retained(max);
    this.consumedQuotes = new Retained(max);
    this.orders = new Retained(max);
    this.externalAccounts = new Retained(max, (_key, record) => this.unindex(record));
    this.portfolioQuotes = new Retained(max);
    this.hedgedQuotes = new Retained(max);
    this.hedges = new Retained(max);
    this.hedgeKeys = new Retained(max);
    this.reset();
  }

  reset(): void {
    for (const kind of this.kinds()) kind.clear();
    this.accountsByCustomer.clear();
    this.rfiCases = this.seed();
  }

  /** Frees every record whose retention ended by `now`. */
  sweep(now: number): void {
    for (const kind of this.kinds()) kind.sweep(now);
  }

  /** Records held, of every kind (RFI cases aside). */
  get recordCount(): number {
    return this.kinds().reduce((n, kind) => n + kind.size, 0);
  }

  private kinds(): Pick<Retained<string, unknown>, "clear" | "sweep" | "size">[] {
    return [
      this.quotes,
      this.consumedQuotes,
      this.orders,
      this.externalAccounts,
      this.portfolioQuotes,
      this.hedgedQuotes,
      this.hedges,
      this.hedgeKeys,
    ];
  }

  addQuote(quote: CustomerQuote): void {
    this.quotes.set(quote.quoteId, quote, quote.expiresAt + this.retention.expiredQuoteMs);
  }

  /** A customer quote, executed or not, while it is kept. */
  quote(quoteId: string, now: number): CustomerQuote | undefined {
    return this.quotes.get(quoteId, now) ?? this.consumedQuotes.get(quoteId, now);
  }

  /** Records the order its execute made; the quote is then kept as long as the order. */
  addOrder(order: ConversionOrder, quote: CustomerQuote, now: number): void {
    quote.transactionId = order.transactionId;
    this.quotes.delete(quote.quoteId);
    this.consumedQuotes.set(quote.quoteId, quote, Math.max(now, quote.expiresAt) + this.retention.conversionMs);
    this.orders.set(order.transactionId, order, now + this.retention.conversionMs);
  }

  addPortfolioQuote(quote: PortfolioQuote): void {
    this.portfolioQuotes.set(quote.quoteId, quote, quote.expiresAt + this.retention.expiredQuoteMs);
  }

  portfolioQuote(quoteId: string, now: number): PortfolioQuote | undefined {
    return this.portfolioQuotes.get(quoteId, now) ?? this.hedgedQuotes.get(quoteId, now);
  }

  addHedge(hedge: PortfolioHedge, quote: PortfolioQuote, now: number): void {
    quote.conversionId = hedge.conversionId;
    this.portfolioQuotes.delete(quote.quoteId);
    this.hedgedQuotes.set(quote.quoteId, quote, Math.max(now, quote.expiresAt) + this.retention.conversionMs);
    this.hedges.set(hedge.conversionId, hedge, now + this.retention.conversionMs);
  }

  bindHedgeKey(portfolioId: string, key: string, record: HedgeKeyRecord): void {
    this.hedgeKeys.set(slot(portfolioId, key), record, record.boundAt + this.retention.hedgeKeyMs);
  }

  hedgeKey(portfolioId: string, key: string, now: number): HedgeKeyRecord | undefined {
    return this.hedgeKeys.get(slot(portfolioId, key), now);
  }

  unbindHedgeKey(portfolioId: string, key: string): void {
    this.hedgeKeys.delete(slot(portfolioId, key));
  }

  addAccount(record: ExternalAccountRecord): void {
    const key = slot(record.customerId, record.idempotencyKey);
    this.externalAccounts.set(key, record, record.createdAt + this.retention.externalAccountMs);
    let mine = this.accountsByCustomer.get(record.customerId);
    if (!mine) {
      mine = new Map();
      this.accountsByCustomer.set(record.customerId, mine);
    }
    mine.set(record.idempotencyKey, record);
  }

  /** One customer's external accounts by Idempotency-Key, oldest first, while they are kept. */
  accountsOf(customerId: string, now: number): Map<string, ExternalAccountRecord> {
    const mine = this.accountsByCustomer.get(customerId) ?? new Map<string, ExternalAccountRecord>();
    return new Map([...mine].filter(([key]) => this.externalAccounts.get(slot(customerId, key), now)));
  }

  private unindex(record: ExternalAccountRecord): void {
    const mine = this.accountsByCustomer.get(record.customerId);
    mine?.delete(record.idempotencyKey);
    if (mine?.size === 0) this.accountsByCustomer.delete(record.customerId);
  }

  casesOf(customerId: string): RfiCase[] {
    let cases = this.rfiCases.get(customerId);
    if (!cases) {
      cases = [];
      this.rfiCases.set(customerId, cases);
    }
    return cases;
  }

  /** RFI cases held, over every customer. */
  get caseCount(): number {
    let n = 0;
    for (const cases of this.rfiCases.values()) n += cases.length;
    return n;
  }
}

/** JSON with object keys sorted, so equal parameters compare equal whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}
