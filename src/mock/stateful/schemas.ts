import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

/** Checks values against the bundled document's component schemas (JSON Schema 2020-12, formats on). */
export interface ComponentValidator {
  /** Error text, or undefined when `value` is a valid `name` (a schema under components/schemas). */
  check(name: string, value: unknown): string | undefined;
}

export function componentValidator(document: object): ComponentValidator {
  // The document is linted where it is made; checking it against JSON Schema's meta-schema at every start cost more
  // than the rest of the stateful mode's start.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addSchema(document, "document");
  return {
    check(name, value) {
      const validate = ajv.getSchema(`document#/components/schemas/${name}`);
      if (!validate) throw new Error(`The document has no schema ${name}.`);
      return validate(value) ? undefined : ajv.errorsText(validate.errors, { dataVar: name });
    },
  };
}
