// RFI cases in the stateful mock: every documented filter with AND, page/size defaults and bounds,
// RECIPIENT results newest update first, updated_from inclusive, and a fixture the user can replace.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { StatefulMock } from "../../src/mock/stateful/index.ts";
import { DEFAULT_RFI_FIXTURE } from "../../src/mock/stateful/options.ts";
import { instant } from "../../src/mock/stateful/instant.ts";
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

describe("filters", () => {
  test("the seeded fixture has both kinds, several statuses and shared update times (so each filter can fail)", () => {
    expect(new Set(seeded.map((c) => c.subject.type))).toEqual(new Set(["RECIPIENT", "TRANSACTION"]));
    expect(new Set(seeded.map((c) => c.rfi_status)).size).toBe(5);
    expect(new Set(seeded.map((c) => c.updated_at)).size).toBeLessThan(seeded.length);
  });

  test("subject_type keeps only that kind; left out, both kinds come", () => {
    expect(all({ subject_type: "TRANSACTION" }).list.every((c) => c.subject.type === "TRANSACTION")).toBe(true);
    expect(all({}).total).toBe(seeded.length);
  });

  test("subject_id, case_id: exact match", () => {
    const target = seeded[4]!;
    expect(all({ case_id: target.case_id }).list).toEqual([target]);
    expect(all({ case_id: target.case_id.slice(0, 8) }).total).toBe(0);
    expect(all({ subject_id: target.subject.id }).list.every((c) => c.subject.id === target.subject.id)).toBe(true);
    expect(all({ subject_id: target.subject.id }).total).toBe(
      seeded.filter((c) => c.subject.id === target.subject.id).length,
    );
  });

  test("action_required true and false split the cases between them", () => {
    const yes = all({ action_required: true });
    const no = all({ action_required: false });
    expect(yes.list.every((c) => c.rfi_status === "ACTION_REQUIRED")).toBe(true);
    expect(no.list.some((c) => c.rfi_status === "ACTION_REQUIRED")).toBe(false);
    expect(yes.total + no.total).toBe(seeded.length);
  });

  test("rfi_status takes a list: any of its values", () => {
    const r = all({ rfi_status: ["CLOSED", "REJECTED"] });
    expect(r.total).toBe(seeded.filter((c) => c.rfi_status === "CLOSED" || c.rfi_status === "REJECTED").length);
    expect(r.list.every((c) => ["CLOSED", "REJECTED"].includes(c.rfi_status))).toBe(true);
  });

  test("updated_from is inclusive: a case updated exactly then is in, one a nanosecond earlier is out", () => {
    const edge = "2026-11-04T08:47:00+00:00";
    const at = all({ updated_from: "2026-11-04T08:47:00Z" });
    expect(at.list.filter((c) => c.updated_at === edge)).toHaveLength(3);
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
    const expected = seeded.filter(
      (c) =>
        c.subject.type === "RECIPIENT" &&
        c.rfi_status === "ACTION_REQUIRED" &&
        instant(c.updated_at)! >= instant(q.updated_from)!,
    );
    expect(expected.length).toBeGreaterThan(1);
    expect(new Set(ids(all(q).list))).toEqual(new Set(ids(expected)));
  });
});

describe("order and paging", () => {
  test("with subject_type RECIPIENT the most recent update comes first (ties keep stored order)", () => {
    const list = all({ subject_type: "RECIPIENT" }).list;
    const times = list.map((c) => instant(c.updated_at)!);
    expect(times).toEqual([...times].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    expect(ids(list)).not.toEqual(ids(seeded.filter((c) => c.subject.type === "RECIPIENT")));
  });

  test('without it the fixture order stands, or newest first with rfiOrder "updated-desc"', () => {
    expect(ids(all({}).list)).toEqual(ids(seeded));
    const sorted = listRfiCases(seeded, { size: 100 }, { ...rules, order: "updated-desc" }).list;
    expect(sorted[0]!.updated_at >= sorted.at(-1)!.updated_at).toBe(true);
  });

  test("page defaults to 1 and size to 10; total counts every match; pages do not overlap", () => {
    const first = listRfiCases(seeded, {}, rules);
    expect(first.list).toHaveLength(10);
    expect(first.total).toBe(seeded.length);
    const pages = [1, 2, 3].map((page) => listRfiCases(seeded, { page, size: 10 }, rules).list);
    expect(ids(pages.flat())).toEqual(ids(seeded));
    expect(listRfiCases(seeded, { page: 9, size: 10 }, rules)).toEqual({ list: [], total: seeded.length });
  });
});

describe("through the list operation", () => {
  let mock: StatefulMock;
  beforeAll(async () => void ({ mock } = await testMock()));

  test("answers 200 with the list envelope, the comma-separated rfi_status and the boolean filter parsed", async () => {
    const r = await answer(mock, "GET", `${C}/rfi-cases`, {
      query: "rfi_status=ACTION_REQUIRED,PENDING_REVIEW&action_required=false&size=100",
    });
    expect(r.status).toBe(200);
    expect(r.body.list.every((c: RfiCase) => c.rfi_status === "PENDING_REVIEW")).toBe(true);
    expect(r.body.total).toBe(seeded.filter((c) => c.rfi_status === "PENDING_REVIEW").length);
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

  test("size 1 and 100 are allowed; a customer with no cases gets an empty list", async () => {
    expect((await answer(mock, "GET", `${C}/rfi-cases`, { query: "size=1" })).body.list).toHaveLength(1);
    expect((await answer(mock, "GET", `${C}/rfi-cases`, { query: "size=100" })).body.list).toHaveLength(seeded.length);
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
  ])("%s is refused at start with the file and the case named", async (_name, text, message) => {
    const file = path.join(dir, "bad.json");
    writeFileSync(file, text);
    const started = testMock({ rfiFixture: file });
    await expect(started).rejects.toThrow(RfiFixtureError);
    await expect(started).rejects.toThrow(message);
    await expect(started).rejects.toThrow("bad.json");
  });

  test("the default fixture is the file shipped beside the module", () => {
    expect(path.basename(DEFAULT_RFI_FIXTURE)).toBe("rfi-cases.json");
  });
});
