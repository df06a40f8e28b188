// The client's table of special operations is the document's: generated at build time, checked here against
// the committed document and against documents changed at random.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { executeOperations, idempotencyKeyOperations, isPortfolioPath } from "../../src/client/operations.ts";
import { operationsModule } from "../../scripts/operations.mjs";
import { deref, type Json, listOperations, loadBundle } from "../helpers/document.ts";

const doc = loadBundle();
const ops = listOperations(doc);
const keyOf = (o: { method: string; path: string }) => `${o.method.toUpperCase()} ${o.path}`;

/** Whether an operation of `d` takes an Idempotency-Key header, read independently of the generator. */
const takesKey = (d: Json, path: string, op: Json) =>
  [...(d.paths[path].parameters ?? []), ...(op.parameters ?? [])].some((p: unknown) => {
    const param = deref(d, p);
    return param.in === "header" && String(param.name).toLowerCase() === "idempotency-key";
  });

/** The lists a document gives, by running the generator's module text. */
const generatedFrom = async (d: Json): Promise<{ keyed: Set<string>; execute: Set<string> }> => {
  const source = operationsModule(d, "test").replace(/: readonly string\[\]/g, "");
  const mod = await import(`data:text/javascript,${encodeURIComponent(source)}`);
  return { keyed: new Set(mod.idempotencyKeyOperations), execute: new Set(mod.executeOperations) };
};

describe("the committed lists", () => {
  test("keyed: exactly the Idempotency-Key operations", () => {
    const keyed = ops.filter(({ path, op }) => takesKey(doc, path, op)).map(keyOf);
    expect(keyed.length).toBeGreaterThan(0);
    expect(new Set(keyed)).toEqual(idempotencyKeyOperations);
  });

  test("execute: the executeQuote operation", () => {
    expect(executeOperations).toEqual(new Set([keyOf(ops.find((o) => o.operationId === "executeQuote")!)]));
  });

  test("portfolio paths use the portfolio scheme", () => {
    for (const { path, op } of ops) {
      const schemes = (op.security ?? doc.security).flatMap((s: object) => Object.keys(s));
      expect(isPortfolioPath(path), path).toBe(schemes.includes("PortfolioBearer"));
    }
  });
});

describe("the generator", () => {
  // A document where random operations gain an Idempotency-Key header parameter (inline or by reference, on the
  // operation or on its path item, in any letter case) and random ones lose theirs.
  const changes = fc.array(
    fc.record({
      at: fc.nat({ max: ops.length - 1 }),
      how: fc.constantFrom("inline", "ref", "path-item", "remove"),
      name: fc.constantFrom("Idempotency-Key", "idempotency-key", "IDEMPOTENCY-KEY"),
    }),
    { maxLength: 6 },
  );

  test("lists exactly the operations that take the header", async () => {
    await fc.assert(
      fc.asyncProperty(changes, async (list) => {
        const d = structuredClone(doc);
        for (const { at, how, name } of list) {
          const { path, method } = ops[at]!;
          const op = d.paths[path][method];
          const param = { name, in: "header", required: true, schema: { type: "string" } };
          if (how === "remove") {
            op.parameters = (op.parameters ?? []).filter((p: unknown) => deref(d, p).in !== "header");
            d.paths[path].parameters = (d.paths[path].parameters ?? []).filter(
              (p: unknown) => deref(d, p).in !== "header",
            );
          } else if (how === "path-item") d.paths[path].parameters = [...(d.paths[path].parameters ?? []), param];
          else if (how === "ref") {
            d.components.parameters.TestKey = param;
            op.parameters = [...(op.parameters ?? []), { $ref: "#/components/parameters/TestKey" }];
          } else op.parameters = [...(op.parameters ?? []), param];
        }
        const expected = listOperations(d)
          .filter(({ path, op }) => takesKey(d, path, op))
          .map(keyOf);
        expect((await generatedFrom(d)).keyed).toEqual(new Set(expected));
      }),
      { numRuns: 60 },
    );
  });

  test("an execute operation missing from the document fails", () => {
    const d = structuredClone(doc);
    for (const item of Object.values<Json>(d.paths))
      for (const op of Object.values<Json>(item)) if (op?.operationId === "executeQuote") op.operationId = "other";
    expect(() => operationsModule(d, "test")).toThrow("The document has no operation executeQuote");
  });
});
