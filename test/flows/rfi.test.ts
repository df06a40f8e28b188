// RFI helpers over an injected fetch: paging, the case read, the poller's boundary repeats, the
// webhook read-back and answers. Prism-backed checks are in prism.test.ts.
import { describe, expect, test } from "vitest";
import {
  answerRfiCase,
  createRfiPoller,
  getRfiCase,
  handleRfiWebhook,
  InvalidRfiQueryError,
  InvalidUploadError,
  RequirementIdNotAllowedError,
  RfiCaseNotFoundError,
  rfiCasePages,
  rfiCases,
} from "../../src/index.ts";
import { CUSTOMER, expectedAuthorization, json, rfiCase, stubClient } from "./helpers.ts";

const page = (list: unknown[], total: number) => json(200, { list, total });
const collect = async <T>(it: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
};

describe("rfiCasePages", () => {
  test("reads every page until total, passing the filters through", async () => {
    const { client, sent } = stubClient([
      page([rfiCase("a", "2026-11-21T08:00:00Z"), rfiCase("b", "2026-11-21T08:00:01Z")], 5),
      page([rfiCase("c", "2026-11-21T08:00:02Z"), rfiCase("d", "2026-11-21T08:00:03Z")], 5),
      page([rfiCase("e", "2026-11-21T08:00:04Z")], 5),
    ]);
    const pages = await collect(
      rfiCasePages(client, {
        customerId: CUSTOMER,
        size: 2,
        filters: {
          subject_type: "RECIPIENT",
          action_required: true,
          rfi_status: ["ACTION_REQUIRED", "PENDING_REVIEW"],
          subject_id: "rcp-1",
        },
      }),
    );
    expect(pages.map((p) => [p.page, p.list.map((c) => c.case_id)])).toEqual([
      [1, ["a", "b"]],
      [2, ["c", "d"]],
      [3, ["e"]],
    ]);
    expect(sent).toHaveLength(3);
    for (const [i, s] of sent.entries()) {
      expect(s.url.pathname).toBe(`/v1/customers/${CUSTOMER}/rfi-cases`);
      expect(Object.fromEntries(s.url.searchParams)).toEqual({
        subject_type: "RECIPIENT",
        action_required: "true",
        rfi_status: "ACTION_REQUIRED,PENDING_REVIEW",
        subject_id: "rcp-1",
        page: String(i + 1),
        size: "2",
      });
    }
  });

  test("asks for 100 cases per page by default and stops on a short page", async () => {
    const { client, sent } = stubClient([page([rfiCase("a", "2026-11-21T08:00:00Z")], 40)]);
    expect((await collect(rfiCases(client, { customerId: CUSTOMER }))).map((c) => c.case_id)).toEqual(["a"]);
    expect(sent[0]!.url.searchParams.get("size")).toBe("100");
    expect(sent).toHaveLength(1);
  });

  test("stops on an empty page even when total says there are more", async () => {
    const { client, sent } = stubClient([page([rfiCase("a", "2026-11-21T08:00:00Z")], 9), page([], 9)]);
    expect(await collect(rfiCases(client, { customerId: CUSTOMER, size: 1 }))).toHaveLength(1);
    expect(sent).toHaveLength(2);
  });

  test("throws the error response as an ApiError", async () => {
    const { client } = stubClient([json(401, { code: "00010000", status: 401, trace_id: "t-1" })]);
    await expect(collect(rfiCases(client, { customerId: CUSTOMER }))).rejects.toMatchObject({
      name: "ApiError",
      status: 401,
      code: "00010000",
      traceId: "t-1",
    });
  });

  test.each([
    ["size", { size: 0 }],
    ["size", { size: 101 }],
    ["size", { size: 2.5 }],
    ["page", { firstPage: 0 }],
    ["page", { firstPage: -1 }],
  ])("refuses a bad %s before any request (%o)", async (parameter, bad) => {
    const { client, sent } = stubClient([page([], 0)]);
    const error = await collect(rfiCasePages(client, { customerId: CUSTOMER, ...bad })).catch((e) => e);
    expect(error).toBeInstanceOf(InvalidRfiQueryError);
    expect(error.parameter).toBe(parameter);
    expect(sent).toHaveLength(0);
  });
});

