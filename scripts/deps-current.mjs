// Whether node_modules holds exactly what package-lock.json asks for, so `scripts/dev.sh` can skip `npm ci`
// (14-19 s) when nothing changed. It compares the lock with node_modules/.package-lock.json, the record npm
// itself writes of what it installed, and package.json with the lock's root entry (`npm ci` refuses a mismatch).
// Exit 0: current; 1: `npm ci` is needed (the first difference is printed); 2: wrong usage.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseOrExit } from "./args.mjs";

const root = path.resolve(import.meta.dirname, "..");
const DEPENDENCY_FIELDS = ["dependencies", "devDependencies", "optionalDependencies", "peerDependencies"];

/** @typedef {Record<string, any>} Json package.json or a lock file, as parsed */

const same = (/** @type {unknown} */ a, /** @type {unknown} */ b) =>
  JSON.stringify(Object.entries(a ?? {}).sort()) === JSON.stringify(Object.entries(b ?? {}).sort());

/**
 * The first difference between what the lock asks for and what npm recorded installing, or null when none.
 * An optional package npm did not install (another platform's binary) is no difference.
 * @param {Json} pkg @param {Json} lock @param {Json | undefined} installed node_modules/.package-lock.json
 * @returns {string | null}
 */
export function firstDifference(pkg, lock, installed) {
  if (!installed) return "node_modules/.package-lock.json is missing (nothing installed yet)";
  const rootEntry = lock.packages?.[""] ?? {};
  for (const field of DEPENDENCY_FIELDS)
    if (!same(pkg[field], rootEntry[field])) return `package.json's ${field} differ from package-lock.json`;
  const wanted = lock.packages ?? {};
  const have = installed.packages ?? {};
  for (const [name, entry] of Object.entries(/** @type {Record<string, Json>} */ (wanted))) {
    if (name === "") continue;
    const got = have[name];
    if (!got) {
      if (entry.optional) continue;
      return `${name} is not installed`;
    }
    if (
      got.version !== entry.version ||
      (entry.integrity && got.integrity !== entry.integrity) ||
      Boolean(got.link) !== Boolean(entry.link)
    )
      return `${name} is ${got.version ?? "a link"}, the lock asks ${entry.version ?? "a link"}`;
  }
  for (const name of Object.keys(have))
    if (!(name in wanted)) return `${name} is installed but not in package-lock.json`;
  return null;
}

const readJson = (/** @type {string} */ file) => {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    if (/** @type {NodeJS.ErrnoException} */ (err).code === "ENOENT") return undefined;
    throw err;
  }
};

/** @satisfies {import("../src/cli/args.ts").Command} */
export const command = {
  name: "deps-current",
  usage: "node scripts/deps-current.mjs   (exit 0: node_modules matches package-lock.json; 1: run npm ci)",
};

if (import.meta.main) {
  parseOrExit(command, process.argv.slice(2), { version: readJson(path.join(root, "package.json")).version });
  const difference = firstDifference(
    readJson(path.join(root, "package.json")),
    readJson(path.join(root, "package-lock.json")),
    readJson(path.join(root, "node_modules/.package-lock.json")),
  );
  if (difference) {
    console.log(`deps-current: ${difference}`);
    process.exit(1);
  }
}
