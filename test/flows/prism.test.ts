// The flow helpers against the Prism mock of the document, wherever a stateless mock can answer:
// paging and filters, the case read, answers, uploads (also signed, through the signature front),
// quote and execute, reconciliation reads, external accounts, and documented errors via Prefer.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  answerRfiCase,
  createClient,
  createExternalAccount,
  createQuote,
  createRfiPoller,
  executeQuote,
  getRfiCase,
  handleRfiWebhook,
  resolveExecuteOutcome,
  rfiCasePages,
  uploadBusinessControllerDocument,
  uploadBusinessDocument,
  uploadIndividualDocument,
  type ApiClient,
  type FetchLike,
} from "../../src/index.ts";
import type { RunningFront } from "../../src/mock/front.ts";
import { SIGNING_SCHEME } from "../../src/signing/index.ts";
import type { PrismInProcess } from "../mock/prismInProcess.ts";
import { startPrismBehindFront } from "../mock/support.ts";
import { bankAccount, CUSTOMER, passThroughFetch } from "./helpers.ts";

// Values of the document's examples, which Prism serves.
const EXAMPLE_CASE = "9b2f6c1a-5d7e-4f80-a1b2-c3d4e5f60718";
const EXAMPLE_QUOTE = "3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69";
// The example quote's expire_time lies 30 s after the time it was made.
const EXAMPLE_QUOTE_TIME = Date.parse("2099-01-01T00:00:30Z") - 30_000;

let prism: PrismInProcess;
let front: RunningFront;
const creds = { accessKey: "AK-flows", secretKey: randomBytes(32).toString("base64url") };
let stop = async () => {};
// Identical signed requests may fall in one second here: replay refusal is tested in
// test/mock/hardening/replay-and-future.test.ts.
beforeAll(async () => {
  ({ prism, front, stop } = await startPrismBehindFront(creds, { replay: "allow" }));
});
afterAll(() => stop());

/** A sandbox client straight to Prism; `prefer` asks Prism for a documented status on the methods given. */
function sandbox(prefer?: { code: number; methods: string[] }) {
  const wire = passThroughFetch();
  const fetch: FetchLike = (url, init) => {
    if (prefer?.methods.includes(init.method!)) (init.headers as Headers).set("Prefer", `code=${prefer.code}`);
    return wire.fetch(url, init);
  };
  const client: ApiClient = createClient({
    baseUrl: prism.url,
    credentials: { bearerToken: "sandbox-token" },
    fetch,
    retry: false,
  });
  return { client, sent: wire.sent };
}

/** A production client through the signature front, recording what it sends and the status it gets. */
function production() {
  const wire = passThroughFetch();
  const client = createClient({ baseUrl: front.url, credentials: creds, fetch: wire.fetch, retry: false });
  return { client, sent: wire.sent };
}

const accepted = (sent: { violations: string | null }[]) =>
  expect(sent.map((s) => s.violations)).toEqual(sent.map(() => null));

