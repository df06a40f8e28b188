// The two tiers (scripts/test.mjs): `npm test` runs the lint, then vitest's fast files beside the clients step with
// `test` (a Python lane and a Go lane); `npm run e2e` builds the artifacts, then runs vitest's e2e files beside their
// tours, the journey table and the generator matrix; either fails when a step fails, naming it. Checked by running the
// real scripts/test.mjs in a copy of scripts/ where each step it starts is a stub that records how it was called and
// exits as the test says.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));

/** The programs scripts/test.mjs starts, each replaced by a stub named after its step. */
const STEPS: Record<string, string> = {
  "scripts/lint.mjs": "lint",
  "scripts/clients.mjs": "clients",
  "scripts/journeys.mjs": "journeys",
  "scripts/generators.mjs": "generators",
  "node_modules/vitest/vitest.mjs": "vitest",
};

const stub = (name: string) => `import { appendFileSync } from "node:fs";
appendFileSync(process.env.FO_STEP_LOG, JSON.stringify(["${name}", process.argv.slice(2)]) + "\\n");
process.exitCode = Number(process.env.FO_FAIL_STEP === "${name}");
`;

let dir = "";
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "npm-test-"));
  cpSync(path.join(root, "scripts"), path.join(dir, "scripts"), { recursive: true });
  // The scripts' argument parser is the project's one (src/cli/args.ts).
  cpSync(path.join(root, "src/cli/args.ts"), path.join(dir, "src/cli/args.ts"), { recursive: true });
  cpSync(path.join(root, "package.json"), path.join(dir, "package.json"));
  mkdirSync(path.join(dir, "test"));
  // The scripts resolve their tools from node_modules: every package but vitest is the real one.
  mkdirSync(path.join(dir, "node_modules/vitest"), { recursive: true });
  for (const entry of readdirSync(path.join(root, "node_modules")).filter((e) => e !== "vitest"))
    symlinkSync(path.join(root, "node_modules", entry), path.join(dir, "node_modules", entry));
  for (const [file, name] of Object.entries(STEPS)) writeFileSync(path.join(dir, file), stub(name));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the copied scripts/test.mjs; gives its exit code, what it printed and the steps in the order they started. */
function npmTest(failStep?: string, args: string[] = []) {
  const log = path.join(dir, `steps-${failStep ?? "none"}-${args.join("").replace(/\W/g, "")}.jsonl`);
  writeFileSync(log, "");
  const result = spawnSync(process.execPath, [path.join(dir, "scripts/test.mjs"), ...args], {
    cwd: dir,
    env: { ...process.env, FO_STEP_LOG: log, FO_FAIL_STEP: failStep ?? "" },
    encoding: "utf8",
    timeout: 60_000,
  });
  const steps = readFileSync(log, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as [string, string[]]);
  return { code: result.status, output: result.stdout + result.stderr, steps };
}

test("npm test and npm run e2e are scripts/test.mjs, npm run clients the clients step, npm run journeys the table", () => {
  expect(pkg.scripts.test).toBe("exec node scripts/test.mjs");
  expect(pkg.scripts.e2e).toBe("exec node scripts/test.mjs --e2e");
  expect(pkg.scripts.clients).toBe("exec node scripts/clients.mjs");
  expect(pkg.scripts.journeys).toBe("exec node scripts/journeys.mjs");
});

test("npm test: the lint first, then vitest's fast files and the clients step's two lanes, nothing end-to-end", () => {
  const { code, output, steps } = npmTest();
  expect(code, output).toBe(0);
  expect(steps[0]).toEqual(["lint", []]);
  expect(steps).toContainEqual(["clients", ["test", "python"]]);
  expect(steps).toContainEqual(["clients", ["test", "go"]]);
  expect(steps).toContainEqual(["vitest", ["run", "--config", "vitest.config.ts"]]);
  expect(steps.map(([name]) => name).sort()).toEqual(["clients", "clients", "lint", "vitest"]);
});

test("npm run e2e: the artifacts built first, then vitest's e2e files beside their tours, the journeys, the matrix", () => {
  const { code, output, steps } = npmTest(undefined, ["--e2e"]);
  expect(code, output).toBe(0);
  expect(steps[0]).toEqual(["clients", ["build"]]);
  expect(steps).toContainEqual(["clients", ["artifacts"]]);
  expect(steps).toContainEqual(["vitest", ["run", "--config", "vitest.e2e.config.ts"]]);
  const names = steps.map(([name]) => name);
  expect(names.filter((n) => n !== "clients").sort()).toEqual(["generators", "journeys", "vitest"]);
  // The journey table drives the built artifacts and shares no mock with vitest's files: it starts once both ended,
  // and the generator matrix after it.
  expect(names.indexOf("journeys")).toBeGreaterThan(names.indexOf("vitest"));
  expect(names.indexOf("generators")).toBeGreaterThan(names.indexOf("journeys"));
});

test("a failing journey table fails npm run e2e, and says so", () => {
  const { code, output } = npmTest("journeys", ["--e2e"]);
  expect(code).toBe(1);
  expect(output).toMatch(/npm run e2e failed:.*\bjourneys\b/);
});

test("a failing clients step fails npm test, and says so, after vitest ran", () => {
  const { code, output, steps } = npmTest("clients");
  expect(code).toBe(1);
  expect(output).toMatch(/npm test failed:.*\bclients\b/);
  expect(steps.map(([name]) => name)).toContain("vitest");
});

test("a failing lint stops npm test before any other step", () => {
  const { code, steps } = npmTest("lint");
  expect(code).not.toBe(0);
  expect(steps).toEqual([["lint", []]]);
});

test("a filter that matches no file of the tier is refused before anything runs", () => {
  const { code, output, steps } = npmTest(undefined, ["test/mock/schemathesis"]);
  expect(code).toBe(2);
  expect(output).toMatch(/no test file of this tier matches "test\/mock\/schemathesis"/);
  expect(steps).toEqual([]);
});
