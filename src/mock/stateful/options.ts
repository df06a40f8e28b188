import { readFileSync } from "node:fs";
import { files } from "../files.ts";
import type { Retention } from "./store.ts";

/**
 * Settings of the stateful mock. Each one is a choice the reference leaves open (a name, a shape, a
 * status or a lifetime it does not show): the defaults are the mock's, documented in the README's
 * "Stateful mock" section, never facts about the service.
 */
export interface StatefulOptions {
  /**
   * The two amount fields of a customer-scoped quote, exactly one of which is sent. Default `pay_amount`,
   * `receive_amount` (the project's placeholders).
   */
  amountFields?: readonly [string, string];
  /** The same for the portfolio quote. Default `pay_amount`, `receive_amount`. */
  portfolioAmountFields?: readonly [string, string];
  /** Lifetime of a portfolio quote in seconds (the 30 s of the reference is for customer quotes). Default 30. */
  portfolioQuoteLifetimeSeconds?: number;
  /**
   * Routing code to institution name, for resolving an omitted `institution_name`. Default the document's example pair.
   */
  institutions?: Readonly<Record<string, string>>;
  /** Fields that make two external accounts' banking details "identical". Default the six required ones. */
  identicalDetailsFields?: readonly string[];
  /**
   * What `GET .../external-accounts` answers: `list` (`{ list, total }`) or `account` (the bound account, 404 when
   * none). Default `list`.
   */
  externalAccountListShape?: "list" | "account";
  /**
   * Success statuses the reference does not show. Default 201 for createExternalAccount, 200 for listExternalAccounts
   * and listRfiCases.
   */
  successStatuses?: Partial<SuccessStatuses>;
  /** Success status of a portfolio hedge: 201 (made at once) or 202 (accepted). Default 201. */
  hedgeStatus?: 201 | 202;
  /** Portfolio error code of the 409 for a hedge key reused with other parameters. Default `VALIDATION_ERROR`. */
  hedgeKeyConflictCode?: string;
  /**
   * Whether a refused hedge (404, 409) binds its Idempotency-Key too, so a retry replays the refusal. Default false.
   */
  hedgeKeyBindsRefusals?: boolean;
  /** `rfi_status` values that `action_required=true` selects (and `false` leaves out). Default `ACTION_REQUIRED`. */
  actionRequiredStatuses?: readonly string[];
  /**
   * Order of RFI cases unless `subject_type=RECIPIENT` (newest update first, the reference's rule): `fixture` or
   * `updated-desc`. Default `fixture`.
   */
  rfiOrder?: "fixture" | "updated-desc";
  /** JSON file of seeded RFI cases. Default the fixture shipped beside this module. */
  rfiFixture?: string;
  /**
   * A `transaction_id` not matching this is malformed (400 00000002); null: any non-empty value. Default a UUID, the
   * form of the ids the mock issues.
   */
  transactionIdPattern?: RegExp | null;
  /**
   * A `conversion_id` not matching this is malformed (400 VALIDATION_ERROR); null: any non-empty value. Default a UUID.
   */
  conversionIdPattern?: RegExp | null;
  /** Top-level field of a hedge answer that carries its id (where it appears is not shown). Default `conversion_id`. */
  hedgeIdField?: string;
  /** Portfolios that exist; any other is 404 PORTFOLIO_NOT_FOUND. Default null: every portfolio_id exists. */
  portfolios?: readonly string[] | null;
  /** Whether the control API answers at all (`--control`). Default false: its prefix is then an ordinary path. */
  control?: boolean;
  /**
   * Control token (from FO_MOCK_CONTROL_TOKEN, never from a file): when set, every control call must send
   * `Authorization: Bearer <token>`. At least 32 characters of A-Z a-z 0-9 . _ ~ + / = -. Default none.
   */
  controlToken?: string;
  /** Path prefix of the control API. Default `/__mock`. */
  controlPrefix?: string;
  /** Requests kept in the control API's log, the newest; 0 to 100,000. Default 500. */
  requestLogSize?: number;
  /**
   * Seconds an unused quote (either kind) is still known after it expires, so a late execute says "expired". Default
   * 300.
   */
  expiredQuoteRetentionSeconds?: number;
  /** Seconds a conversion order or portfolio hedge, and the quote it consumed, are kept. Default 86,400 (24 h). */
  conversionRetentionSeconds?: number;
  /** Seconds an external account and its Idempotency-Key binding are kept. Default 86,400 (24 h). */
  externalAccountRetentionSeconds?: number;
  /**
   * Records of one kind (quotes, orders, accounts, hedges, hedge keys) held at most; the oldest leaves first. Default
   * 100,000.
   */
  maxRecords?: number;
  /** The bundled document the mock routes and validates against. Default `generated/openapi.json`. */
  document?: string;
  /** Real time the virtual clock starts from, in ms (for tests). Default `Date.now`. */
  now?: () => number;
}

