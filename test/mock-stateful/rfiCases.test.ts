// RFI cases in the stateful mock: every documented filter with AND, page/size defaults and bounds,
// RECIPIENT results newest update first, updated_from inclusive, and a fixture the user can replace.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { StatefulMock } from "../../src/mock/stateful/index.ts";
import { DEFAULT_RFI_FIXTURE } from "../../src/mock/stateful/options.ts";
import { RfiFixtureError, listRfiCases } from "../../src/mock/stateful/rfiCases.ts";
import type { RfiCase } from "../../src/mock/stateful/rfiCase.ts";
import { C, CUSTOMER, answer, testMock } from "./support.ts";
import fixture from "../../src/mock/stateful/rfi-cases.json" with { type: "json" };

const seeded = (fixture.customers as Record<string, RfiCase[]>)[CUSTOMER]!;
const rules = { actionRequiredStatuses: ["ACTION_REQUIRED"], order: "fixture" as const };
const ids = (cases: { case_id: string }[]) => cases.map((c) => c.case_id);
const all = (q: Parameters<typeof listRfiCases>[1]) => listRfiCases(seeded, { ...q, size: 100 }, rules);

const dir = mkdtempSync(path.join(tmpdir(), "rfi-fixture-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The case ids at these positions of the seeded fixture: expected results written out from the fixture file. */
const at = (...positions: number[]) => positions.map((i) => seeded[i]!.case_id);
// The seeded customer's 24 cases, by position: TRANSACTION at 2, 5, 8, ..., 23, RECIPIENT elsewhere;
// ACTION_REQUIRED at 0, 3, 6, ..., 21; REJECTED at 4, 10, 16, 22; CLOSED at 5, 11, 17, 23;
// PENDING_REVIEW at 1, 7, 13, 19; positions 14, 15, 16 share the update time 2026-11-04T08:47:00Z.
const TRANSACTIONS = at(2, 5, 8, 11, 14, 17, 20, 23);
const ACTION_REQUIRED = at(0, 3, 6, 9, 12, 15, 18, 21);

describe("filters", () => {
  test("the fixture lets each filter fail", () => {
    expect(seeded).toHaveLength(24);
    expect(new Set(seeded.map((c) => c.subject.type))).toEqual(new Set(["RECIPIENT", "TRANSACTION"]));
    expect(new Set(seeded.map((c) => c.rfi_status)).size).toBe(5);
    expect(new Set(seeded.map((c) => c.updated_at)).size).toBeLessThan(seeded.length);
  });

  test("subject_type keeps only that kind", () => {
    expect(ids(all({ subject_type: "TRANSACTION" }).list)).toEqual(TRANSACTIONS);
  });

  test("no subject_type gives both kinds", () => {
    expect(all({}).total).toBe(24);
  });

  test("case_id matches exactly", () => {
    const target = seeded[4]!;
    expect(all({ case_id: target.case_id }).list).toEqual([target]);
  });

  test("a case_id prefix matches nothing", () => {
    expect(all({ case_id: seeded[4]!.case_id.slice(0, 8) }).total).toBe(0);
  });

  test("subject_id matches exactly", () => {
    // Positions 4 and 18 are the same recipient.
    expect(ids(all({ subject_id: seeded[4]!.subject.id }).list)).toEqual(at(4, 18));
  });

  test("action_required true keeps the ACTION_REQUIRED cases", () => {
    expect(ids(all({ action_required: true }).list)).toEqual(ACTION_REQUIRED);
  });

  test("action_required false keeps every other case", () => {
    const rest = ids(seeded).filter((id) => !ACTION_REQUIRED.includes(id));
    expect(rest).toHaveLength(16);
    expect(ids(all({ action_required: false }).list)).toEqual(rest);
  });

  test("rfi_status matches any of its values", () => {
    expect(ids(all({ rfi_status: ["CLOSED", "REJECTED"] }).list)).toEqual(at(4, 5, 10, 11, 16, 17, 22, 23));
  });

  test("updated_from keeps a case updated at that instant", () => {
    const at0847 = all({ updated_from: "2026-11-04T08:47:00Z" }).list;
    expect(new Set(ids(at0847))).toEqual(new Set(at(14, 15, 16, 17, 18, 19, 20, 21, 22, 23)));
  });

  test("updated_from drops a case a nanosecond earlier", () => {
    const cases = [
      { ...seeded[0]!, updated_at: "2026-11-04T08:46:59.999999999Z" },
      { ...seeded[1]!, updated_at: "2026-11-04T10:47:00.000000001+02:00" },
    ];
    expect(ids(listRfiCases(cases, { updated_from: "2026-11-04T08:47:00Z" }, rules).list)).toEqual([
      seeded[1]!.case_id,
    ]);
  });

  test("filters combine with AND", () => {
    const q = { subject_type: "RECIPIENT", action_required: true, updated_from: "2026-11-03T00:00:00Z" };
    expect(new Set(ids(all(q).list))).toEqual(new Set(at(6, 9, 12, 15, 18, 21)));
  });
});

describe("order and paging", () => {
  test("RECIPIENT lists newest first, ties as stored", () => {
    // 15 and 16 share an update time and keep their stored order.
    const expected = at(22, 21, 19, 18, 15, 16, 6, 13, 12, 10, 9, 7, 4, 3, 1, 0);
    expect(ids(all({ subject_type: "RECIPIENT" }).list)).toEqual(expected);
  });

  test("without subject_type the fixture order stands", () => {
    expect(ids(all({}).list)).toEqual(ids(seeded));
  });

  test('rfiOrder "updated-desc" lists newest update first', () => {
    const sorted = listRfiCases(seeded, { size: 100 }, { ...rules, order: "updated-desc" }).list;
    const expected = at(23, 22, 21, 20, 19, 18, 17, 14, 15, 16, 5, 6, 13, 12, 11, 10, 9, 8, 7, 4, 3, 2, 1, 0);
    expect(ids(sorted)).toEqual(expected);
  });

  test("size defaults to 10 and page to 1", () => {
    expect(ids(listRfiCases(seeded, {}, rules).list)).toEqual(ids(seeded.slice(0, 10)));
  });

  test("total counts every match, not the page", () => {
    expect(listRfiCases(seeded, {}, rules).total).toBe(24);
  });

  test("pages cover every case once", () => {
    const pages = [1, 2, 3].map((page) => listRfiCases(seeded, { page, size: 10 }, rules).list);
    expect(pages.map((p) => p.length)).toEqual([10, 10, 4]);
    expect(ids(pages.flat())).toEqual(ids(seeded));
  });

  test("a page past the end is empty and keeps the total", () => {
    expect(listRfiCases(seeded, { page: 9, size: 10 }, rules)).toEqual({ list: [], total: 24 });
  });
});

describe("through the list operation", () => {
  let mock: StatefulMock;
  beforeAll(async () => {
    ({ mock } = await testMock());
  });

  test("parses a comma-separated rfi_status and a boolean filter", async () => {
    const r = await answer(mock, "GET", `${C}/rfi-cases`, {
      query: "rfi_status=ACTION_REQUIRED,PENDING_REVIEW&action_required=false&size=100",
    });
    expect(r.status).toBe(200);
    expect(ids(r.body.list)).toEqual(at(1, 7, 13, 19));
    expect(r.body.total).toBe(4);
  });

  test.each([
    "size=0",
    "size=101",
    "page=0",
    "page=x",
    "rfi_status=OPEN",
    "subject_type=ACCOUNT",
    "action_required=maybe",
    "updated_from=yesterday",
  ])("%s is 400 in the flat envelope", async (query) => {
    const r = await answer(mock, "GET", `${C}/rfi-cases`, { query });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ status: 400, instance: `${C}/rfi-cases` });
    expect(r.body.detail).toContain(query.split("=")[0]);
  });

  test("size 1 gives one case", async () => {
    expect((await answer(mock, "GET", `${C}/rfi-cases`, { query: "size=1" })).body.list).toHaveLength(1);
  });

  test("size 100 gives every case", async () => {
    expect((await answer(mock, "GET", `${C}/rfi-cases`, { query: "size=100" })).body.list).toHaveLength(24);
  });

  test("a customer with no cases gets an empty list", async () => {
    expect((await answer(mock, "GET", "/v1/customers/nobody/rfi-cases")).body).toEqual({ list: [], total: 0 });
  });
});

