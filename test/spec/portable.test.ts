// The document is written in forms that code generators handle with default options (docs/generating-clients.md).
// Each check walks the whole bundle, so a new schema, response or webhook written the old way fails here.
import { describe, expect, test } from "vitest";
import { deref, listOperations, loadBundle, type Json } from "../helpers/document.ts";

const doc = loadBundle();
const isObject = (v: unknown): v is Record<string, Json> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Every schema object of the bundle with its JSON pointer (components, media types, parameters, nested keywords). */
function* schemas(node: Json, at: string, inSchema = false): Generator<{ schema: Json; at: string }> {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) yield* schemas(item, `${at}/${i}`, inSchema);
    return;
  }
  if (!isObject(node)) return;
  if (inSchema) yield { schema: node, at };
  for (const [key, value] of Object.entries(node)) {
    if (key === "examples" || key === "example" || key.startsWith("x-")) continue;
    const child = `${at}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
    if (key === "schema" || (at === "#/components" && key === "schemas"))
      yield* schemas(value, child, key === "schema");
    else if (at === "#/components/schemas") yield* schemas(value, child, true);
    else if (inSchema && ["properties", "patternProperties", "$defs"].includes(key) && isObject(value))
      for (const [k, v] of Object.entries(value)) yield* schemas(v, `${child}/${k}`, true);
    else if (
      inSchema &&
      ["items", "additionalProperties", "not", "propertyNames", "contains", "if", "then", "else"].includes(key)
    )
      yield* schemas(value, child, true);
    else if (inSchema && ["allOf", "anyOf", "oneOf", "prefixItems"].includes(key)) yield* schemas(value, child, true);
    else if (!inSchema) yield* schemas(value, child, false);
  }
}

const all = [...schemas(doc, "#")];
const propertiesOf = (s: Json): string[] => Object.keys(deref(doc, s)?.properties ?? {});

describe("portable idioms", () => {
  test("the walk reaches the schemas", () => {
    expect(all.length).toBeGreaterThan(150);
    expect(all.map((s) => s.at)).toContain("#/components/schemas/FlatError/properties/code");
  });

  // An open set is `type: string` with examples.
  test("no anyOf/oneOf of an enum and a plain string", () => {
    const found = all.filter(({ schema }) => {
      const alts: Json[] = schema.anyOf ?? schema.oneOf ?? [];
      const resolved = alts.map((a) => deref(doc, a));
      return resolved.some((a) => Array.isArray(a?.enum)) && resolved.some((a) => a?.type === "string" && !a.enum);
    });
    expect(found.map((f) => f.at)).toEqual([]);
  });

  // One object with optional members says the same.
  test("no anyOf/oneOf of object schemas", () => {
    const found = all.filter(({ schema }) => {
      const alts: Json[] = schema.anyOf ?? schema.oneOf ?? [];
      return alts.length > 1 && alts.every((a) => deref(doc, a)?.type === "object" || propertiesOf(a).length > 0);
    });
    expect(found.map((f) => f.at)).toEqual([]);
  });

  test("no allOf member redefines another's property", () => {
    const found = all.flatMap(({ schema, at }) => {
      const names = (schema.allOf ?? []).flatMap(propertiesOf);
      return names.filter((n: string, i: number) => names.indexOf(n) !== i).map((n: string) => `${at}: ${n}`);
    });
    expect(found).toEqual([]);
  });

  // For tools: examples and x-extensible-enum agree.
  test("open code sets list their known values", () => {
    const open = all.filter(({ schema }) => "x-extensible-enum" in schema);
    expect(open.length).toBeGreaterThanOrEqual(2);
    for (const { schema, at } of open) {
      expect(schema.type, at).toBe("string");
      expect(schema.enum, at).toBeUndefined();
      expect(schema.examples, at).toEqual(schema["x-extensible-enum"]);
    }
  });

  // One API file per tag: a webhook sharing a tag overwrites the operations' file.
  test("webhooks have tags of their own", () => {
    const opTags = new Set(listOperations(doc).flatMap((o) => o.op.tags ?? []));
    const hookTags = Object.values<Json>(doc.webhooks).flatMap((item) =>
      Object.values<Json>(item).flatMap((op) => op.tags ?? []),
    );
    expect(hookTags.length).toBeGreaterThan(0);
    expect(hookTags.filter((t) => opTags.has(t))).toEqual([]);
    for (const t of hookTags) expect(doc.tags.map((x: Json) => x.name)).toContain(t);
  });

  // oapi-codegen prunes such a schema, then names it.
  test("no schema is used by webhooks alone", () => {
    const text = (v: unknown) => JSON.stringify(v);
    const { webhooks, ...rest } = doc;
    const fromHooks = new Set(text(webhooks).match(/#\/components\/schemas\/[^"]+/g) ?? []);
    const elsewhere = text(rest);
    expect([...fromHooks].filter((ref) => !elsewhere.includes(`"${ref}"`))).toEqual([]);
  });

  test("no request body has a requirement_id property", () => {
    let checked = 0;
    for (const o of listOperations(doc)) {
      for (const [type, media] of Object.entries<Json>(deref(doc, o.op.requestBody)?.content ?? {})) {
        const bodySchemas = [...schemas({ schema: media.schema }, `${o.operationId} ${type}`)];
        for (const { schema, at } of bodySchemas) {
          checked++;
          expect(Object.keys(deref(doc, schema)?.properties ?? {}), at).not.toContain("requirement_id");
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  test("the RFI answers ban requirement_id by name", () => {
    const answers = deref(
      doc,
      listOperations(doc).find((o) => o.operationId === "submitRfiCaseAnswer")!.op.requestBody,
    ).content;
    expect(Object.keys(answers).length).toBeGreaterThan(0);
    for (const media of Object.values<Json>(answers))
      expect(deref(doc, media.schema).propertyNames).toEqual({ not: { const: "requirement_id" } });
  });

  // The same binary schema in each.
  test("raw uploads offer octet-stream, then */*", () => {
    const uploads = listOperations(doc).filter((o) => o.method === "put");
    expect(uploads).toHaveLength(3);
    for (const o of uploads) {
      const content = o.op.requestBody.content;
      expect(Object.keys(content)).toEqual(["application/octet-stream", "*/*"]);
      expect(content["*/*"].schema).toEqual(content["application/octet-stream"].schema);
      expect(content["*/*"].schema).toMatchObject({ type: "string", format: "binary" });
    }
  });

  // Not anyOf [string, binary].
  test("multipart parts are one schema each", () => {
    const forms = listOperations(doc).flatMap((o) =>
      Object.entries<Json>(deref(doc, o.op.requestBody)?.content ?? {}).filter(([type]) =>
        type.startsWith("multipart/"),
      ),
    );
    expect(forms.length).toBeGreaterThan(0);
    for (const [, media] of forms) {
      const form = deref(doc, media.schema);
      const parts = [form.additionalProperties, ...Object.values(form.properties ?? {})]
        .filter(isObject)
        .map((p) => deref(doc, p));
      expect(parts.length).toBeGreaterThan(0);
      for (const part of parts) expect(Object.keys(part)).not.toEqual(expect.arrayContaining(["anyOf"]));
      for (const part of parts) expect(Object.keys(part)).not.toEqual(expect.arrayContaining(["oneOf"]));
    }
  });
});