export interface SuccessStatuses {
  createExternalAccount: number;
  listExternalAccounts: number;
  listRfiCases: number;
}

export type ResolvedOptions = Required<
  Omit<
    StatefulOptions,
    "transactionIdPattern" | "conversionIdPattern" | "portfolios" | "successStatuses" | "controlToken"
  >
> & {
  controlToken: string | undefined;
  transactionIdPattern: RegExp | null;
  conversionIdPattern: RegExp | null;
  portfolios: readonly string[] | null;
  successStatuses: SuccessStatuses;
};

/** Thrown for a setting the mock cannot use; the message names it. */
export class StatefulOptionsError extends Error {
  override readonly name = "StatefulOptionsError";
}

export const DEFAULT_RFI_FIXTURE = files.rfiFixture;
export const DEFAULT_DOCUMENT = files.document;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The reference's retention of a portfolio hedge Idempotency-Key: 24 hours (not a setting). */
export const HEDGE_KEY_RETENTION_MS = 24 * 60 * 60 * 1000;
/** The environment variable the control token comes from. */
export const CONTROL_TOKEN_ENV = "FO_MOCK_CONTROL_TOKEN";
const CONTROL_TOKEN = /^[A-Za-z0-9._~+/=-]{32,512}$/;
/** Longest retention a setting may ask for: ten years, well inside what a Date can hold. */
const MAX_RETENTION_SECONDS = 10 * 366 * 86_400;

export const DEFAULTS: ResolvedOptions = {
  amountFields: ["pay_amount", "receive_amount"],
  portfolioAmountFields: ["pay_amount", "receive_amount"],
  portfolioQuoteLifetimeSeconds: 30,
  institutions: { "021000021": "Example National Bank" },
  identicalDetailsFields: [
    "network",
    "account_holder_name",
    "currency",
    "country_code",
    "account_number",
    "institution_id",
  ],
  externalAccountListShape: "list",
  successStatuses: { createExternalAccount: 201, listExternalAccounts: 200, listRfiCases: 200 },
  hedgeStatus: 201,
  hedgeKeyConflictCode: "VALIDATION_ERROR",
  hedgeKeyBindsRefusals: false,
  actionRequiredStatuses: ["ACTION_REQUIRED"],
  rfiOrder: "fixture",
  rfiFixture: DEFAULT_RFI_FIXTURE,
  transactionIdPattern: UUID_PATTERN,
  conversionIdPattern: UUID_PATTERN,
  hedgeIdField: "conversion_id",
  portfolios: null,
  control: false,
  controlToken: undefined,
  controlPrefix: "/__mock",
  requestLogSize: 500,
  expiredQuoteRetentionSeconds: 300,
  conversionRetentionSeconds: 86_400,
  externalAccountRetentionSeconds: 86_400,
  maxRecords: 100_000,
  document: DEFAULT_DOCUMENT,
  now: Date.now,
};

const fail = (name: string, why: string): never => {
  throw new StatefulOptionsError(`Stateful mock option ${name}: ${why}`);
};

