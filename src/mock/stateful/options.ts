import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
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

const NAME = { type: "string", minLength: 1 };
const NAMES = { type: "array", items: NAME };
const AMOUNT_FIELDS = {
  type: "array",
  minItems: 2,
  maxItems: 2,
  uniqueItems: true,
  items: { ...NAME, not: { enum: ["from_asset", "to_asset"] } },
  "x-give": "give two different, non-empty field names (from_asset and to_asset are not amount fields).",
};
const SECONDS = {
  type: "number",
  minimum: 0,
  maximum: MAX_RETENTION_SECONDS,
  "x-give": `give a number of seconds from 0 to ${MAX_RETENTION_SECONDS}.`,
};
const PATTERN = { type: ["string", "null"], "x-give": "give a regular expression, or null for any non-empty value." };
const STATUS_2XX = { type: "integer", minimum: 200, maximum: 299 };

/**
 * What each setting may be, as JSON Schema (the file form: patterns as their source), each with the hint its
 * refusal gives (`x-give`). `now` is a function, checked beside it.
 */
const SCHEMA = {
  type: "object",
  additionalProperties: false,
  properties: {
    amountFields: AMOUNT_FIELDS,
    portfolioAmountFields: AMOUNT_FIELDS,
    portfolioQuoteLifetimeSeconds: {
      type: "number",
      exclusiveMinimum: 0,
      "x-give": "give a positive number of seconds.",
    },
    institutions: {
      type: "object",
      additionalProperties: NAME,
      "x-give": 'give an object of "<routing code>": "<institution name>".',
    },
    identicalDetailsFields: { ...NAMES, minItems: 1, "x-give": "give a non-empty list of field names." },
    externalAccountListShape: { enum: ["list", "account"], "x-give": 'give "list" or "account".' },
    successStatuses: {
      type: "object",
      additionalProperties: false,
      properties: Object.fromEntries(Object.keys(DEFAULTS.successStatuses).map((op) => [op, STATUS_2XX])),
      "x-give": `give an object of operationId (${Object.keys(DEFAULTS.successStatuses).join(", ")}) to a 2xx status.`,
    },
    hedgeStatus: { enum: [201, 202], "x-give": "give 201 or 202." },
    hedgeKeyConflictCode: { ...NAME, "x-give": "give a portfolio error code." },
    hedgeKeyBindsRefusals: { type: "boolean", "x-give": "give true or false." },
    actionRequiredStatuses: { type: "array", items: { type: "string" }, "x-give": "give a list of rfi_status values." },
    rfiOrder: { enum: ["fixture", "updated-desc"], "x-give": 'give "fixture" or "updated-desc".' },
    rfiFixture: { ...NAME, "x-give": "give a file path." },
    transactionIdPattern: PATTERN,
    conversionIdPattern: PATTERN,
    hedgeIdField: { ...NAME, "x-give": "give a field name." },
    portfolios: {
      anyOf: [{ type: "null" }, NAMES],
      "x-give": "give a list of portfolio ids, or null for any.",
    },
    control: { type: "boolean", "x-give": "give true or false." },
    // The token itself never goes into the message (Ajv's own text is not used).
    controlToken: {
      type: "string",
      pattern: CONTROL_TOKEN.source,
      "x-give":
        "give 32 to 512 characters of A-Z a-z 0-9 . _ ~ + / = - (for example `openssl rand -hex 32`) in " +
        `${CONTROL_TOKEN_ENV}.`,
    },
    controlPrefix: {
      type: "string",
      pattern: /^\/[\w.-]+(\/[\w.-]+)*$/.source,
      not: { pattern: /^\/v\d/.source },
      "x-give": 'give a path such as "/__mock" that no API path starts with.',
    },
    requestLogSize: {
      type: "integer",
      minimum: 0,
      maximum: 100_000,
      "x-give": "give a whole number from 0 to 100000.",
    },
    expiredQuoteRetentionSeconds: SECONDS,
    conversionRetentionSeconds: SECONDS,
    externalAccountRetentionSeconds: SECONDS,
    maxRecords: {
      type: "integer",
      minimum: 1,
      maximum: 10_000_000,
      "x-give": "give a whole number from 1 to 10000000.",
    },
    document: { ...NAME, "x-give": "give a file path." },
    now: {},
  },
} as const;

type Property = { "x-give"?: string };
// The schema is this module's own, fixed and tested: checking it against JSON Schema's meta-schema at every start
// (compiling that meta-schema first) was most of the stateful mode's start (about 60 ms of it).
const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, validateSchema: false });
ajv.addVocabulary(["x-give"]);
const validate = ajv.compile(SCHEMA);

/** The first refusal of `given` (in its JSON form), as the setting's name and its hint. */
function check(given: Record<string, unknown>): void {
  if (validate(given)) return;
  const [error] = validate.errors ?? [];
  if (!error) return;
  const name = error.instancePath.split("/")[1];
  if (name === undefined) {
    const key = String(error.params.additionalProperty);
    fail(key, `unknown setting (known: ${Object.keys(SCHEMA.properties).join(", ")}).`);
  }
  const hint = (SCHEMA.properties as Record<string, Property>)[name as string]?.["x-give"];
  fail(name as string, hint ?? "cannot be used.");
}

/**
 * Fills in the defaults and checks every setting given.
 * @throws StatefulOptionsError naming the first setting that cannot be used.
 */
export function resolveOptions(given: StatefulOptions = {}): ResolvedOptions {
  const set = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) as StatefulOptions;
  if (set.now !== undefined && typeof set.now !== "function")
    fail("now", "give a function returning ms since the epoch.");
  // The schema checks the JSON form: a pattern as its source (a RegExp is the only other form accepted).
  const json: Record<string, unknown> = { ...set };
  delete json.now;
  for (const name of ["transactionIdPattern", "conversionIdPattern"] as const)
    if (set[name] instanceof RegExp) json[name] = set[name].source;
  check(json);
  const o = { ...DEFAULTS, ...set } as ResolvedOptions;
  o.successStatuses = { ...DEFAULTS.successStatuses, ...set.successStatuses };
  for (const name of ["transactionIdPattern", "conversionIdPattern"] as const) {
    const p = o[name];
    if (typeof p === "string") fail(name, "give a RegExp here (a string is for an options file).");
    // A pattern with the g or y flag keeps state between tests; a plain copy does not.
    if (p instanceof RegExp && (p.global || p.sticky)) o[name] = new RegExp(p.source, p.flags.replace(/[gy]/g, ""));
  }
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
