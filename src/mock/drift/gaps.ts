// A value read beside the schema the document gives it, for what Redocly's check cannot see: members an open schema
// allows but does not name, and what a value shows where the document carries `x-not-shown` (a status the reference
// never listed, the type or form of a timestamp, a code). What is shown is a member's name and type, a value only when
// it is short and enum-like (a status, a code) and its member's value is kept by the masking (src/server/masked.ts).
import { isKeptMember, isMaskedMember } from "../../server/masked.ts";
import { type DriftDocument, type Gap, isNode, type Node, segment } from "./document.ts";

/** One thing a value showed at one place. */
export interface Observation {
  kind: "gap" | "unnamed-property";
  /** JSON pointer into the body (or parameter) read, items as `*`. */
  at: string;
  /** A member the schema does not name (at is its place), or something shown of a value the schema names. */
  member: boolean;
  /** What it showed: a type, a form, a short value, a status. */
  shown: string;
  /** The document's place to edit. */
  document: string;
  gap?: Gap;
}

/** A short status or name: a letter, then letters, digits, `_ . : -`, at most 40 characters. */
const ENUM_LIKE = /^[A-Za-z][A-Za-z0-9_.:-]{0,39}$/;
/** A code of digits (00020001): shown only where the schema itself offers codes, never as an unnamed member's value. */
const DIGIT_CODE = /^\d{1,12}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FORMS: [string, RegExp][] = [
  ["uuid", UUID],
  ["date-time", /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/i],
  ["date", /^\d{4}-\d\d-\d\d$/],
  ["uri", /^[a-z][a-z\d+.-]*:\/\/\S+$/i],
  ["decimal number", /^-?\d+(\.\d+)?$/],
];

export const isEnumLike = (value: string) => ENUM_LIKE.test(value) && !UUID.test(value);
/** A value worth showing where the schema offers values of its own (`offers`): enum-like, or a code of digits. */
export const isShownValue = (value: string, offers: boolean) => isEnumLike(value) || (offers && DIGIT_CODE.test(value));
const formOf = (value: string) => FORMS.find(([, re]) => re.test(value))?.[0];

/** A JSON value's type as JSON Schema names it. */
export function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** What a value is, in words: its type, the form of a string, a short enum-like string itself, an object's members. */
export function describe(value: unknown, masked: boolean): string {
  if (typeof value === "string") {
    if (!masked && isEnumLike(value)) return `string "${value}"`;
    const form = formOf(value);
    return form ? `string (${form})` : "string";
  }
  if (isNode(value)) {
    const names = Object.keys(value);
    if (names.length === 0) return "object (empty)";
    return `object (members ${names.slice(0, 8).join(", ")}${names.length > 8 ? ", ..." : ""})`;
  }
  return typeOf(value);
}

/** The values a schema already names: its enum, const, examples and x-extensible-enum. */
function known(node: Node): Set<unknown> {
  const values = new Set<unknown>();
  for (const key of ["enum", "examples", "x-extensible-enum"])
    if (Array.isArray(node[key])) for (const v of node[key] as unknown[]) values.add(v);
  if ("const" in node) values.add(node.const);
  return values;
}

const types = (node: Node) => (Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type]);

/**
 * What a scalar shows at a gap that the schema does not already say: its type where none is given, a new value, or a
 * form.
 */
function scalarFacts(value: unknown, node: Node, masked: boolean): string[] {
  const declared = types(node);
  if (declared.length === 0 && !("const" in node) && !Array.isArray(node.enum)) return [describe(value, masked)];
  // A value of another type than the schema's is Redocly's finding, not something the gap waits for.
  const type = typeOf(value);
  if (declared.length > 0 && !declared.includes(type) && !(type === "integer" && declared.includes("number")))
    return [];
  if (typeof value !== "string" || masked) return [];
  const offered = known(node);
  if (isShownValue(value, offered.size > 0)) return offered.has(value) ? [] : [`value "${value}"`];
  const form = formOf(value);
  return form && node.format === undefined ? [`form ${form}`] : [];
}

/**
 * Reads `value` beside the schema at `pointer` in `doc`, calling `observe` for each unnamed member and each gap
 * something new was shown at. `at` is where the value sits in what was read; `masked`: the value is under a masked
 * member's name.
 */
export function walk(
  doc: DriftDocument,
  value: unknown,
  pointer: string,
  at: string,
  observe: (o: Observation) => void,
  masked = false,
): void {
  const resolved = doc.at(pointer);
  if (!resolved) return;
  const { node, gap } = resolved;
  const schema = resolved.pointer;
  if (isNode(value) && (types(node).length === 0 || types(node).includes("object"))) {
    const named = isNode(node.properties) ? node.properties : {};
    const additional = node.additionalProperties;
    for (const [name, member] of Object.entries(value)) {
      const here = `${at}/${segment(name)}`;
      // Only a kept member's value is the service's own: any other was masked, or may have been (shape is all it shows).
      const hidden = isMaskedMember(name) || !isKeptMember(name);
      if (Object.hasOwn(named, name)) {
        walk(doc, member, `${schema}/properties/${segment(name)}`, here, observe, hidden);
        continue;
      }
      // A closed schema refuses the member: Redocly's check reports that.
      if (additional === false) continue;
      const shown = describe(member, hidden);
      observe(
        gap
          ? { kind: "gap", at: here, member: true, shown, document: gap.pointer, gap }
          : { kind: "unnamed-property", at: here, member: true, shown, document: schema },
      );
      if (isNode(additional)) walk(doc, member, `${schema}/additionalProperties`, here, observe, hidden);
    }
    return;
  }
  if (Array.isArray(value)) {
    if (isNode(node.items)) for (const item of value) walk(doc, item, `${schema}/items`, `${at}/*`, observe, masked);
    else if (gap && types(node).length === 0)
      observe({ kind: "gap", at, member: false, shown: "array", document: gap.pointer, gap });
    return;
  }
  if (gap)
    for (const shown of scalarFacts(value, node, masked))
      observe({ kind: "gap", at, member: false, shown, document: gap.pointer, gap });
}
