// The constraint ledger (openapi/constraints.yaml) holds the document both ways: any constraint added anywhere
// without a fact is reported where it was added, and any ledger entry the document loses is reported as lost.
// The cases are generated over every place of the document (fast-check), not picked.
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { parse } from "yaml";
import { describe, expect, test } from "vitest";
import { constraintKey, constraints } from "../../lint/functions/lib/constraints.js";
import { checkLedger, ledgerEntries } from "../../lint/functions/lib/ledger.js";
import { schemas } from "../../lint/functions/lib/openapi.js";
import { type Json, root, ruleUnderTest } from "./helpers.ts";

const bundle: Json = JSON.parse(readFileSync(path.join(root, "generated/openapi.json"), "utf8"));
const ledger: Json = parse(readFileSync(path.join(root, "openapi/constraints.yaml"), "utf8"));
const copy = (): Json => structuredClone(bundle);
const at = (doc: Json, where: readonly (string | number)[]): Json => where.reduce((node, k) => node[k], doc);

/** Places a schema is written (not a $ref), as paths into the bundle. */
const schemaPlaces = schemas(bundle)
  .filter(({ schema }: Json) => typeof schema.$ref !== "string")
  .map(({ at: where }: Json) => where as (string | number)[]);
/** Every `content` map of the document. */
const contentPlaces = [
  ...new Set(
    constraints(bundle)
      .filter((c: Json) => c.keyword === "media")
      .map((c: Json) => JSON.stringify(c.at)),
  ),
].map((s) => JSON.parse(s as string) as string[]);

/** Constraints of every kind the ledger covers, with values a spec author might write. */
const anyConstraint = fc.oneof(
  fc.record({ keyword: fc.constant("minLength"), value: fc.integer({ min: 0, max: 64 }) }),
  fc.record({ keyword: fc.constant("maxLength"), value: fc.integer({ min: 1, max: 4096 }) }),
  fc.record({ keyword: fc.constant("minItems"), value: fc.integer({ min: 0, max: 5 }) }),
  fc.record({ keyword: fc.constant("maxItems"), value: fc.integer({ min: 1, max: 500 }) }),
  fc.record({ keyword: fc.constantFrom("minimum", "maximum", "exclusiveMinimum"), value: fc.integer() }),
  fc.record({ keyword: fc.constant("uniqueItems"), value: fc.constant(true) }),
  fc.record({ keyword: fc.constant("additionalProperties"), value: fc.constant(false) }),
  fc.record({ keyword: fc.constant("pattern"), value: fc.constantFrom("^[A-Z]+$", "^\\d{8}$", ".+") }),
  fc.record({ keyword: fc.constant("format"), value: fc.constantFrom("email", "int64", "ipv4", "byte") }),
  fc.record({ keyword: fc.constant("enum"), value: fc.uniqueArray(fc.string({ minLength: 1 }), { minLength: 1 }) }),
  fc.record({ keyword: fc.constant("const"), value: fc.string() }),
  fc.record({ keyword: fc.constant("required"), value: fc.constant(["invented_member"]) }),
);