describe("RFI against Prism", () => {
  test("pages through the list with the filters, which Prism accepts", async () => {
    const { client, sent } = sandbox();
    const pages = [];
    for await (const page of rfiCasePages(client, {
      customerId: CUSTOMER,
      size: 1,
      filters: {
        subject_type: "RECIPIENT",
        rfi_status: ["ACTION_REQUIRED", "PENDING_REVIEW"],
        action_required: true,
        updated_from: "2026-11-21T00:00:00Z",
        subject_id: "rcp-1",
      },
    })) {
      pages.push(page);
    }
    expect(pages.map((p) => [p.page, p.total, p.list.map((c) => c.case_id)])).toEqual([[1, 1, [EXAMPLE_CASE]]]);
    expect(sent[0]!.url.search).toBe(
      "?subject_type=RECIPIENT&rfi_status=ACTION_REQUIRED,PENDING_REVIEW&action_required=true" +
        "&updated_from=2026-11-21T00%3A00%3A00Z&subject_id=rcp-1&page=1&size=1",
    );
    accepted(sent);
  });

  test("reads one case by the case_id filter, and the webhook helper returns it", async () => {
    const { client, sent } = sandbox();
    expect((await getRfiCase(client, { customerId: CUSTOMER, caseId: EXAMPLE_CASE }))?.rfi_status).toBe(
      "ACTION_REQUIRED",
    );
    expect((await handleRfiWebhook(client, { customerId: CUSTOMER, caseId: EXAMPLE_CASE })).case_id).toBe(EXAMPLE_CASE);
    expect(sent.map((s) => s.url.searchParams.get("case_id"))).toEqual([EXAMPLE_CASE, EXAMPLE_CASE]);
    accepted(sent);
  });

  test("the poller returns the case once: Prism's repeat of it at the cursor is dropped", async () => {
    const { client, sent } = sandbox();
    const poller = createRfiPoller(client, { customerId: CUSTOMER });
    expect((await poller.poll()).map((c) => c.case_id)).toEqual([EXAMPLE_CASE]);
    expect(await poller.poll()).toEqual([]);
    expect(sent[1]!.url.searchParams.get("updated_from")).toBe("2026-11-21T08:15:42.000Z");
    accepted(sent);
  });

  test("a TEXT and a FILE answer are accepted", async () => {
    const { client, sent } = sandbox();
    await answerRfiCase(client, {
      customerId: CUSTOMER,
      caseId: EXAMPLE_CASE,
      answer: { type: "TEXT", fields: { answer: "Supplier since 2019" } },
    });
    await answerRfiCase(client, {
      customerId: CUSTOMER,
      caseId: EXAMPLE_CASE,
      answer: {
        type: "FILE",
        fields: { note: "invoice" },
        fileField: "file",
        file: { data: new TextEncoder().encode("%PDF-1.7"), fileName: "invoice.pdf", mimeType: "application/pdf" },
      },
    });
    expect(sent.map((s) => s.status)).toEqual([200, 200]);
    accepted(sent);
  });

  test("a signed FILE answer passes the signature front", async () => {
    // The front answers 401 unless the multipart bytes that arrive are the bytes signed.
    const { client, sent } = production();
    const file = {
      data: new Uint8Array(randomBytes(8 * 1024)),
      fileName: "Kontoauszug März.pdf",
      mimeType: "application/pdf",
    };
    await answerRfiCase(client, {
      customerId: CUSTOMER,
      caseId: EXAMPLE_CASE,
      answer: { type: "FILE", fileField: "file", file },
    });
    expect(sent.map((s) => s.status)).toEqual([200]);
    expect(sent[0]!.headers.get("Authorization")).toMatch(new RegExp(`^${SIGNING_SCHEME} ${creds.accessKey}:`));
    expect(Buffer.from(sent[0]!.body!).includes(Buffer.from(file.data))).toBe(true);
    accepted(sent);
  });

  test("401 and 429 are thrown as ApiErrors", async () => {
    for (const code of [401, 429]) {
      const { client } = sandbox({ code, methods: ["GET"] });
      await expect(getRfiCase(client, { customerId: CUSTOMER, caseId: EXAMPLE_CASE })).rejects.toMatchObject({
        name: "ApiError",
        status: code,
      });
    }
  });
});

describe("uploads against Prism", () => {
  const pdf = new TextEncoder().encode("%PDF-1.7 memorandum of association");
  const file = { data: pdf, fileName: "Gesellschaftsvertrag ä €.pdf", mimeType: "application/pdf" };
  const target = { mainAccountId: "acc-main-1", subAccountId: "sub-1", documentType: "MEMORANDUM_OF_ASSOCIATION" };

  test("the three uploads are accepted as raw bytes with a non-ASCII file name", async () => {
    const { client, sent } = sandbox();
    await uploadBusinessDocument(client, target, file);
    await uploadBusinessControllerDocument(client, { ...target, controllerId: "ctl-1" }, file);
    await uploadIndividualDocument(client, target, { ...file, data: new Blob([pdf]) });
    expect(sent.map((s) => Math.floor(s.status / 100))).toEqual([2, 2, 2]);
    accepted(sent);
  });

  test("signed uploads pass the signature front with the exact bytes", async () => {
    const { client, sent } = production();
    const bytes = new Uint8Array(randomBytes(64 * 1024));
    await uploadBusinessDocument(client, target, { ...file, data: bytes });
    await uploadIndividualDocument(client, target, {
      ...file,
      data: new Blob([bytes], { type: "image/png" }),
      mimeType: undefined,
    });
    expect(sent.map((s) => Math.floor(s.status / 100))).toEqual([2, 2]);
    expect(sent.map((s) => s.headers.get("Content-Type"))).toEqual(["application/pdf", "image/png"]);
    for (const s of sent) expect(Buffer.from(s.body!).equals(bytes)).toBe(true);
    accepted(sent);
  });

  test("a documented 401 is thrown as an ApiError of the v2 envelope", async () => {
    const { client } = sandbox({ code: 401, methods: ["PUT"] });
    await expect(uploadBusinessDocument(client, target, file)).rejects.toMatchObject({
      name: "ApiError",
      status: 401,
      envelope: "v2",
      code: "UNAUTHORIZED",
    });
  });
});

