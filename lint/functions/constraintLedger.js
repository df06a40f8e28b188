// fo-constraint-ledger: every constraint of the document stands in openapi/constraints.yaml beside the
// reference fact or the generator reason that needs it, and every ledger entry is still in the document.
// See lint/functions/lib/ledger.js.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { checkLedger } from "./lib/ledger.js";

/**
 * @param {import("./lib/openapi.js").Document} doc
 * @param {{ ledger?: string } | undefined} options the ledger's file, from the working folder
 * @returns {import("./lib/openapi.js").Result[]}
 */
export default function constraintLedger(doc, options) {
  // Spectral runs rule functions without import.meta: the ledger is found from the repository root, where the
  // lint runs (scripts/lint.mjs sets it as the working directory).
  const file = path.resolve(process.cwd(), options?.ledger ?? "openapi/constraints.yaml");
  let ledger;
  try {
    ledger = parse(readFileSync(file, "utf8"));
  } catch (err) {
    return [{ message: `The constraint ledger could not be read: ${/** @type {Error} */ (err).message}`, path: [] }];
  }
  return checkLedger(doc, ledger);
}
