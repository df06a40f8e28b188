import type { Reply } from "./reply.ts";
import type { RfiCase, RfiCaseSets } from "./rfiCase.ts";

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

/** Everything the stateful mock remembers, in memory; `reset` empties it and re-seeds the RFI cases. */
export class StatefulStore {
  readonly quotes = new Map<string, CustomerQuote>();
  readonly orders = new Map<string, ConversionOrder>();
  /** Keyed by customer id, then Idempotency-Key. */
  readonly externalAccounts = new Map<string, Map<string, ExternalAccountRecord>>();
  readonly portfolioQuotes = new Map<string, PortfolioQuote>();
  readonly hedges = new Map<string, PortfolioHedge>();
  /** Keyed by portfolio id + "\n" + Idempotency-Key. */
  readonly hedgeKeys = new Map<string, HedgeKeyRecord>();
  rfiCases: RfiCaseSets = new Map();

  constructor(private readonly seed: () => RfiCaseSets) {
    this.reset();
  }

  reset(): void {
    this.quotes.clear();
    this.orders.clear();
    this.externalAccounts.clear();
    this.portfolioQuotes.clear();
    this.hedges.clear();
    this.hedgeKeys.clear();
    this.rfiCases = this.seed();
  }

  accountsOf(customerId: string): Map<string, ExternalAccountRecord> {
    let accounts = this.externalAccounts.get(customerId);
    if (!accounts) this.externalAccounts.set(customerId, (accounts = new Map()));
    return accounts;
  }

  casesOf(customerId: string): RfiCase[] {
    let cases = this.rfiCases.get(customerId);
    if (!cases) this.rfiCases.set(customerId, (cases = []));
    return cases;
  }
}

/** JSON with object keys sorted, so equal parameters compare equal whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v,
  );
}
