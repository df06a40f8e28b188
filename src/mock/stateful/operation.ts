import type { VirtualClock } from "./clock.ts";
import type { ResolvedOptions } from "./options.ts";
import type { Reply } from "./reply.ts";
import type { StatefulStore } from "./store.ts";

/** One request as an operation handler sees it, after routing and the document's validation. */
export interface OperationInput {
  /** The request path, used as the error's `instance`. */
  path: string;
  params: Record<string, string>;
  /** Query values coerced to the document's types. */
  query: Record<string, unknown>;
  /** Lower-case header names. */
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface HandlerEnv {
  store: StatefulStore;
  clock: VirtualClock;
  options: ResolvedOptions;
  /** New identifiers (UUID v4 unless a test injects another source). */
  newId: () => string;
}

export type OperationHandler = (input: OperationInput, env: HandlerEnv) => Reply;

/** One way a request breaks the document, as the validator found it. */
export interface Problem {
  /** Where, such as `requestBody/quote_id` or `header`. */
  where: string;
  /** The JSON Schema keyword that failed, such as `required` or `format`. */
  keyword: string;
  message: string;
}

/** Problems as one readable line. */
export const describe = (problems: readonly Problem[]) => problems.map((p) => `${p.where} ${p.message}`).join("; ");

/** Turns the document's validation errors for an operation into that operation's documented refusal. */
export type ValidationRefusal = (input: OperationInput, problems: readonly Problem[], env: HandlerEnv) => Reply;

export interface StatefulOperation {
  handle: OperationHandler;
  refuse: ValidationRefusal;
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

export const headerValue = (headers: OperationInput["headers"], name: string): string | undefined => {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(", ") : v;
};