function fieldPair(name: string, value: unknown): readonly [string, string] {
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    !value.every((v) => typeof v === "string" && v !== "") ||
    value[0] === value[1]
  ) {
    fail(name, "give two different, non-empty field names.");
  }
  if ((value as string[]).some((v) => v === "from_asset" || v === "to_asset"))
    fail(name, "from_asset and to_asset are not amount fields.");
  return value as [string, string];
}

/**
 * Fills in the defaults and checks every setting given.
 * @throws StatefulOptionsError naming the first setting that cannot be used.
 */
export function resolveOptions(given: StatefulOptions = {}): ResolvedOptions {
  const known = new Set(Object.keys(DEFAULTS));
  for (const key of Object.keys(given))
    if (!known.has(key)) fail(key, `unknown setting (known: ${[...known].join(", ")}).`);
  const o = {
    ...DEFAULTS,
    ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)),
  } as ResolvedOptions;
  // A pattern with the g or y flag keeps state between tests; a plain copy does not.
  for (const name of ["transactionIdPattern", "conversionIdPattern"] as const) {
    const p = o[name];
    if (p instanceof RegExp && (p.global || p.sticky)) o[name] = new RegExp(p.source, p.flags.replace(/[gy]/g, ""));
  }
  o.amountFields = fieldPair("amountFields", o.amountFields);
  o.portfolioAmountFields = fieldPair("portfolioAmountFields", o.portfolioAmountFields);
  if (typeof o.portfolioQuoteLifetimeSeconds !== "number" || !(o.portfolioQuoteLifetimeSeconds > 0))
    fail("portfolioQuoteLifetimeSeconds", "give a positive number of seconds.");
  if (
    !o.institutions ||
    typeof o.institutions !== "object" ||
    Object.values(o.institutions).some((v) => typeof v !== "string" || v === "")
  ) {
    fail("institutions", 'give an object of "<routing code>": "<institution name>".');
  }
  if (
    !Array.isArray(o.identicalDetailsFields) ||
    o.identicalDetailsFields.length === 0 ||
    !o.identicalDetailsFields.every((f) => typeof f === "string")
  ) {
    fail("identicalDetailsFields", "give a non-empty list of field names.");
  }
  if (o.externalAccountListShape !== "list" && o.externalAccountListShape !== "account")
    fail("externalAccountListShape", 'give "list" or "account".');
  if (!o.successStatuses || typeof o.successStatuses !== "object")
    fail("successStatuses", "give an object of operationId to status.");
  o.successStatuses = { ...DEFAULTS.successStatuses, ...o.successStatuses };
  for (const [op, status] of Object.entries(o.successStatuses)) {
    if (!(op in DEFAULTS.successStatuses))
      fail("successStatuses", `${op} is not one of ${Object.keys(DEFAULTS.successStatuses).join(", ")}.`);
    if (!Number.isInteger(status) || status < 200 || status > 299) fail("successStatuses", `${op}: give a 2xx status.`);
  }
  if (o.hedgeStatus !== 201 && o.hedgeStatus !== 202) fail("hedgeStatus", "give 201 or 202.");
  if (typeof o.hedgeKeyConflictCode !== "string" || o.hedgeKeyConflictCode === "")
    fail("hedgeKeyConflictCode", "give a portfolio error code.");
  if (typeof o.hedgeKeyBindsRefusals !== "boolean") fail("hedgeKeyBindsRefusals", "give true or false.");
  if (!Array.isArray(o.actionRequiredStatuses) || !o.actionRequiredStatuses.every((s) => typeof s === "string"))
    fail("actionRequiredStatuses", "give a list of rfi_status values.");
  if (o.rfiOrder !== "fixture" && o.rfiOrder !== "updated-desc") fail("rfiOrder", 'give "fixture" or "updated-desc".');
  if (typeof o.rfiFixture !== "string" || o.rfiFixture === "") fail("rfiFixture", "give a file path.");
  for (const name of ["transactionIdPattern", "conversionIdPattern"] as const) {
    if (o[name] !== null && !(o[name] instanceof RegExp))
      fail(name, "give a regular expression, or null for any non-empty value.");
  }
  if (typeof o.hedgeIdField !== "string" || o.hedgeIdField === "") fail("hedgeIdField", "give a field name.");
  if (
    o.portfolios !== null &&
    (!Array.isArray(o.portfolios) || !o.portfolios.every((p) => typeof p === "string" && p !== ""))
  ) {
    fail("portfolios", "give a list of portfolio ids, or null for any.");
  }
  if (
    typeof o.controlPrefix !== "string" ||
    !/^\/[\w.-]+(\/[\w.-]+)*$/.test(o.controlPrefix) ||
    /^\/v\d/.test(o.controlPrefix)
  ) {
    fail("controlPrefix", 'give a path such as "/__mock" that no API path starts with.');
  }
  if (!Number.isInteger(o.requestLogSize) || o.requestLogSize < 0 || o.requestLogSize > 100_000)
    fail("requestLogSize", "give a whole number from 0 to 100000.");
  for (const name of [
    "expiredQuoteRetentionSeconds",
    "conversionRetentionSeconds",
    "externalAccountRetentionSeconds",
  ] as const) {
    if (typeof o[name] !== "number" || !(o[name] >= 0 && o[name] <= MAX_RETENTION_SECONDS))
      fail(name, `give a number of seconds from 0 to ${MAX_RETENTION_SECONDS}.`);
  }
  if (!Number.isInteger(o.maxRecords) || o.maxRecords < 1 || o.maxRecords > 10_000_000)
    fail("maxRecords", "give a whole number from 1 to 10000000.");
  if (typeof o.control !== "boolean") fail("control", "give true or false.");
  // The token itself never goes into the message.
  if (o.controlToken !== undefined && (typeof o.controlToken !== "string" || !CONTROL_TOKEN.test(o.controlToken))) {
    fail(
      "controlToken",
      `give 32 to 512 characters of A-Z a-z 0-9 . _ ~ + / = - (for example \`openssl rand -hex 32\`) in ` +
        `${CONTROL_TOKEN_ENV}.`,
    );
  }
  if (typeof o.now !== "function") fail("now", "give a function returning ms since the epoch.");
  return o;
}

