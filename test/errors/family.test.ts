// The error family, generated from what the package exports: every export whose name ends in "Error", from the
// root and each subpath, is a member of FinancialOperationsError with a guard of its own that tells it from every
// other member, also when the instance comes from another copy of the package (a CommonJS bundle beside the ESM).
import { readdirSync } from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as fetchEntry from "../../src/fetch/index.ts";
import * as root from "../../src/index.ts";
import * as signingEntry from "../../src/signing/index.ts";
import { samples } from "./samples.ts";

type Lib = Record<string, unknown>;
type Guard = (value: unknown) => boolean;
const BASE = "FinancialOperationsError";
const srcDir = path.resolve(import.meta.dirname, "../../src");
// Entry points as package.json names them, and the source each is built from.
const entries: Record<string, { lib: Lib; file: string }> = {
  ".": { lib: root, file: "index.ts" },
  "./fetch": { lib: fetchEntry, file: "fetch/index.ts" },
  "./signing": { lib: signingEntry, file: "signing/index.ts" },
};
// Names ending in "Error": the classes (capitalised) and their guards (`is` + the class name).
const errorNames = (lib: Lib) => Object.keys(lib).filter((k) => /^[A-Z]\w*Error$/.test(k));
const guardNames = (lib: Lib) => Object.keys(lib).filter((k) => /^is\w*Error$/.test(k));
const members = [...new Set(Object.values(entries).flatMap(({ lib }) => errorNames(lib)))]
  .filter((n) => n !== BASE)
  .sort();
const lib = root as unknown as Lib;
const guardOf = (l: Lib, name: string) => l[`is${name}`] as Guard;

// A second copy of the package: each entry bundled as CommonJS (each bundle carries its own classes).
let dir: string;
const cjs: Record<string, Lib> = {};
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "fo-errors-"));
  const files = Object.fromEntries(
    Object.entries(entries).map(([k, { file }]) => [k === "." ? "index" : k.slice(2), path.join(srcDir, file)]),
  );
  await build({ entryPoints: files, outdir: dir, bundle: true, format: "cjs", platform: "node", logLevel: "error" });
  const require = createRequire(import.meta.url);
  for (const k of Object.keys(entries)) cjs[k] = require(path.join(dir, `${k === "." ? "index" : k.slice(2)}.js`));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("exports", () => {
  test("the family has members", () => {
    expect(members.length).toBeGreaterThan(15);
  });

  test.each(Object.keys(entries))("%s exports the base and its guard", (entry) => {
    expect(entries[entry]!.lib).toHaveProperty(BASE, root.FinancialOperationsError);
    expect(entries[entry]!.lib).toHaveProperty("isFinancialOperationsError", root.isFinancialOperationsError);
  });

  test.each(Object.keys(entries))("%s exports each member and its guard as the root does", (entry) => {
    const l = entries[entry]!.lib;
    for (const name of errorNames(l)) {
      expect(l[name], name).toBe(lib[name]);
      expect(l[`is${name}`], name).toBe(lib[`is${name}`]);
    }
  });

  test.each(Object.keys(entries))("%s exports a guard for each class and no other", (entry) => {
    const l = entries[entry]!.lib;
    expect(guardNames(l).sort()).toEqual(
      errorNames(l)
        .map((n) => `is${n}`)
        .sort(),
    );
  });

  test("every class file in src/errors is a member the root exports", async () => {
    const files = readdirSync(path.join(srcDir, "errors")).filter((f) => /^[A-Z]\w*Error\.ts$/.test(f));
    expect(files.map((f) => f.slice(0, -3)).sort()).toEqual([BASE, ...members].sort());
    for (const f of files) {
      const name = f.slice(0, -3);
      const mod = await import(path.join(srcDir, "errors", f));
      expect(mod[name], f).toBe(lib[name]);
    }
  });

  test("every member has a sample", () => {
    expect(Object.keys(samples).sort()).toEqual(members);
  });
});

describe("the base", () => {
  test("its guard rejects arbitrary values", () => {
    fc.assert(fc.property(fc.anything(), (value) => !root.isFinancialOperationsError(value)));
  });

  test("rejects errors that are not the package's", () => {
    for (const e of [new Error("x"), new TypeError("x"), new DOMException("x", "TimeoutError"), { name: BASE }]) {
      expect(root.isFinancialOperationsError(e)).toBe(false);
    }
  });

  test("keeps its brand out of an instance's own keys", () => {
    const e = samples.TimeoutError!(lib);
    expect(Object.getOwnPropertySymbols(e)).toEqual([]);
    expect(JSON.stringify({ ...e })).not.toContain("financial-operations-api");
  });
});

describe.each(members)("%s", (name) => {
  const make = samples[name]!;
  const Class = lib[name] as abstract new (...args: never[]) => Error;
  const guard = guardOf(lib, name);

  test("extends the base", () => {
    expect(Class.prototype).toBeInstanceOf(root.FinancialOperationsError);
    expect(make(lib)).toBeInstanceOf(Error);
  });

  test("has the class name as its name", () => {
    expect(Class.name).toBe(name);
    expect(make(lib).name).toBe(name);
  });

  test("is accepted by the base guard and by its own", () => {
    expect(root.isFinancialOperationsError(make(lib))).toBe(true);
    expect(guard(make(lib))).toBe(true);
  });

  test("its guard rejects every other member", () => {
    const others = members.filter((n) => n !== name);
    expect(others.filter((n) => guard(samples[n]!(lib)))).toEqual([]);
  });

  test("its guard rejects plain errors, also one that borrows its name", () => {
    for (const e of [
      new Error(name),
      Object.assign(new Error("x"), { name }),
      new DOMException("x", name),
      { name, message: "x" },
      name,
      null,
    ]) {
      expect(guard(e)).toBe(false);
    }
  });

  test.each(Object.keys(entries).filter((k) => errorNames(entries[k]!.lib).includes(name)))(
    "is recognised across the CommonJS build of %s, both ways",
    (entry) => {
      const copy = cjs[entry]!;
      const foreign = make(copy);
      // A second copy indeed: instanceof cannot tell.
      expect(foreign).not.toBeInstanceOf(Class);
      expect(guard(foreign)).toBe(true);
      expect(root.isFinancialOperationsError(foreign)).toBe(true);
      expect(guardOf(copy, name)(make(lib))).toBe(true);
      expect((copy.isFinancialOperationsError as Guard)(make(lib))).toBe(true);
    },
  );
});
