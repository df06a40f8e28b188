// Facts where the document once said more or less than the reference (issue 20's reading): each check walks
// every place the fact could be broken again, not one example of it.
import { describe, expect, test } from "vitest";
import { deref, listOperations, loadBundle, type Json } from "../helpers/document.ts";

const doc = loadBundle();
const ops = listOperations(doc);
const op = (id: string) => ops.find((o) => o.operationId === id)!.op;
const isObject = (v: unknown): v is Record<string, Json> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Every example of every response: operation id, status, example name, the example object and its value. */
const responseExamples = ops.flatMap((o) =>
  Object.entries<Json>(o.op.responses).flatMap(([status, raw]) =>
    Object.values<Json>(deref(doc, raw)?.content ?? {}).flatMap((media) =>
      Object.entries<Json>(media.examples ?? {}).map(([name, ex]) => ({
        id: o.operationId,
        path: o.path,
        status,
        name,
        example: deref(doc, ex),
      })),
    ),
  ),
);

describe("the document says what the reference says, no more", () => {
  // The reference gives code 00010000 for conversions only.
  test("00010000 only in customer conversion 401s", () => {
    const with00010000 = responseExamples.filter(
      (e) => isObject(e.example.value) && e.example.value.code === "00010000",
    );
    expect(with00010000.length).toBeGreaterThan(0);
    for (const e of with00010000) {
      expect(e.status, `${e.id} ${e.name}`).toBe("401");
      expect(["createQuote", "executeQuote", "getConversion"], `${e.id} ${e.name}`).toContain(e.id);
    }
    for (const o of ops.filter((x) => !["createQuote", "executeQuote", "getConversion"].includes(x.operationId))) {
      const response = deref(doc, o.op.responses["401"]);
      expect(response.description, o.operationId).not.toMatch(/00010000\)|code 00010000/);
    }
  });

  // The flat envelope requires its code; where the reference shows none, the response says so and shows no
  // example rather than one without a code (not the envelope) or with a made-up one.
  test("a flat error whose code is not shown has no example, and says why", () => {
    const flat = responseExamples.filter(
      (e) => isObject(e.example.value) && "status" in e.example.value && "trace_id" in e.example.value,
    );
    expect(flat.length).toBeGreaterThan(10);
    for (const e of flat) expect(e.example.value, `${e.id} ${e.status} ${e.name}`).toHaveProperty("code");
    const codeless = ops.flatMap((o) =>
      Object.entries<Json>(o.op.responses)
        .map(([status, raw]) => ({ id: o.operationId, status, response: deref(doc, raw) }))
        .filter(({ response }) => /\bcode\b/.test(String(response["x-not-shown"] ?? ""))),
    );
    expect(codeless.length).toBeGreaterThanOrEqual(20);
    for (const { id, status, response } of codeless) {
      for (const media of Object.values<Json>(response.content ?? {})) {
        const values = Object.values<Json>(media.examples ?? {}).map((ex) => deref(doc, ex).value);
        for (const v of values) expect(v, `${id} ${status}`).toHaveProperty("code");
      }
    }
  });

  // A body without its amount is refused, and the amount's name is not shown.
  test("quote requests carry no example", () => {
    for (const id of ["createQuote", "createPortfolioQuote"]) {
      const body = deref(doc, op(id).requestBody);
      for (const media of Object.values<Json>(body.content)) {
        expect(media.example, id).toBeUndefined();
        expect(media.examples, id).toBeUndefined();
      }
      expect(body.description, id).toMatch(/exactly one amount/);
    }
  });

  // expire_time and valid_until_timestamp: the reference says only 'timestamp'.
  test("quote timestamps claim no form", () => {
    const quote = doc.components.schemas.Quote.properties;
    for (const name of ["expire_time", "valid_until_timestamp"]) {
      expect(quote[name].type, name).toBeUndefined();
      expect(quote[name].format, name).toBeUndefined();
      expect(quote[name]["x-not-shown"], name).toMatch(/form/);
    }
  });

  test("the sandbox scheme does not say 'nothing else'", () => {
    expect(doc.components.securitySchemes.SandboxBearer.description).not.toMatch(/nothing else/);
  });

  test("the sandbox scheme keeps the upload headers", () => {
    const sandbox = doc.components.securitySchemes.SandboxBearer.description;
    expect(sandbox).toMatch(/Content-Type/);
    expect(sandbox).toMatch(/Content-Disposition/);
  });

  // The reference does not say where the older shape applies.
  test("the older 401 shape claims no endpoints", () => {
    expect(doc.info.description).not.toMatch(/may answer any 401/);
    expect(doc.info.description).toMatch(/does not say which\s+endpoints answer with the older shape/);
    expect(doc.components.schemas.AuthError["x-not-shown"]).toMatch(/Which endpoints answer with the older shape/);
  });

  test("Execute Quote's timeout steps use List Transactions", () => {
    const text = op("executeQuote").description.replace(/\s+/g, " ");
    for (const fact of [
      "transaction_action=CONVERSION",
      "created_after",
      "created_before",
      "margin",
      "reading every page",
      "no `quote_id`",
      "no `quote_id` filter",
      "not proof that it completed",
      "an empty list does not prove that nothing executed",
      "Do not create and execute a replacement quote while the outcome is unknown",
    ]) {
      expect(text, fact).toContain(fact);
    }
    expect(op("executeQuote")["x-not-shown"]).toMatch(/path and response of the List Transactions/);
  });

  test("the RFI answer operation says requirement_id is refused", () => {
    expect(op("submitRfiCaseAnswer").description).toMatch(/Never send `requirement_id`/);
  });

  test("the RFI answer schemas refuse requirement_id", () => {
    for (const name of ["RfiAnswer", "RfiFileAnswer"]) {
      expect(doc.components.schemas[name].description, name).toMatch(/requirement_id.*refused/s);
      expect(doc.components.schemas[name].propertyNames, name).toEqual({ not: { const: "requirement_id" } });
    }
  });
});
