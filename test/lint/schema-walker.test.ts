// The house rules find schemas with one walker (lint/functions/lib/openapi.js). Its keyword lists are checked
// against JSON Schema 2020-12's own meta-schemas (the applicator, unevaluated, content and core vocabularies), so a
// schema-valued keyword the lists miss (contentSchema was one) cannot hide a schema from every rule.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { expect, test } from "vitest";
import { SCHEMA_LISTS, SCHEMA_MAPS, SCHEMA_SINGLES, schemas } from "../../lint/functions/lib/openapi.js";

const metaDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve("ajv/package.json")),
  "dist/refs/json-schema-2020-12/meta",
);
type Meta = Record<string, { $dynamicRef?: string; $ref?: string; additionalProperties?: { $dynamicRef?: string } }>;
const vocabulary = (name: string): Meta =>
  JSON.parse(readFileSync(path.join(metaDir, `${name}.json`), "utf8")).properties;
const keywords = Object.entries({
  ...vocabulary("core"),
  ...vocabulary("applicator"),
  ...vocabulary("unevaluated"),
  ...vocabulary("content"),
});
const isSchema = (v: { $dynamicRef?: string } | undefined) => v?.$dynamicRef === "#meta";

test("the walker's lists are the meta-schemas' schema-valued keywords", () => {
  const sorted = (list: string[]) => [...list].sort();
  expect(sorted(SCHEMA_SINGLES)).toEqual(sorted(keywords.filter(([, v]) => isSchema(v)).map(([k]) => k)));
  expect(sorted(SCHEMA_MAPS)).toEqual(
    sorted(keywords.filter(([, v]) => isSchema(v.additionalProperties)).map(([k]) => k)),
  );
  expect(sorted(SCHEMA_LISTS)).toEqual(
    sorted(keywords.filter(([, v]) => v.$ref === "#/$defs/schemaArray").map(([k]) => k)),
  );
});

test.each(
  keywords.filter(([, v]) => isSchema(v) || isSchema(v.additionalProperties) || v.$ref?.endsWith("schemaArray")),
)("a schema under %s is visited", (keyword, value) => {
  const inner = { description: "inner" };
  const held = isSchema(value) ? inner : isSchema(value.additionalProperties) ? { name: inner } : [inner];
  const doc = { openapi: "3.1.0", components: { schemas: { Outer: { [keyword]: held } } } };
  expect(schemas(doc).map((s: { schema: unknown }) => s.schema)).toContain(inner);
});
