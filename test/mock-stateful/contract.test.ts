// Every answer of the stateful mode, success or refusal, is what the document says that operation
// answers with that status: the body validates against the documented response schema. The few
// statuses the document does not list for an operation are named here and must still be the
// operation family's error envelope.
import { afterAll, expect, test } from "vitest";
import type { Reply, StatefulMock } from "../../src/mock/stateful/index.ts";
import { deref, listOperations, loadBundle } from "../helpers/document.ts";
import { pointer, schemaValidator } from "../helpers/validator.ts";
import { C, KEY, P, answer, bankAccount, newQuote, quoteBody, testMock } from "./support.ts";

const doc = loadBundle();
const validator = schemaValidator(doc);
const operations = new Map(listOperations(doc).map((o) => [o.operationId, o]));

/** Statuses the mock answers that the operation does not document (the reference gives no status for these cases). */
const UNDOCUMENTED: Record<string, number[]> = {
  listRfiCases: [400],
  listExternalAccounts: [400, 404],
};

const seen: { operationId: string; status: number }[] = [];

function schemaPointerFor(operationId: string, status: number): string | undefined {
  const found = operations.get(operationId)!;
  const responses = found.op.responses;
  const key = [String(status), `${String(status)[0]}XX`, "default"].find((k) => responses[k]);
  if (!key) return undefined;
  let ref = responses[key];
  let at = pointer("paths", found.path, found.method, "responses", key);
  while (typeof ref?.$ref === "string") {
    at = ref.$ref.slice(1);
    ref = deref(doc, { $ref: ref.$ref });
  }
  return `${at}/content/application~1json/schema`;
}

function check(operationId: string, r: Reply) {
  seen.push({ operationId, status: r.status });
  const documented = schemaPointerFor(operationId, r.status);
  if (documented) {
    expect(validator.validate(documented, r.body), `${operationId} ${r.status}`).toBeNull();
  } else {
    expect(
      UNDOCUMENTED[operationId] ?? [],
      `${operationId} answered ${r.status}, which the document does not list`,
    ).toContain(r.status);
    const envelope =
      operationId.startsWith("createPortfolio") || operationId.startsWith("getPortfolio")
        ? "PortfolioError"
        : "FlatError";
    expect(
      validator.validate(pointer("components", "schemas", envelope), r.body),
      `${operationId} ${r.status}`,
    ).toBeNull();
  }
}

let mock: StatefulMock;
const run = async (operationId: string, method: string, path: string, c: Parameters<typeof answer>[3] = {}) => {
  const r = await answer(mock, method, path, c);
  check(operationId, r);
  return r;
};

afterAll(() => {
  // The scenarios below reach every operation the stateful mode answers.
  expect(new Set(seen.map((s) => s.operationId)).size).toBe(9);
});

test("customer conversions", async () => {
  const from = seen.length;
  ({ mock } = await testMock());
  const quoteId = await newQuote(mock);
  await run("createQuote", "POST", `${C}/conversions/quote`, { body: quoteBody() });
  await run("createQuote", "POST", `${C}/conversions/quote`, { body: quoteBody({}) });
  await run("createQuote", "POST", `${C}/conversions/quote`, { body: { to_asset: {} } });
  const order = await run("executeQuote", "POST", `${C}/conversions/hedge`, { body: { quote_id: quoteId } });
  await run("executeQuote", "POST", `${C}/conversions/hedge`, { body: { quote_id: quoteId } });
  await run("executeQuote", "POST", `${C}/conversions/hedge`, { body: { quote_id: "nope" } });
  await run("executeQuote", "POST", `${C}/conversions/hedge`, {
    body: { quote_id: "3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69" },
  });
  await run("getConversion", "GET", `${C}/conversions/order`, { query: `transaction_id=${order.body.transaction_id}` });
  await run("getConversion", "GET", `${C}/conversions/order`, { query: "transaction_id=x" });
  await run("getConversion", "GET", `${C}/conversions/order`, {
    query: "transaction_id=3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69",
  });
  expect(seen.slice(from).map((s) => s.status)).toEqual([201, 400, 400, 201, 409, 400, 400, 200, 400, 404]);
});

test("external accounts", async () => {
  const from = seen.length;
  ({ mock } = await testMock());
  await run("createExternalAccount", "POST", `${C}/external-accounts`, {
    body: bankAccount,
    headers: { "Idempotency-Key": KEY },
  });
  await run("createExternalAccount", "POST", `${C}/external-accounts`, {
    body: bankAccount,
    headers: { "Idempotency-Key": KEY },
  });
  await run("createExternalAccount", "POST", `${C}/external-accounts`, {
    body: { ...bankAccount, institution_id: "1" },
    headers: { "Idempotency-Key": "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed" },
  });
  await run("createExternalAccount", "POST", `${C}/external-accounts`, { body: bankAccount });
  await run("listExternalAccounts", "GET", `${C}/external-accounts`, { query: `idempotency_key=${KEY}` });
  await run("listExternalAccounts", "GET", `${C}/external-accounts`, { query: "idempotency_key=x" });
  ({ mock } = await testMock({ externalAccountListShape: "account" }));
  await run("listExternalAccounts", "GET", `${C}/external-accounts`, { query: `idempotency_key=${KEY}` });
  expect(seen.slice(from).map((s) => s.status)).toEqual([201, 409, 400, 400, 200, 400, 404]);
});

test("portfolio conversions", async () => {
  const from = seen.length;
  ({ mock } = await testMock());
  const q = await run("createPortfolioQuote", "POST", `${P}/conversions/quote`, { body: quoteBody() });
  await run("createPortfolioQuote", "POST", `${P}/conversions/quote`, { body: quoteBody({}) });
  const headers = { "Idempotency-Key": KEY };
  const h = await run("createPortfolioHedge", "POST", `${P}/conversions/hedge`, {
    body: { quote_id: q.body.quote_id },
    headers,
  });
  await run("createPortfolioHedge", "POST", `${P}/conversions/hedge`, { body: { quote_id: q.body.quote_id }, headers });
  await run("createPortfolioHedge", "POST", `${P}/conversions/hedge`, { body: { quote_id: "other" }, headers });
  await run("createPortfolioHedge", "POST", `${P}/conversions/hedge`, {
    body: { quote_id: "other" },
    headers: { "Idempotency-Key": "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed" },
  });
  await run("createPortfolioHedge", "POST", `${P}/conversions/hedge`, { body: { quote_id: "other" } });
  await run("getPortfolioHedge", "GET", `${P}/conversions/hedge`, { query: `conversion_id=${h.body.conversion_id}` });
  await run("getPortfolioHedge", "GET", `${P}/conversions/hedge`, { query: "conversion_id=x" });
  await run("getPortfolioHedge", "GET", `${P}/conversions/hedge`, {
    query: "conversion_id=3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69",
  });
  expect(seen.slice(from).map((s) => s.status)).toEqual([200, 400, 201, 201, 409, 404, 400, 200, 400, 404]);
});

test("RFI cases", async () => {
  ({ mock } = await testMock());
  const from = seen.length;
  const page = await run("listRfiCases", "GET", `${C}/rfi-cases`, { query: "size=100" });
  expect(page.body.list.length).toBeGreaterThan(10);
  await run("listRfiCases", "GET", `${C}/rfi-cases`, { query: "size=101" });
  expect(seen.slice(from).map((s) => s.status)).toEqual([200, 400]);
});