describe("getRfiCase and handleRfiWebhook", () => {
  test("reads one case through the exact case_id filter", async () => {
    const { client, sent } = stubClient([page([rfiCase("case-7", "2026-11-21T08:00:00Z")], 1)]);
    expect((await getRfiCase(client, { customerId: CUSTOMER, caseId: "case-7" }))?.case_id).toBe("case-7");
    expect(Object.fromEntries(sent[0]!.url.searchParams)).toEqual({ case_id: "case-7" });
  });

  test("undefined when the list does not return that case", async () => {
    const { client } = stubClient([page([rfiCase("other", "2026-11-21T08:00:00Z")], 1)]);
    expect(await getRfiCase(client, { customerId: CUSTOMER, caseId: "case-7" })).toBeUndefined();
  });

  test("refuses an empty case id before any request", async () => {
    const { client, sent } = stubClient([page([], 0)]);
    await expect(getRfiCase(client, { customerId: CUSTOMER, caseId: "" })).rejects.toBeInstanceOf(InvalidRfiQueryError);
    await expect(handleRfiWebhook(client, { customerId: CUSTOMER, caseId: "" })).rejects.toBeInstanceOf(
      InvalidRfiQueryError,
    );
    expect(sent).toHaveLength(0);
  });

  test("the webhook helper returns the case as read now, not as the event described it", async () => {
    const current = rfiCase("case-7", "2026-11-21T09:00:00Z", "PENDING_REVIEW");
    const { client, sent } = stubClient([page([current], 1)]);
    expect(await handleRfiWebhook(client, { customerId: CUSTOMER, caseId: "case-7" })).toEqual(current);
    expect(sent).toHaveLength(1);
  });

  test("the webhook helper throws RfiCaseNotFoundError when the case is not listed", async () => {
    const { client } = stubClient([page([], 0)]);
    await expect(handleRfiWebhook(client, { customerId: CUSTOMER, caseId: "case-7" })).rejects.toBeInstanceOf(
      RfiCaseNotFoundError,
    );
  });
});

describe("createRfiPoller", () => {
  test("keeps its updated_from cursor and drops the inclusive bound's repeats by case_id + updated_at", async () => {
    const t1 = "2026-11-21T08:00:00Z";
    const t2 = "2026-11-21T08:05:00.250Z";
    const t3 = "2026-11-21T08:09:00Z";
    const { client, sent } = stubClient([
      page([rfiCase("a", t1), rfiCase("b", t2)], 2),
      // b again at the bound, c new at the same instant, a changed since.
      page([rfiCase("b", t2), rfiCase("c", t2), rfiCase("a", t3)], 3),
      page([rfiCase("a", t3)], 1),
    ]);
    const poller = createRfiPoller(client, { customerId: CUSTOMER, filters: { action_required: true } });
    expect((await poller.poll()).map((c) => c.case_id)).toEqual(["a", "b"]);
    expect(sent[0]!.url.searchParams.has("updated_from")).toBe(false);
    expect(poller.state().updatedFrom).toBe("2026-11-21T08:05:00.250Z");

    expect((await poller.poll()).map((c) => [c.case_id, c.updated_at])).toEqual([
      ["c", t2],
      ["a", t3],
    ]);
    expect(sent[1]!.url.searchParams.get("updated_from")).toBe("2026-11-21T08:05:00.250Z");
    expect(sent[1]!.url.searchParams.get("action_required")).toBe("true");

    expect(await poller.poll()).toEqual([]);
    expect(sent[2]!.url.searchParams.get("updated_from")).toBe("2026-11-21T08:09:00.000Z");
    expect(poller.state()).toEqual({ updatedFrom: "2026-11-21T08:09:00.000Z", boundary: [`a\n${t3}`] });
  });

  test("drops repeats across pages of one poll, and converts offsets to a UTC cursor", async () => {
    const { client } = stubClient([
      page([rfiCase("a", "2026-11-21T10:00:00+02:00")], 2),
      page([rfiCase("a", "2026-11-21T10:00:00+02:00")], 2),
    ]);
    const poller = createRfiPoller(client, { customerId: CUSTOMER, size: 1 });
    expect(await poller.poll()).toHaveLength(1);
    expect(poller.state().updatedFrom).toBe("2026-11-21T08:00:00.000Z");
  });

  test("a restarted poller resumes from the saved state and still drops the boundary repeat", async () => {
    const t = "2026-11-21T08:05:00Z";
    const { client, sent } = stubClient([page([rfiCase("b", t)], 1)]);
    const saved = { updatedFrom: "2026-11-21T08:05:00.000Z", boundary: [`b\n${t}`] };
    const poller = createRfiPoller(client, { customerId: CUSTOMER, start: saved });
    expect(await poller.poll()).toEqual([]);
    expect(sent[0]!.url.searchParams.get("updated_from")).toBe(saved.updatedFrom);
    expect(poller.state()).toEqual(saved);
  });

  test("refuses a malformed start time or size at creation, before any request", () => {
    const { client, sent } = stubClient([page([], 0)]);
    expect(() => createRfiPoller(client, { customerId: CUSTOMER, start: { updatedFrom: "yesterday" } })).toThrow(
      InvalidRfiQueryError,
    );
    expect(() => createRfiPoller(client, { customerId: CUSTOMER, size: 500 })).toThrow(InvalidRfiQueryError);
    expect(sent).toHaveLength(0);
  });
});

