import { readFileSync } from "node:fs";
import { instant } from "./instant.ts";
import { type StatefulOperation, describe } from "./operation.ts";
import { flatError, reply } from "./reply.ts";
// The record types live in rfiCase.ts, which store.ts reads without importing the operations (no import cycle).
import type { RfiCase, RfiCaseSets } from "./rfiCase.ts";
import type { ComponentValidator } from "./schemas.ts";

export type { RfiCase, RfiCaseSets } from "./rfiCase.ts";

/** Thrown for a fixture the mock cannot load; the message names the file and the case. */
export class RfiFixtureError extends Error {
  override readonly name = "RfiFixtureError";
}

/**
 * Checks one customer's cases: each a valid RfiCase, `case_id` unique.
 * @throws RfiFixtureError naming the first bad case.
 */
export function checkCases(customerId: string, cases: unknown, schemas: ComponentValidator, source: string): RfiCase[] {
  if (!Array.isArray(cases))
    throw new RfiFixtureError(`${source}: customer "${customerId}" needs an array of RFI cases.`);
  const seen = new Set<string>();
  cases.forEach((c, i) => {
    const problem = schemas.check("RfiCase", c);
    if (problem) throw new RfiFixtureError(`${source}: customer "${customerId}", case ${i}: ${problem}`);
    if (instant((c as RfiCase).updated_at) === undefined)
      throw new RfiFixtureError(
        `${source}: customer "${customerId}", case ${i}: updated_at is not a date-time the mock can compare.`,
      );
    const id = (c as RfiCase).case_id;
    if (seen.has(id)) throw new RfiFixtureError(`${source}: customer "${customerId}": case_id "${id}" appears twice.`);
    seen.add(id);
  });
  return cases as RfiCase[];
}

/**
 * Reads a fixture file: `{ "customers": { "<customer_id>": [ <RFI case>, ... ] } }`.
 * @throws RfiFixtureError for a file that is missing, not JSON, or holds a case the document refuses.
 */
export function loadRfiFixture(file: string, schemas: ComponentValidator): RfiCaseSets {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new RfiFixtureError(`RFI fixture ${file}: ${(err as Error).message}`);
  }
  const customers = (parsed as { customers?: unknown } | null)?.customers;
  if (!customers || typeof customers !== "object" || Array.isArray(customers)) {
    throw new RfiFixtureError(
      `RFI fixture ${file}: expected { "customers": { "<customer_id>": [ <RFI case>, ... ] } }.`,
    );
  }
  const sets: RfiCaseSets = new Map();
  for (const [customerId, cases] of Object.entries(customers))
    sets.set(customerId, checkCases(customerId, cases, schemas, `RFI fixture ${file}`));
  return sets;
}

/** The list query after the document's own validation: types coerced, `rfi_status` split on commas. */
export interface RfiListQuery {
  subject_type?: string;
  subject_id?: string;
  action_required?: boolean;
  case_id?: string;
  rfi_status?: string[];
  updated_from?: string;
  page?: number;
  size?: number;
}

export interface RfiListRules {
  actionRequiredStatuses: readonly string[];
  order: "fixture" | "updated-desc";
}

/** The reference's defaults: page 1, size 10. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_SIZE = 10;

const newestFirst = (a: RfiCase, b: RfiCase) => {
  const x = instant(a.updated_at)!;
  const y = instant(b.updated_at)!;
  return x === y ? 0 : x > y ? -1 : 1;
};

/**
 * One page of cases: every filter given, combined with AND; `updated_from` inclusive; with
 * `subject_type=RECIPIENT` the most recent update first (a stable sort, so ties keep stored order).
 */
export function listRfiCases(
  cases: readonly RfiCase[],
  q: RfiListQuery,
  rules: RfiListRules,
): { list: RfiCase[]; total: number } {
  const from = q.updated_from === undefined ? undefined : instant(q.updated_from);
  const statuses = q.rfi_status && new Set(q.rfi_status);
  const matches = cases.filter(
    (c) =>
      (q.subject_type === undefined || c.subject.type === q.subject_type) &&
      (q.subject_id === undefined || c.subject.id === q.subject_id) &&
      (q.action_required === undefined || rules.actionRequiredStatuses.includes(c.rfi_status) === q.action_required) &&
      (q.case_id === undefined || c.case_id === q.case_id) &&
      (statuses === undefined || statuses.has(c.rfi_status)) &&
      (from === undefined || instant(c.updated_at)! >= from),
  );
  if (q.subject_type === "RECIPIENT" || rules.order === "updated-desc") matches.sort(newestFirst);
  const size = q.size ?? DEFAULT_SIZE;
  const start = ((q.page ?? DEFAULT_PAGE) - 1) * size;
  return { list: matches.slice(start, start + size), total: matches.length };
}

/** List RFI Cases over the seeded set; a query outside the document (size 0 or 101, a bad status) is 400. */
export const listRfiCasesOperation: StatefulOperation = {
  refuse: (input, problems, { clock }) =>
    flatError(400, undefined, `Invalid parameters: ${describe(problems)}.`, input.path, clock.now()),
  handle(input, { store, options }) {
    const cases = store.rfiCases.get(input.params.customer_id!) ?? [];
    const page = listRfiCases(cases, input.query as RfiListQuery, {
      actionRequiredStatuses: options.actionRequiredStatuses,
      order: options.rfiOrder,
    });
    return reply(options.successStatuses.listRfiCases, page);
  },
};
