// Every script runs as a program wherever the repository sits, and stays quiet when imported. The check
// (scripts/is-main.mjs) compared `import.meta.url` with `file://${argv[1]}` before, which is false for a path
// that percent-encoding changes (a space, `%`, `#`, non-ASCII) and for a symlinked one, so the script did
// nothing. Here the scripts folder is copied under generated folder names made of such characters and each
// program is run through that path, through a symlink to it, and imported by another module.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { afterAll, describe, expect, test } from "vitest";
import { isMain } from "../../scripts/is-main.mjs";
import { run } from "../../scripts/run.mjs";
import { programFiles } from "./programs.ts";

const root = path.resolve(import.meta.dirname, "../..");
const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const base = mkdtempSync(path.join(os.tmpdir(), "is-main-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const programs = programFiles;

/** Parts of folder names that percent-encoding or a symlink changes, and plain ones between them. */
const part = fc.constantFrom(" ", "%", "%20", "#", "?", "&", "+", "'", "[x]", "é", "日本", "✓", "ü", "a", "b-c");
const folderName = fc
  .array(part, { minLength: 1, maxLength: 6 })
  .map((parts) => parts.join(""))
  .filter((name) => name.trim() !== "" && name !== "." && name !== "..");

let copies = 0;
/**
 * A copy of the repository's scripts folder under `name`, with what the scripts import beside it (the house lint
 * rules' document walker in lint/, package.json; node_modules linked).
 */
function copyUnder(name: string): string {
  const dir = path.join(base, String(copies++), name);
  mkdirSync(dir, { recursive: true });
  cpSync(path.join(root, "scripts"), path.join(dir, "scripts"), { recursive: true });
  cpSync(path.join(root, "lint"), path.join(dir, "lint"), { recursive: true });
  cpSync(path.join(root, "package.json"), path.join(dir, "package.json"));
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
  return dir;
}

const node = (args: string[], cwd: string) =>
  run(process.execPath, args, { cwd, check: false, timeoutMs: 60_000, env: { ...process.env, NO_COLOR: "1" } });

/** What the program prints for --version started through `via`. */
const started = (dir: string, program: string, via: string) =>
  node([path.join(via, "scripts", program), "--version"], dir);

/** What it prints when another module imports it (with --version on that module's command line). */
async function imported(dir: string, program: string) {
  const importer = path.join(dir, `import-${program}`);
  writeFileSync(importer, `await import(${JSON.stringify(`./scripts/${program}`)});\nconsole.log("imported");\n`);
  return node([importer, "--version"], dir);
}

const stem = (program: string) => program.replace(/\.mjs$/, "");

describe("through a path that percent-encoding changes, and through a symlink", () => {
  const dir = copyUnder("a b%20c#d?é 日本✓");
  const link = `${dir} link`;
  symlinkSync(dir, link);

  test.concurrent.each(programs)(
    "%s runs when started and not when imported",
    async (program) => {
      for (const via of [dir, link]) {
        const direct = await started(dir, program, via);
        expect(direct.stdout.trim(), direct.stderr).toBe(`${stem(program)} ${version}`);
        expect(direct.code).toBe(0);
      }
      const quiet = await imported(dir, program);
      expect(quiet.stdout, quiet.stderr).toBe("imported\n");
      expect(quiet.code).toBe(0);
    },
    120_000,
  );
});

test("under generated folder names, programs run when started and not when imported", async () => {
  await fc.assert(
    fc.asyncProperty(folderName, fc.constantFrom(...programs), async (name, program) => {
      const dir = copyUnder(name);
      const direct = await started(dir, program, dir);
      expect(direct.stdout.trim(), direct.stderr).toBe(`${stem(program)} ${version}`);
      const quiet = await imported(dir, program);
      expect(quiet.stdout, quiet.stderr).toBe("imported\n");
    }),
    { numRuns: 8 },
  );
}, 180_000);

test("isMain is true only for the module Node ran, symlinked or not", () => {
  const file = path.join(root, "scripts/is-main.mjs");
  const link = path.join(base, "link to is-main.mjs");
  symlinkSync(file, link);
  const url = pathToFileURL(file).href;
  expect(isMain(url, [process.execPath, file])).toBe(true);
  expect(isMain(url, [process.execPath, link])).toBe(true);
  expect(isMain(url, [process.execPath, path.join(root, "scripts/run.mjs")])).toBe(false);
  expect(isMain(url, [process.execPath])).toBe(false);
  expect(isMain(url, [process.execPath, "--version"])).toBe(false);
});
