import { describe, expect, test } from "vitest";
import { operations } from "../fixtures/operations.ts";
import { deref, listOperations, loadBundle } from "../helpers/document.ts";

const doc = loadBundle();
const documented = listOperations(doc);

describe("the document covers the reference's operations", () => {
  test("holds the reference's 23 operations, none invented", () => {
    const expected = operations.map((o) => `${o.method.toUpperCase()} ${o.template} ${o.operationId}`).sort();
    const actual = documented.map((o) => `${o.method.toUpperCase()} ${o.path} ${o.operationId}`).sort();
    expect(actual).toEqual(expected);
    expect(actual).toHaveLength(23);
  });

  test("operationIds are unique", () => {
    const ids = documented.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  describe.each(documented)("$method $path", ({ op }) => {
    test("has a summary and a description", () => {
      expect(op.summary).toMatch(/\S/);
      expect(op.description).toMatch(/\S/);
    });

    test("has one tag", () => {
      expect(op.tags).toHaveLength(1);
    });

    test("declares a success, 401 and 429", () => {
      const statuses = Object.keys(op.responses);
      expect(statuses.filter((s) => s.startsWith("2")).length).toBeGreaterThan(0);
      expect(statuses).toContain("401");
      expect(statuses).toContain("429");
    });
  });

  test("405 is declared exactly on customer conversions", () => {
    const with405 = documented
      .filter((o) => "405" in o.op.responses)
      .map((o) => o.operationId)
      .sort();
    expect(with405).toEqual(["createQuote", "executeQuote", "getConversion"]);
  });

  test("customer conversions declare the reference's statuses", () => {
    const statuses = (id: string) => Object.keys(documented.find((o) => o.operationId === id)!.op.responses).sort();
    expect(statuses("createQuote")).toEqual(["201", "400", "401", "405", "408", "429", "500"]);
    expect(statuses("executeQuote")).toEqual(["201", "400", "401", "405", "409", "429", "500"]);
    expect(statuses("getConversion")).toEqual(["200", "400", "401", "404", "405", "429", "500"]);
  });

  test("Idempotency-Key is on exactly the reference's two", () => {
    const withKey = documented.filter((o) =>
      (o.op.parameters ?? [])
        .map((p: unknown) => deref(doc, p))
        .some((p: { name: string; in: string }) => p.in === "header" && p.name === "Idempotency-Key"),
    );
    expect(withKey.map((o) => o.operationId).sort()).toEqual(["createExternalAccount", "createPortfolioHedge"]);
  });

  test("Idempotency-Key is a required UUID header", () => {
    const key = deref(doc, doc.components.parameters.IdempotencyKey);
    expect(key).toMatchObject({ required: true, schema: { type: "string", format: "uuid" } });
  });

  test("portfolio operations take the bearer token with their scope", () => {
    const scopes = Object.fromEntries(
      documented.filter((o) => o.path.startsWith("/v1/portfolios")).map((o) => [o.operationId, o.op.security]),
    );
    expect(scopes).toEqual({
      createPortfolioQuote: [{ PortfolioBearer: ["conversions:quote:create"] }],
      createPortfolioHedge: [{ PortfolioBearer: ["conversions:hedge:create"] }],
      getPortfolioHedge: [{ PortfolioBearer: ["conversions:hedge:read"] }],
    });
  });

  test("other operations take sandbox or production auth", () => {
    expect(doc.security).toEqual([{ SandboxBearer: [] }, { ServiceHmacSignature: [], ServiceHmacDate: [] }]);
    const others = documented.filter((o) => !o.path.startsWith("/v1/portfolios"));
    expect(others).toHaveLength(20);
    for (const o of others) expect(o.op.security, o.operationId).toBeUndefined();
  });

  test("portfolio 429 and 503 declare Retry-After", () => {
    const portfolio = documented.filter((o) => o.path.startsWith("/v1/portfolios"));
    expect(portfolio).toHaveLength(3);
    for (const o of portfolio) {
      for (const status of ["429", "503"])
        expect(deref(doc, o.op.responses[status]).headers?.["Retry-After"], `${o.operationId} ${status}`).toBeDefined();
    }
  });

  test("document uploads take raw bytes with Content-Disposition", () => {
    const uploads = documented.filter((o) => o.method === "put");
    expect(uploads.length).toBeGreaterThan(0);
    for (const o of uploads) {
      // Any document MIME type (*/*), with application/octet-stream first as the default generators send.
      expect(Object.keys(o.op.requestBody.content)).toEqual(["application/octet-stream", "*/*"]);
      const params = (o.op.parameters ?? []).map((p: unknown) => deref(doc, p));
      expect(params).toContainEqual(
        expect.objectContaining({ name: "Content-Disposition", in: "header", required: true }),
      );
    }
  });

  test("RFI list parameters have the reference's bounds", () => {
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

  test("declares the three documented webhooks", () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual(["conversion.completed", "conversion.failed", "rfi-case-changed"]);
  });

  test("info.version is 1.0.13", () => {
    expect(doc.info.version).toBe("1.0.13");
  });

  test("the changelog records institution_name and 00020008", () => {
    expect(doc.info.description).toMatch(/### 1\.0\.13[\s\S]*institution_name[\s\S]*00020008/);
  });
});