describe("conversions against Prism", () => {
  const input = {
    customerId: CUSTOMER,
    from_asset: {},
    to_asset: {},
    amountFields: ["pay_amount", "receive_amount"],
    amount: { pay_amount: "100" },
  } as const;
  // The examples are fixed in time: the helpers' clock is set to the example quote's issue time.
  const clock = { now: () => EXAMPLE_QUOTE_TIME + 1_000 };

  test("quote then execute: the order is created, PENDING", async () => {
    const { client, sent } = sandbox();
    const quote = await createQuote(client, input, { clock });
    expect(quote).toMatchObject({ quoteId: EXAMPLE_QUOTE, validitySource: "expire_time" });
    const result = await executeQuote(client, quote, { clock });
    expect(result).toMatchObject({ outcome: "created", order: { order_status: "PENDING" } });
    accepted(sent);
  });

  test("the example quote, checked at its own expiry, is refused without a request", async () => {
    const { client, sent } = sandbox();
    const quote = await createQuote(client, input, { clock });
    await expect(
      executeQuote(client, quote, { clock: { now: () => EXAMPLE_QUOTE_TIME + 30_000 } }),
    ).rejects.toMatchObject({ name: "QuoteExpiredError" });
    expect(sent).toHaveLength(1);
  });

  test.each([
    [400, "00000001"],
    [408, "00020000"],
    [500, "00000000"],
  ])("Create Quote %i is thrown with code %s", async (code, errorCode) => {
    const { client } = sandbox({ code, methods: ["POST"] });
    await expect(createQuote(client, input, { clock })).rejects.toMatchObject({
      name: "ApiError",
      status: code,
      code: errorCode,
    });
  });

  test.each([
    [409, "already-consumed", "00000006"],
    [400, "refused", "00000010"],
    [401, "refused", "00010000"],
    [500, "unknown", undefined],
  ])("Execute Quote %i is the %s outcome", async (code, outcome, errorCode) => {
    const quote = await createQuote(sandbox().client, input, { clock });
    const { client } = sandbox({ code, methods: ["POST"] });
    const result = await executeQuote(client, quote, { clock });
    expect(result.outcome).toBe(outcome);
    if (result.outcome === "already-consumed" || result.outcome === "refused")
      expect(result.error.code).toBe(errorCode);
    expect(result.record).toMatchObject({
      customerId: CUSTOMER,
      quoteId: EXAMPLE_QUOTE,
      amount: { field: "pay_amount", value: "100" },
    });
  });

  test("reconciliation reads Get Conversion and matches the example's quote_id", async () => {
    const { client, sent } = sandbox();
    const record = { customerId: CUSTOMER, quoteId: EXAMPLE_QUOTE, requestTime: new Date(EXAMPLE_QUOTE_TIME) };
    const result = await resolveExecuteOutcome(client, record, {
      listTransactions: async () => ({ items: [{ transaction_id: "8d7c6b5a-4f3e-4d2c-8b1a-0f9e8d7c6b5a" }] }),
    });
    expect(result).toMatchObject({ status: "found", transactionId: "8d7c6b5a-4f3e-4d2c-8b1a-0f9e8d7c6b5a" });
    expect(sent.map((s) => s.method)).toEqual(["GET"]);
    accepted(sent);
  });
});

describe("external accounts against Prism", () => {
  test("created under a generated key", async () => {
    const { client, sent } = sandbox();
    const result = await createExternalAccount(client, { customerId: CUSTOMER, account: bankAccount });
    expect(result).toMatchObject({ status: "created", account: { institution_name: "Example National Bank" } });
    accepted(sent);
  });

  test("a documented 409 is recovered through the idempotency_key query", async () => {
    const { client, sent } = sandbox({ code: 409, methods: ["POST"] });
    const result = await createExternalAccount(client, { customerId: CUSTOMER, account: bankAccount });
    expect(result).toMatchObject({ status: "recovered", after: "conflict" });
    expect(sent.map((s) => [s.method, s.status])).toEqual([
      ["POST", 409],
      ["GET", 200],
    ]);
    expect(sent[1]!.url.searchParams.get("idempotency_key")).toBe(result.idempotencyKey);
    accepted(sent);
  });

  test("a documented 400 (00020008) is thrown", async () => {
    const { client } = sandbox({ code: 400, methods: ["POST"] });
    await expect(createExternalAccount(client, { customerId: CUSTOMER, account: bankAccount })).rejects.toMatchObject({
      name: "ApiError",
      code: "00020008",
    });
  });
});