describe("fixture file", () => {
  test("a replacement fixture is what the list serves", async () => {
    const file = path.join(dir, "mine.json");
    writeFileSync(file, JSON.stringify({ customers: { "cust-9": [seeded[0]] } }));
    const { mock } = await testMock({ rfiFixture: file });
    expect((await answer(mock, "GET", "/v1/customers/cust-9/rfi-cases")).body.list).toEqual([seeded[0]]);
    expect((await answer(mock, "GET", `${C}/rfi-cases`)).body.total).toBe(0);
  });

  test.each([
    ["not JSON", "{", /JSON/],
    ["no customers object", "[]", /customers/],
    [
      "a case the document refuses",
      JSON.stringify({ customers: { c: [{ ...seeded[0], rfi_status: "OPEN" }] } }),
      /rfi_status/,
    ],
    [
      "a case without updated_at",
      JSON.stringify({ customers: { c: [{ ...seeded[0], updated_at: undefined }] } }),
      /updated_at/,
    ],
    [
      "an updated_at that is not a date-time",
      JSON.stringify({ customers: { c: [{ ...seeded[0], updated_at: "yesterday" }] } }),
      /updated_at/,
    ],
    ["a case_id twice", JSON.stringify({ customers: { c: [seeded[0], seeded[0]] } }), /twice/],
  ])("%s is refused at start, naming the file", async (_name, text, message) => {
    const file = path.join(dir, "bad.json");
    writeFileSync(file, text);
    const started = testMock({ rfiFixture: file });
    await expect(started).rejects.toThrow(RfiFixtureError);
    await expect(started).rejects.toThrow(message);
    await expect(started).rejects.toThrow("bad.json");
  });

  test("defaults to the file shipped beside the module", () => {
    expect(path.basename(DEFAULT_RFI_FIXTURE)).toBe("rfi-cases.json");
  });
});
