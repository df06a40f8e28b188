// The journey table itself (test/journeys/journeys.json) and how scripts/journeys.mjs judges a cell. The walks
// are `npm run journeys` (part of `npm test`); here: the table says, for every journey and every client, the
// reference's answer; its faults name operations of the document; its inputs are the mock's defaults where the
// reference shows no fact; and a cell is ok only when the outcomes are the expected ones, in order.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { DRIVERS, expected, journeyTable, readOutcomes, TABLE } from "../../scripts/journeys.mjs";
import { DEFAULTS } from "../../src/mock/stateful/options.ts";
import { listOperations, loadBundle } from "../helpers/document.ts";

interface Journey {
  id: string;
  kind: string;
  reference: string;
  faults?: { kind: string; operation_id: string }[];
  expect: Record<string, string[]>;
  amount?: string;
  account_number?: string;
}
const table = JSON.parse(readFileSync(TABLE, "utf8")) as {
  inputs: Record<string, unknown> & { amount: Record<string, string>; amount_fields: string[] };
  clients: Record<string, { retries: boolean }>;
  journeys: Journey[];
};
const clients = Object.keys(table.clients);

describe("the table", () => {
  test("one column per driver, each journey with a unique id, a kind the drivers walk and a reference fact", () => {
    expect(clients.sort()).toEqual(Object.keys(DRIVERS).sort());
    expect(new Set(table.journeys.map((j) => j.id)).size).toBe(table.journeys.length);
    for (const j of table.journeys) {
      expect(["conversion", "rfi-list", "external-account"], j.id).toContain(j.kind);
      expect(j.reference.length, j.id).toBeGreaterThan(10);
    }
  });

  test("every cell has the reference's answer, and the overrides name only clients or no-retry", () => {
    for (const j of table.journeys) {
      for (const key of Object.keys(j.expect)) expect(["all", "no-retry", ...clients], j.id).toContain(key);
      for (const client of clients) {
        const want = expected(j, client, table.clients);
        expect(Array.isArray(want) && want.length > 0, `${j.id} x ${client}`).toBe(true);
      }
    }
  });

  test("faults name operations of the document and kinds of the control API", () => {
    const operations = new Set(listOperations(loadBundle()).map((o) => o.operationId));
    for (const fault of table.journeys.flatMap((j) => j.faults ?? [])) {
      expect(operations).toContain(fault.operation_id);
      expect(["delay", "drop-before", "drop-after", "status"]).toContain(fault.kind);
    }
  });

  test("the amount fields are the mock's default, and no two journeys send the same amount or account", () => {
    expect(table.inputs.amount_fields).toEqual(DEFAULTS.amountFields);
    expect(table.inputs.amount_fields).toContain(Object.keys(table.inputs.amount)[0]);
    for (const field of ["amount", "account_number"] as const) {
      const values = table.journeys.map((j) => j[field]).filter((v) => v !== undefined);
      expect(new Set(values).size, field).toBe(values.length);
    }
  });
});

describe("judging a cell", () => {
  const journey = { id: "j", expect: { all: ["201", "200 the account"], "no-retry": ["503"], go: ["timeout"] } };
  const cols = { a: { retries: true }, b: { retries: false }, go: { retries: true } };

  test("a client's own row, else no-retry for a client that does not retry, else all", () => {
    expect(expected(journey, "a", cols)).toEqual(["201", "200 the account"]);
    expect(expected(journey, "b", cols)).toEqual(["503"]);
    expect(expected(journey, "go", cols)).toEqual(["timeout"]);
  });

  test("ok only for the same outcomes in the same order; a missing or different one fails with both shown", () => {
    const t = { clients: cols, journeys: [journey] };
    expect(journeyTable(t, { a: { j: ["201", "200 the account"] } }).failures).toEqual([]);
    for (const got of [["200 the account", "201"], ["201"], ["401 00010000", "200 no account"], undefined]) {
      const { table: text, failures } = journeyTable(t, { a: got ? { j: got } : {} });
      expect(failures).toHaveLength(1);
      expect(failures[0]).toContain("the reference's answer: 201 → 200 the account");
      expect(text).toContain("**FAIL**");
    }
  });

  test("reads the drivers' JOURNEY lines and nothing else", () => {
    const out = readOutcomes('noise\nJOURNEY a ["201","unknown"]\n  JOURNEY b []\nJOURNEY c not-json-array\n');
    expect(out).toEqual({ a: ["201", "unknown"], b: [] });
  });
});

test("the drivers in other languages read the table where the runner says it is", () => {
  for (const file of ["python/examples/journeys.py", "go/examples/journeys/main.go"])
    expect(readFileSync(path.join(import.meta.dirname, "../..", file), "utf8")).toContain("FO_JOURNEYS");
  // The async driver walks with its own client through the sync driver's loop, which reads the table.
  const asyncDriver = readFileSync(path.join(import.meta.dirname, "../../python/examples/journeys_async.py"), "utf8");
  expect(asyncDriver).toContain("journeys.main(");
});
