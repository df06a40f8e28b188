import { describe, expect, test } from "vitest";
import { operations } from "../fixtures/operations.ts";
import { deref, listOperations, loadBundle } from "../helpers/document.ts";

const doc = loadBundle();
const documented = listOperations(doc);

describe("the document covers the reference's operations", () => {
  test("holds exactly the 23 operations of the reference, none invented", () => {
    const expected = operations.map((o) => `${o.method.toUpperCase()} ${o.template} ${o.operationId}`).sort();
    const actual = documented.map((o) => `${o.method.toUpperCase()} ${o.path} ${o.operationId}`).sort();
    expect(actual).toEqual(expected);
    expect(actual).toHaveLength(23);
  });

  test("operationIds are unique", () => {
    const ids = documented.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test.each(documented)(
    "$method $path has a summary, a description, one tag, a success response, 401 and 429",
    ({ op }) => {
      expect(op.summary).toBeTruthy();
      expect(op.description).toBeTruthy();
      expect(op.tags).toHaveLength(1);
      const statuses = Object.keys(op.responses);
      expect(statuses.some((s) => s.startsWith("2"))).toBe(true);
      expect(statuses).toContain("401");
      expect(statuses).toContain("429");
    },
  );

  test("405 is declared exactly on the customer-scoped conversion operations", () => {
    const with405 = documented
      .filter((o) => "405" in o.op.responses)
      .map((o) => o.operationId)
      .sort();
    expect(with405).toEqual(["createQuote", "executeQuote", "getConversion"]);
  });

  test("customer conversion statuses are exactly the reference's lists", () => {
    const statuses = (id: string) => Object.keys(documented.find((o) => o.operationId === id)!.op.responses).sort();
    expect(statuses("createQuote")).toEqual(["201", "400", "401", "405", "408", "429", "500"]);
    expect(statuses("executeQuote")).toEqual(["201", "400", "401", "405", "409", "429", "500"]);
    expect(statuses("getConversion")).toEqual(["200", "400", "401", "404", "405", "429", "500"]);
  });

  test("Idempotency-Key is a required UUID header on exactly createExternalAccount and createPortfolioHedge", () => {
    const withKey = documented.filter((o) =>
      (o.op.parameters ?? [])
        .map((p: unknown) => deref(doc, p))
        .some((p: { name: string; in: string }) => p.in === "header" && p.name === "Idempotency-Key"),
    );
    expect(withKey.map((o) => o.operationId).sort()).toEqual(["createExternalAccount", "createPortfolioHedge"]);
    const key = deref(doc, doc.components.parameters.IdempotencyKey);
    expect(key).toMatchObject({ required: true, schema: { type: "string", format: "uuid" } });
  });

  test("portfolio operations take the bearer token with their documented scope; others take sandbox or production auth", () => {
    const scopes = Object.fromEntries(
      documented.filter((o) => o.path.startsWith("/v1/portfolios")).map((o) => [o.operationId, o.op.security]),
    );
    expect(scopes).toEqual({
      createPortfolioQuote: [{ PortfolioBearer: ["conversions:quote:create"] }],
      createPortfolioHedge: [{ PortfolioBearer: ["conversions:hedge:create"] }],
      getPortfolioHedge: [{ PortfolioBearer: ["conversions:hedge:read"] }],
    });
    expect(doc.security).toEqual([{ SandboxBearer: [] }, { ServiceHmacSignature: [], ServiceHmacDate: [] }]);
    for (const o of documented.filter((o) => !o.path.startsWith("/v1/portfolios")))
      expect(o.op.security).toBeUndefined();
  });

  test("portfolio 429 and 503 declare Retry-After", () => {
    for (const o of documented.filter((o) => o.path.startsWith("/v1/portfolios"))) {
      for (const status of ["429", "503"])
        expect(deref(doc, o.op.responses[status]).headers?.["Retry-After"], `${o.operationId} ${status}`).toBeDefined();
    }
  });

  test("document uploads take raw bytes with Content-Disposition, no JSON and no form", () => {
    for (const o of documented.filter((o) => o.method === "put")) {
      // Any document MIME type (*/*), with application/octet-stream first as the default generators send.
      expect(Object.keys(o.op.requestBody.content)).toEqual(["application/octet-stream", "*/*"]);
      const params = (o.op.parameters ?? []).map((p: unknown) => deref(doc, p));
      expect(params).toContainEqual(
        expect.objectContaining({ name: "Content-Disposition", in: "header", required: true }),
      );
    }
  });

  test("RFI list parameters carry the reference's bounds and defaults", () => {
    const p = (name: string) => deref(doc, doc.components.parameters[name]);
    expect(p("Page").schema).toMatchObject({ type: "integer", minimum: 1, default: 1 });
    expect(p("Size").schema).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 10 });
    expect(p("RfiStatusFilter")).toMatchObject({ style: "form", explode: false });
    expect(deref(doc, p("RfiStatusFilter").schema.items).enum).toEqual([
      "ACTION_REQUIRED",
      "PENDING_REVIEW",
      "ANSWERED",
      "REJECTED",
      "CLOSED",
    ]);
    expect(p("RfiUpdatedFrom").schema).toMatchObject({ type: "string", format: "date-time" });
  });

  test("the three documented webhooks are declared", () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual(["conversion.completed", "conversion.failed", "rfi-case-changed"]);
  });

  test("info.version is 1.0.13 and the changelog records institution_name and 00020008", () => {
    expect(doc.info.version).toBe("1.0.13");
    expect(doc.info.description).toMatch(/### 1\.0\.13[\s\S]*institution_name[\s\S]*00020008/);
  });
});