describe("fo-constraint-ledger", () => {
  test("the document and the ledger agree", () => {
    expect(checkLedger(bundle, ledger)).toEqual([]);
    // Every constraint of the document is accounted for by exactly one fact.
    expect(ledgerEntries(ledger).length).toBe(constraints(bundle).length);
  });

  test("a constraint added at any schema is reported there", () => {
    fc.assert(
      fc.property(fc.constantFrom(...schemaPlaces), anyConstraint, (where, { keyword, value }) => {
        const doc = copy();
        const schema = at(doc, where);
        fc.pre(JSON.stringify(schema[keyword]) !== JSON.stringify(value) && !(keyword in schema));
        schema[keyword] = value;
        const problems = checkLedger(doc, ledger);
        expect(problems).toHaveLength(1);
        expect(problems[0]!.path.map(String)).toEqual(where.map(String));
        expect(problems[0]!.message).toContain(`${keyword}:`);
        expect(problems[0]!.message).toMatch(/not in the constraint ledger/);
      }),
      { numRuns: 300 },
    );
  });

  test("a media type offered anywhere without a fact is reported", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...contentPlaces),
        fc.constantFrom("text/plain", "application/xml", "application/pdf", "image/png", "text/csv"),
        (where, type) => {
          const doc = copy();
          const content = at(doc, where);
          fc.pre(!(type in content));
          content[type] = { schema: { type: "string" } };
          const problems = checkLedger(doc, ledger);
          expect(problems.map((p: Json) => p.message)).toContainEqual(expect.stringContaining(`media: "${type}"`));
        },
      ),
      { numRuns: 100 },
    );
  });

  test("any ledger entry the document loses is reported as lost", () => {
    const entries = ledgerEntries(ledger);
    fc.assert(
      fc.property(fc.constantFrom(...entries), (entry: Json) => {
        const doc = copy();
        const node = at(doc, entry.at);
        if (entry.keyword === "media") delete node[entry.value];
        else delete node[entry.keyword];
        const lost = checkLedger(doc, ledger).filter((p: Json) => p.message.startsWith("The document lost"));
        expect(lost.map((p: Json) => p.path.map(String))).toContainEqual(entry.at);
      }),
      { numRuns: Math.min(400, entries.length * 3) },
    );
  });

  test("a required list that loses a member is reported both ways", () => {
    const lists = ledgerEntries(ledger).filter((e: Json) => e.keyword === "required" && Array.isArray(e.value));
    fc.assert(
      fc.property(fc.constantFrom(...lists), fc.nat(), (entry: Json, i) => {
        const doc = copy();
        const node = at(doc, entry.at);
        node.required = node.required.filter((_: string, k: number) => k !== i % node.required.length);
        const messages = checkLedger(doc, ledger).map((p: Json) => p.message);
        expect(messages.some((m: string) => m.startsWith("The document lost `required:"))).toBe(true);
        if (node.required.length > 0)
          expect(messages.some((m: string) => /^`required: .*not in the constraint ledger/.test(m))).toBe(true);
      }),
    );
  });

  test("the ledger's own mistakes are reported", () => {
    const broken = structuredClone(ledger);
    broken[1].id = broken[0].id;
    broken[2].basis = "convenience";
    broken[3].says = "";
    broken[4].constraints.push(structuredClone(broken[5].constraints[0]));
    const messages = checkLedger(bundle, broken).map((p: Json) => p.message);
    expect(messages).toContainEqual(expect.stringContaining(`${broken[0].id}: id used twice`));
    expect(messages).toContainEqual(expect.stringContaining("basis must be one of reference, portability"));
    expect(messages).toContainEqual(expect.stringContaining("says must state the fact"));
    // The entry copied into fact 4 is met again under fact 5, which comes later.
    expect(messages).toContainEqual(
      expect.stringMatching(
        new RegExp(`^openapi/constraints.yaml: ${broken[5].id}: .* is already under ${broken[4].id}$`),
      ),
    );
  });

  test("each constraint key is one place, keyword and value", () => {
    const keys = constraints(bundle).map(constraintKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  // The rule as Spectral runs it (the lint step), on the bundle and on a copy with an invented bound.
  const rule = ruleUnderTest("fo-constraint-ledger");
  test("Spectral reports an invented constraint at its place, and nothing on the document", async () => {
    expect(await rule.run(copy())).toEqual([]);
    const doc = copy();
    doc.components.parameters.CustomerId.schema.minLength = 1;
    const findings = await rule.run(doc);
    expect(findings).toEqual([
      expect.objectContaining({
        code: "fo-constraint-ledger",
        path: "components.parameters.CustomerId.schema",
        message: expect.stringContaining("`minLength: 1` is not in the constraint ledger"),
      }),
    ]);
  });
});
