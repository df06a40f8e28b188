// dev.sh skips `npm ci` only when node_modules is what package-lock.json asks for. From this repository's own
// lock file: the record npm writes after installing it agrees; any one package changed, added or dropped in
// node_modules, or a dependency edited in package.json, is a difference (each package of the lock is tried).
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { expect, test } from "vitest";
import { firstDifference } from "../../scripts/deps-current.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8"));
type Entry = { version?: string; integrity?: string; optional?: boolean };
/**
 * What npm records after `npm ci` of this lock: every package but the root, optional ones of other platforms
 * left out.
 */
const installedRecord = () => ({
  packages: Object.fromEntries(
    Object.entries(lock.packages as Record<string, Entry>).filter(
      ([name, e]) =>
        name !== "" && !(e.optional && /darwin|win32|android|freebsd|openbsd|sunos|aix|arm64|arm|ia32|wasm/.test(name)),
    ),
  ),
});
const names = Object.keys(installedRecord().packages);

test("a clean install's record agrees, with or without other platforms' packages", () => {
  expect(
    firstDifference(pkg, lock, {
      packages: Object.fromEntries(Object.entries(lock.packages).filter(([n]) => n !== "")),
    }),
  ).toBeNull();
  expect(firstDifference(pkg, lock, installedRecord())).toBeNull();
  expect(firstDifference(pkg, lock, undefined)).toMatch(/missing/);
});

test("any one package changed, dropped or added is a difference", () => {
  fc.assert(
    fc.property(fc.constantFrom(...names), fc.constantFrom("version", "drop", "extra"), (name, change) => {
      const record = installedRecord();
      const entry = record.packages[name] as Entry;
      if (change === "version") record.packages[name] = { ...entry, version: `${entry.version}-changed` };
      if (change === "drop") delete record.packages[name];
      if (change === "extra") record.packages[`${name}/node_modules/extra-package`] = { version: "1.0.0" };
      const difference = firstDifference(pkg, lock, record);
      if (change === "drop" && entry.optional) expect(difference).toBeNull();
      else expect(difference).toContain(name);
    }),
    { seed: 20261125, numRuns: 200 },
  );
});

test("a dependency edited in package.json without the lock is a difference", () => {
  const [name] = Object.keys(pkg.devDependencies);
  expect(
    firstDifference({ ...pkg, devDependencies: { ...pkg.devDependencies, [name!]: "0.0.0" } }, lock, installedRecord()),
  ).toMatch(/devDependencies/);
  expect(
    firstDifference({ ...pkg, dependencies: { ...pkg.dependencies, "left-pad": "1.3.0" } }, lock, installedRecord()),
  ).toMatch(/dependencies/);
});
