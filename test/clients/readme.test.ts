// docs/python-go.md, the guide of the Python and Go clients, matches the script that generates, builds and tests them.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { GENERATOR, parseArgs } from "../../scripts/clients.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const readme = readFileSync(path.join(root, "docs/python-go.md"), "utf8");
const section = readme.slice(readme.indexOf("## Build the artifacts"));

test("the guide says how the artifacts are built", () => {
  expect(readme).toContain("## Build the artifacts");
});

test("it names the pinned generator version and the config file of each language", () => {
  expect(section).toContain(`OpenAPI Generator ${GENERATOR.version}`);
  for (const file of ["python/openapi-generator.yaml", "go/openapi-generator.yaml"]) {
    expect(section).toContain(file);
    expect(existsSync(path.join(root, file))).toBe(true);
  }
});

test("each command it shows is one the script takes", () => {
  const commands = [...section.matchAll(/^bash scripts\/dev\.sh clients(?: -- (.*?))?\s*(?:#.*)?$/gm)].map((m) =>
    (m[1] ?? "").split(" ").filter(Boolean),
  );
  expect(commands.length).toBeGreaterThanOrEqual(1);
  for (const args of commands) expect(() => parseArgs(args)).not.toThrow();
  expect(() => parseArgs(["tets"])).toThrow(/unknown argument "tets"/);
});

test("npm test runs the clients' tests", () => {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  expect(pkg.scripts.test).toBe("node scripts/test.mjs");
  // The lint first, then vitest and the clients step side by side, each one's failure failing the run.
  const runner = readFileSync(path.join(root, "scripts/test.mjs"), "utf8");
  for (const step of [
    'node("scripts/lint.mjs"',
    'node("scripts/clients.mjs", ["test"]',
    'node("node_modules/vitest/vitest.mjs", ["run"',
    "vitest.code !== 0 || code !== 0",
  ])
    expect(runner).toContain(step);
  expect(pkg.scripts.clients).toBe("node scripts/clients.mjs");
});
