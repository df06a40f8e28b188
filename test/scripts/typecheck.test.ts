// The lint's tsc step checks the JavaScript the project runs: the repository's own tsconfig.json, copied into a folder
// with a single script, passes it as written and fails it with a planted type error, naming the file, the line and
// the error. (The folder sits under out/, inside the repository, so that tsc finds @types/node as the real run does.)
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { typeCheck } from "../../scripts/lint.mjs";

const root = path.resolve(import.meta.dirname, "../..");
let dir: string;

const script = (body: string) =>
  ["/** @param {string} name the person greeted */", "export function greet(name) {", `  ${body}`, "}", ""].join("\n");

/** What the step prints, and whether it failed, on the copy with scripts/planted.mjs as given. */
async function checked(text: string) {
  writeFileSync(path.join(dir, "scripts/planted.mjs"), text);
  const printed = vi.spyOn(console, "error").mockImplementation(() => {});
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  try {
    const outcome = await typeCheck(dir);
    outcome.report();
    return { failed: outcome.failed, output: [...printed.mock.calls, ...log.mock.calls].flat().join("\n") };
  } finally {
    printed.mockRestore();
    log.mockRestore();
  }
}

beforeAll(() => {
  mkdirSync(path.join(root, "out"), { recursive: true });
  dir = mkdtempSync(path.join(root, "out", "typecheck-"));
  copyFileSync(path.join(root, "tsconfig.json"), path.join(dir, "tsconfig.json"));
  mkdirSync(path.join(dir, "scripts"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("a script as its JSDoc types it passes", async () => {
  expect(await checked(script('return "Hello, " + name.toUpperCase();'))).toEqual({
    failed: false,
    output: "tsc: no type errors",
  });
});

test("a planted type error in a script fails the step, which names the file, line and error", async () => {
  const { failed, output } = await checked(script("return name * 2;"));
  expect(failed).toBe(true);
  expect(output).toMatch(/^tsc: .*scripts\/planted\.mjs\(3,10\): error TS2362: /m);
});

test("an untyped parameter of a script is an error too (checkJs under strict)", async () => {
  const { failed, output } = await checked("export const twice = (n) => n + n;\n");
  expect(failed).toBe(true);
  expect(output).toMatch(/scripts\/planted\.mjs\(1,23\): error TS7006: Parameter 'n' implicitly has an 'any' type/);
});

// The check must not depend on a build: a fresh clone has no dist/, where the package's exports point. So inside the
// repository every subpath the package exports for code resolves, through tsconfig.json's paths, to the source
// tsdown builds it from.
test("every code subpath of the package maps to its source in tsconfig.json, never to dist/", async () => {
  const ts = (await import("typescript")).default;
  const { config, error } = ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile);
  expect(error).toBeUndefined();
  const paths = (config as { compilerOptions: { paths: Record<string, string[]> } }).compilerOptions.paths;
  const builds = (await import("../../tsdown.config.ts")).default as unknown as {
    entry: Record<string, string>;
    outDir: string;
  }[];
  // The client package's build: what its dist/ holds.
  const sources = builds.find((b) => b.outDir === "dist")?.entry ?? {};
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    name: string;
    exports: Record<string, string | { import: { default: string } }>;
  };
  const code = Object.entries(pkg.exports).filter(([, target]) => typeof target === "object");
  expect(code.length).toBeGreaterThan(3);
  for (const [subpath, target] of code) {
    const built = /^\.\/dist\/(.+)\.mjs$/.exec((target as { import: { default: string } }).import.default);
    const source = built && sources[built[1] as string];
    expect(source, `${subpath}: no tsdown entry builds ${JSON.stringify(target)}`).toBeTruthy();
    const name = subpath === "." ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
    expect(paths[name], `tsconfig.json's paths has no ${name}`).toEqual([`./${source}`]);
  }
});
