// docs/python-go.md matches the clients step: the tours it runs from the built artifacts (the very files), the
// pinned generator and its config files, commands the script takes.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import {
  EXPECTED_CHECKS,
  GENERATOR,
  parseArgs,
  pinnedPython,
  readResults,
  resultTable,
} from "../../scripts/clients.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const guide = readFileSync(path.join(root, "docs/python-go.md"), "utf8");

test.each([
  ["python", "python/examples/tour.py"],
  ["go", "go/examples/tour/main.go"],
])("the guide's %s example is %s, verbatim", (language, file) => {
  const source = readFileSync(path.join(root, file), "utf8");
  const blocks = [...guide.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, "g"))].map((m) => m[1]);
  expect(blocks).toContain(source);
  expect(guide).toContain(`(\`${file}\`)`);
});

test("the build section names the pinned generator and each language's config file", () => {
  const section = guide.slice(guide.indexOf("## Build the artifacts"));
  expect(section).toContain(`OpenAPI Generator ${GENERATOR.version}`);
  for (const file of ["python/openapi-generator.yaml", "go/openapi-generator.yaml"]) {
    expect(section).toContain(file);
    expect(existsSync(path.join(root, file))).toBe(true);
  }
});

test("the guide's commands are ones the script takes", () => {
  const commands = [...guide.matchAll(/^bash scripts\/dev\.sh clients(?: -- (.*?))?\s*(?:#.*)?$/gm)].map((m) =>
    (m[1] ?? "").split(" ").filter(Boolean),
  );
  expect(commands.length).toBeGreaterThanOrEqual(1);
  for (const args of commands) expect(() => parseArgs(args)).not.toThrow();
  expect(parseArgs(["test", "go"])).toEqual({ test: true, artifacts: false, build: true, languages: ["go"] });
  expect(parseArgs(["build"])).toEqual({ test: false, artifacts: false, build: true, languages: ["python", "go"] });
  expect(parseArgs(["artifacts"])).toEqual({ test: false, artifacts: true, build: false, languages: ["python", "go"] });
});

test("the table fails every cell that is not as it must be", () => {
  const good = {
    a: "200",
    b: "201",
    wrong_secret: "401_00010000",
    redirect: "refused_307",
    oversized_body: "refused",
    upload_byte_exact: "yes",
  };
  expect(resultTable({ Go: good }, ["a", "b"]).failures).toEqual([]);
  const bad: Array<[string, string]> = [
    ["a", "500"],
    ["b", "missing"],
    ["wrong_secret", "200_"],
    ["redirect", "followed"],
    ["oversized_body", "read"],
    ["upload_byte_exact", "no"],
  ];
  for (const [cell, value] of bad) {
    const { failures } = resultTable({ Go: { ...good, [cell]: value } }, ["a", "b"]);
    expect(failures, cell).toHaveLength(1);
  }
  expect(Object.keys(EXPECTED_CHECKS)).toHaveLength(4);
  expect(readResults("x\nRESULTS a=200 wrong_secret=401_00010000\n")).toEqual({
    a: "200",
    wrong_secret: "401_00010000",
  });
  expect(() => readResults("Traceback")).toThrow(/no RESULTS line/);
});

test("the clients step reads each tool's pin from python/requirements-test.txt, and names a missing one", () => {
  expect(pinnedPython("ruff")).toMatch(/^\d+\.\d+\.\d+$/);
  expect(pinnedPython("ruff", "pytest==9.2.0\nruff==0.17.6\n")).toBe("0.17.6");
  expect(() => pinnedPython("ruff", "pytest==9.2.0\n")).toThrow(/pins no ruff/);
});
