// The mutation set is derived from scripts/mutation-set.mjs, and it must cover the code that guards signing and
// access: every file under the security folders (and the control gate's and the front's files) on disk is matched
// by StrykerJS's `mutate` as StrykerJS matches it (its own minimatch), or named in `outside` with a reason; every
// glob matches a file; every group's tests exist. A file added under src/proxy, say, is mutated without a list
// to edit, and one moved out of the set fails here.
import { readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, test } from "vitest";
import { groups, globsOf, inGroup, mutate, mutationTests, outside } from "../../scripts/mutation-set.mjs";
import mutationVitest from "../../vitest.mutation.config.ts";

const root = path.resolve(import.meta.dirname, "../..");
// StrykerJS's configuration as StrykerJS loads it (a plain module, no types of its own).
const strykerConfig: { mutate: string[] } = (await import(pathToFileURL(path.join(root, "stryker.config.mjs")).href))
  .default;
// StrykerJS's own matcher (its FileMatcher: minimatch over absolute paths, hidden files left out).
const strykerRequire = createRequire(createRequire(import.meta.url).resolve("@stryker-mutator/core/package.json"));
const { minimatch } = strykerRequire("minimatch") as {
  minimatch: (file: string, pattern: string, options: { dot: boolean }) => boolean;
};
const abs = (p: string) => path.resolve(root, p).split(path.sep).join("/");

/** What StrykerJS mutates of these files under `patterns`: the last pattern that matches wins (`!` excludes). */
function mutated(file: string, patterns: readonly string[]): boolean {
  let on = false;
  for (const p of patterns) {
    const negated = p.startsWith("!");
    if (minimatch(abs(file), abs(negated ? p.slice(1) : p), { dot: false })) on = !negated;
  }
  return on;
}

/** Every file under a folder, relative to the root, "/"-separated. */
function filesUnder(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .map((f) => `${folder}/${f.split(path.sep).join("/")}`)
    .filter((f) => statSync(path.join(root, f)).isFile());
}

/** The code that guards signing and access, in the words: whole folders, and single files. */
const SECURITY_FOLDERS = ["src/signing", "src/fetch", "src/proxy", "src/cli", "src/mock/request", "src/mock/auth"];
const SECURITY_FILES = [
  "src/mock/stateful/controlAccess.ts",
  "src/mock/stateful/http.ts",
  "src/mock/front.ts",
  "src/server/authorities.ts",
  "src/server/body.ts",
  "src/server/connections.ts",
];
const securityFiles = [...SECURITY_FOLDERS.flatMap(filesUnder), ...SECURITY_FILES];

describe("the mutation set", () => {
  test("is what StrykerJS is given", () => {
    expect(strykerConfig.mutate).toEqual(mutate);
    expect(mutationVitest.test?.include).toEqual(mutationTests);
  });

  test.each(securityFiles)("mutates %s, or says why not", (file) => {
    if (file in outside) {
      expect(mutated(file, mutate)).toBe(false);
      expect(outside[file]!.length).toBeGreaterThan(20);
    } else expect(mutated(file, mutate), `${file} is under a security folder but not mutated`).toBe(true);
  });

  test("puts each mutated file in exactly one group, as the report is judged", () => {
    for (const file of securityFiles.filter((f) => !(f in outside)))
      expect(groups.filter((g) => inGroup(g, file)).map((g) => g.name)).toHaveLength(1);
  });

  test("has no file outside it that is not on disk under a group", () => {
    for (const file of Object.keys(outside))
      expect(groups.some((g) => globsOf(g).some((p) => mutated(file, [p])))).toBe(true);
  });

  test.each(groups.flatMap((g) => globsOf(g).map((glob) => [g.name, glob] as const)))(
    "%s: %s matches a file on disk",
    (_name, glob) => {
      const base = glob.includes("*") ? glob.slice(0, glob.indexOf("/*")) : path.dirname(glob);
      expect(filesUnder(base).filter((f) => mutated(f, [glob]))).not.toEqual([]);
    },
  );

  // 95% for the security code; the client's transport keeps the 90% it was given first (it decides what is
  // retried, not who gets through).
  test.each(groups)("$name: its tests exist, and its target is at least 95% (the client transport's 90%)", (group) => {
    expect(group.target).toBeGreaterThanOrEqual(group.name === "client transport" ? 90 : 95);
    for (const glob of group.tests) {
      const base = glob.includes("*") ? glob.slice(0, glob.indexOf("/*")) : path.dirname(glob);
      expect(
        filesUnder(base).filter((f) => minimatch(abs(f), abs(glob), { dot: false })),
        glob,
      ).not.toEqual([]);
    }
  });

  test("a file left out of a folder is caught", () => {
    // The check above, against a set that lost one file: it must notice.
    const lost = [...mutate, "!src/proxy/headers.ts"];
    expect(mutated("src/proxy/headers.ts", lost)).toBe(false);
    expect(mutated("src/proxy/server.ts", lost)).toBe(true);
  });
});
