// The constraint ledger (openapi/constraints.yaml): each fact the document's constraints stand on, with the
// constraints it accounts for. checkLedger holds the document against it both ways: a constraint the ledger
// does not hold is one the reference may not state (an invented rule), and a ledger entry the document no
// longer has is a rule of the reference the document lost (a loosened contract).
import { constraintKey, constraints } from "./constraints.js";
import { isObject } from "./openapi.js";

/** Where a ledger entry may stand: a fact of the reference, or what a code generator needs to work. */
export const BASES = ["reference", "portability"];

/** @typedef {import("./constraints.js").Constraint} Constraint */

const show = (/** @type {import("./openapi.js").Path} */ at) => at.map(String).join(" > ");
const describe = (/** @type {Constraint} */ { keyword, value }) => `${keyword}: ${JSON.stringify(value)}`;

/**
 * The ledger's own mistakes (shape, duplicates), each as a message.
 * @param {unknown} ledger openapi/constraints.yaml, as parsed
 */
function ledgerProblems(ledger) {
  /** @type {string[]} */
  const problems = [];
  if (!Array.isArray(ledger)) return ["the ledger is not a list of facts"];
  /** @type {Set<string>} */
  const ids = new Set();
  /** @type {Map<string, string>} */
  const seen = new Map();
  for (const [i, fact] of ledger.entries()) {
    const name = isObject(fact) && typeof fact.id === "string" ? fact.id : `fact ${i + 1}`;
    if (!isObject(fact)) {
      problems.push(`${name}: not an object`);
      continue;
    }
    if (typeof fact.id !== "string" || !/^[a-z0-9-]+$/.test(fact.id)) problems.push(`${name}: id must be kebab-case`);
    else if (ids.has(fact.id)) problems.push(`${name}: id used twice`);
    ids.add(fact.id);
    if (!BASES.includes(fact.basis)) problems.push(`${name}: basis must be one of ${BASES.join(", ")}`);
    if (typeof fact.section !== "string" || fact.section.trim() === "")
      problems.push(`${name}: section must name where the fact is (a reference section, or the generator notes)`);
    if (typeof fact.says !== "string" || fact.says.trim().split(/\s+/).length < 6)
      problems.push(`${name}: says must state the fact in a sentence`);
    if (!Array.isArray(fact.constraints) || fact.constraints.length === 0) {
      problems.push(`${name}: constraints must list what the fact accounts for`);
      continue;
    }
    for (const entry of fact.constraints) {
      const [keyword, ...more] = isObject(entry) ? Object.keys(entry).filter((k) => k !== "at") : [];
      if (!isObject(entry) || !Array.isArray(entry.at) || keyword === undefined || more.length) {
        problems.push(`${name}: each constraint is {at: [...], <keyword>: <value>}, got ${JSON.stringify(entry)}`);
        continue;
      }
      const c = { at: entry.at, keyword, value: entry[keyword] };
      const key = constraintKey(c);
      if (seen.has(key)) problems.push(`${name}: ${describe(c)} at ${show(c.at)} is already under ${seen.get(key)}`);
      seen.set(key, name);
    }
  }
  return problems;
}

/**
 * The ledger's constraints, flattened: `{at, keyword, value, fact}`.
 * @param {unknown} ledger
 * @returns {(Constraint & { at: string[], fact: unknown })[]}
 */
export function ledgerEntries(ledger) {
  return (Array.isArray(ledger) ? ledger : []).flatMap((fact) =>
    (isObject(fact) && Array.isArray(fact.constraints) ? fact.constraints : [])
      .filter((e) => isObject(e) && Array.isArray(e.at))
      .flatMap((e) =>
        Object.keys(e)
          .filter((k) => k !== "at")
          .map((keyword) => ({ at: e.at.map(String), keyword, value: e[keyword], fact: fact.id })),
      ),
  );
}

/**
 * Problems of a bundled document against the ledger: `{message, path}` (path: where to fix it in the
 * document; empty for a problem of the ledger itself).
 * @param {import("./openapi.js").Document} doc @param {unknown} ledger
 * @returns {import("./openapi.js").Result[]}
 */
export function checkLedger(doc, ledger) {
  /** @type {import("./openapi.js").Result[]} */
  const results = ledgerProblems(ledger).map((p) => ({ message: `openapi/constraints.yaml: ${p}`, path: [] }));
  const entries = ledgerEntries(ledger);
  const held = new Set(entries.map(constraintKey));
  const found = constraints(doc);
  const present = new Set(found.map(constraintKey));
  for (const c of found) {
    if (held.has(constraintKey(c))) continue;
    results.push({
      message:
        `\`${describe(c)}\` is not in the constraint ledger (openapi/constraints.yaml). Tie it there to the ` +
        "reference fact that states it, or to the generator that needs it; else remove it: the reference does not give it.",
      path: c.at,
    });
  }
  for (const e of entries) {
    if (present.has(constraintKey(e))) continue;
    results.push({
      message:
        `The document lost \`${describe(e)}\` at ${show(e.at)}, which the ledger ties to "${e.fact}" ` +
        "(openapi/constraints.yaml): restore it, or correct the ledger if the fact changed.",
      path: e.at,
    });
  }
  return results;
}