/**
 * Settings from a JSON file: the same names, with the two patterns written as strings (or null).
 * @throws StatefulOptionsError for a file that cannot be read or parsed, or a setting that cannot be used.
 */
export function loadOptionsFile(file: string): StatefulOptions {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new StatefulOptionsError(`Stateful mock options file ${file}: ${(err as Error).message}`);
  }
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw new StatefulOptionsError(`Stateful mock options file ${file}: expected a JSON object of settings.`);
  const options = { ...(value as Record<string, unknown>) };
  for (const name of ["transactionIdPattern", "conversionIdPattern"]) {
    const p = options[name];
    if (typeof p === "string") {
      try {
        options[name] = new RegExp(p);
      } catch {
        fail(name, `${JSON.stringify(p)} is not a regular expression.`);
      }
    }
  }
  if ("now" in options) fail("now", "is for tests only, not for an options file.");
  if ("controlToken" in options) fail("controlToken", `is a secret: give it in ${CONTROL_TOKEN_ENV}, not in a file.`);
  resolveOptions(options as StatefulOptions);
  return options as StatefulOptions;
}

/** How long the store keeps each kind of record, from the settings and the reference's 24-hour hedge keys. */
export function retentionOf(o: ResolvedOptions): Retention {
  return {
    expiredQuoteMs: o.expiredQuoteRetentionSeconds * 1000,
    conversionMs: o.conversionRetentionSeconds * 1000,
    externalAccountMs: o.externalAccountRetentionSeconds * 1000,
    hedgeKeyMs: HEDGE_KEY_RETENTION_MS,
    maxRecords: o.maxRecords,
  };
}
