// JSON Schema 2020-12 validation against schemas of the bundled document.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { Json } from "./document.ts";

export interface SchemaValidator {
  /** Validates `value` against the schema at a JSON pointer of the bundle; returns error text or null. */
  validate(pointer: string, value: unknown): string | null;
}

export function schemaValidator(doc: Json): SchemaValidator {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addSchema(doc, "bundle");
  return {
    validate(pointer, value) {
      const validateFn = ajv.getSchema(`bundle#${pointer}`);
      if (!validateFn) throw new Error(`No schema at ${pointer}`);
      return validateFn(value) ? null : ajv.errorsText(validateFn.errors);
    },
  };
}

export const pointer = (...parts: string[]) =>
  `/${parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/")}`;
