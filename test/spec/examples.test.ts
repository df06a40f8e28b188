import { describe, expect, test } from "vitest";
import { deref, type Json, listOperations, loadBundle } from "../helpers/document.ts";
import { pointer, schemaValidator } from "../helpers/validator.ts";

const doc = loadBundle();
const validator = schemaValidator(doc);

interface ExampleCase {
  where: string;
  schemaPointer: string;
  value: unknown;
}

/** Every example of every media type (request and response) paired with the schema it illustrates. */
function collectExamples(): ExampleCase[] {
  const cases: ExampleCase[] = [];
  const addMedia = (base: string[], content: Json) => {
    for (const [type, media] of Object.entries<Json>(content ?? {})) {
      if (!media.schema) continue;
      const schemaPointer = pointer(...base, type, "schema");
      if ("example" in media)
        cases.push({ where: `${base.join(" ")} ${type} example`, schemaPointer, value: media.example });
      for (const [name, ex] of Object.entries<Json>(media.examples ?? {})) {
        cases.push({ where: `${base.join(" ")} ${type} ${name}`, schemaPointer, value: deref(doc, ex).value });
      }
    }
  };
  for (const { path, method, op } of listOperations(doc)) {
    if (op.requestBody) addMedia(["paths", path, method, "requestBody", "content"], deref(doc, op.requestBody).content);
    for (const [status, response] of Object.entries<Json>(op.responses)) {
      // A response given by reference is checked once, at its component.
      if (response.$ref) continue;
      addMedia(["paths", path, method, "responses", status, "content"], response.content);
    }
  }
  for (const [name, response] of Object.entries<Json>(doc.components.responses ?? {})) {
    addMedia(["components", "responses", name, "content"], response.content);
  }
  for (const [name, parameter] of Object.entries<Json>(doc.components.parameters ?? {})) {
    for (const [i, value] of (parameter.schema?.examples ?? []).entries()) {
      cases.push({
        where: `parameter ${name} example ${i}`,
        schemaPointer: pointer("components", "parameters", name, "schema"),
        value,
      });
    }
  }
  return cases;
}

const cases = collectExamples();

describe("examples validate against their schemas", () => {
  test("there are examples to check", () => {
    expect(cases.length).toBeGreaterThan(80);
  });

  test.each(cases)("$where", ({ schemaPointer, value }) => {
    expect(validator.validate(schemaPointer, value)).toBeNull();
  });

  test("the validator refuses a wrong example", () => {
    const bad = validator.validate(pointer("components", "schemas", "ConversionOrder"), { transaction_id: 7 });
    expect(bad).toMatch(/must be string/);
    expect(validator.validate(pointer("components", "schemas", "RfiAnswer"), { requirement_id: "r-1" })).toMatch(
      /must NOT be valid|boolean schema is false/,
    );
  });
});
