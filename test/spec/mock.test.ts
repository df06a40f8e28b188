// Prism, started from the bundle, serves every operation's success example and every documented error: its
// example, or where the document has none (the reference shows no code for it), a body of the response's schema.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { operations, type OperationCase } from "../fixtures/operations.ts";
import { deref, firstExample, listOperations, loadBundle } from "../helpers/document.ts";
import { type RunningServer, startPrism } from "../helpers/prism.ts";
import { schemaValidator } from "../helpers/validator.ts";
import { bearer, send as sendWire, wireOf } from "../mock/support.ts";

const doc = loadBundle();
const byId = new Map(listOperations(doc).map((o) => [o.operationId, o]));
const validator = schemaValidator(doc);
let prism: RunningServer;

beforeAll(async () => {
  prism = await startPrism();
});
afterAll(async () => {
  await prism?.stop();
});

function send(c: OperationCase, extra: Record<string, string> = {}) {
  const w = bearer(wireOf(c));
  return sendWire(prism.url, { ...w, headers: { ...w.headers, ...extra } });
}

const errorCases = operations.flatMap((c) =>
  Object.keys(byId.get(c.operationId)!.op.responses)
    .filter((s) => !s.startsWith("2"))
    .map((status) => ({ ...c, status })),
);

describe("Prism mock from the bundle", () => {
  test.each(operations)("$operationId answers its success example", async (c) => {
    const { op } = byId.get(c.operationId)!;
    const [status, response] = Object.entries<unknown>(op.responses).find(([s]) => s.startsWith("2"))!;
    const res = await send(c);
    const violations = res.headers.get("sl-violations");
    expect(violations, `request refused: ${violations}`).toBeNull();
    if (status === "2XX") expect(res.status).toBeGreaterThanOrEqual(200);
    else expect(res.status).toBe(Number(status));
    expect(res.status).toBeLessThan(300);
    expect(await res.json()).toEqual(firstExample(doc, response)!.value);
  });

  test.each(errorCases)("$operationId answers its documented $status", async (c) => {
    const response = byId.get(c.operationId)!.op.responses[c.status];
    const res = await send(c, { Prefer: `code=${c.status}` });
    expect(res.status).toBe(Number(c.status));
    const example = firstExample(doc, response);
    const body = await res.json();
    if (example) expect(body).toEqual(example.value);
    else {
      const media = deref(doc, response).content["application/json"];
      expect(deref(doc, response)["x-not-shown"], `${c.operationId} ${c.status}: why no example`).toMatch(/code/);
      // Every such response names its schema by reference (FlatError).
      expect(validator.validate(media.schema.$ref.slice(1), body), JSON.stringify(body)).toBeNull();
    }
    if (deref(doc, response).headers?.["Retry-After"]) expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  test("production auth needs signature and date", async () => {
    const c = operations.find((o) => o.operationId === "listRfiCases")!;
    const both = await send(c, {
      Authorization: `Service-HMAC-SHA256 AK:20261121T093000Z:${"0".repeat(64)}`,
      "X-SVC-Date": "20261121T093000Z",
    });
    expect(both.status).toBe(200);
    const res = await fetch(`${prism.url}${c.path}`, { headers: { "X-SVC-Date": "20261121T093000Z" } });
    expect(res.status).toBe(401);
  });

  test("no credentials is 401", async () => {
    const res = await fetch(`${prism.url}/v1/customers/c1/conversions/order?transaction_id=t1`);
    expect(res.status).toBe(401);
  });
});