describe("answerRfiCase", () => {
  const url = `/v1/customers/${CUSTOMER}/rfi-cases/case-7/submissions`;

  test("TEXT: a JSON object of the caller's fields", async () => {
    const { client, sent } = stubClient([json(200, {})]);
    await answerRfiCase(client, {
      customerId: CUSTOMER,
      caseId: "case-7",
      answer: { type: "TEXT", fields: { answer: "Supplier since 2019" } },
    });
    expect(sent[0]!.url.pathname).toBe(url);
    expect(sent[0]!.headers.get("Content-Type")).toBe("application/json");
    expect(JSON.parse(new TextDecoder().decode(sent[0]!.body!))).toEqual({ answer: "Supplier since 2019" });
  });

  test("FILE: multipart/form-data with the fields and the named file part, signed over the bytes sent", async () => {
    const { client, sent } = stubClient([json(200, {})]);
    const bytes = new TextEncoder().encode("%PDF-1.7 invoice");
    await answerRfiCase(client, {
      customerId: CUSTOMER,
      caseId: "case-7",
      answer: {
        type: "FILE",
        fields: { document_type: "INVOICE" },
        fileField: "file",
        file: { data: bytes, fileName: "invoice.pdf", mimeType: "application/pdf" },
      },
    });
    const s = sent[0]!;
    expect(s.headers.get("Content-Type")).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Response(s.body, { headers: { "Content-Type": s.headers.get("Content-Type")! } }).formData();
    expect(form.get("document_type")).toBe("INVOICE");
    const file = form.get("file") as File;
    expect(file.name).toBe("invoice.pdf");
    expect(file.type).toBe("application/pdf");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
    expect(form.has("requirement_id")).toBe(false);
    expect(s.headers.get("Authorization")).toBe(expectedAuthorization(s));
  });

  test.each([
    ["TEXT fields", { type: "TEXT" as const, fields: { requirement_id: "req-1", answer: "x" } as never }],
    [
      "FILE fields",
      {
        type: "FILE" as const,
        fields: { requirement_id: "req-1" } as never,
        fileField: "file",
        file: { data: new Uint8Array([1]), fileName: "a.pdf", mimeType: "application/pdf" },
      },
    ],
    [
      "FILE part name",
      {
        type: "FILE" as const,
        fileField: "requirement_id",
        file: { data: new Uint8Array([1]), fileName: "a.pdf", mimeType: "application/pdf" },
      },
    ],
  ])("refuses requirement_id in the %s before any request", async (_, answer) => {
    const { client, sent } = stubClient([json(200, {})]);
    await expect(answerRfiCase(client, { customerId: CUSTOMER, caseId: "case-7", answer })).rejects.toBeInstanceOf(
      RequirementIdNotAllowedError,
    );
    expect(sent).toHaveLength(0);
  });

  test("requirement_id is also a type error", () => {
    // @ts-expect-error requirement_id must not be sent
    const fields: Parameters<typeof answerRfiCase>[1]["answer"] = { type: "TEXT", fields: { requirement_id: "req-1" } };
    expect(fields.type).toBe("TEXT");
  });

  test("refuses an empty FILE before any request", async () => {
    const { client, sent } = stubClient([json(200, {})]);
    const error = await answerRfiCase(client, {
      customerId: CUSTOMER,
      caseId: "case-7",
      answer: {
        type: "FILE",
        fileField: "file",
        file: { data: new Uint8Array(0), fileName: "a.pdf", mimeType: "application/pdf" },
      },
    }).catch((e) => e);
    expect(error).toBeInstanceOf(InvalidUploadError);
    expect(error.reason).toBe("empty-file");
    expect(sent).toHaveLength(0);
  });
});
