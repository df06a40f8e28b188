// Every entry point (each scripts/*.mjs run as a program, dev.sh, runtimes.sh, env.sh and the fo-sign CLI) refuses
// an unknown option and a stray argument with its usage text and a non-zero exit, and answers --help and
// --version with exit 0. The table is built from the scripts folder and package.json, so a new script that is
// not listed here, or an npm script dev.sh cannot run, fails this file instead of escaping it.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { NOT_PROGRAMS, programFiles, scripts } from "./programs.ts";

const root = path.resolve(import.meta.dirname, "../..");
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const tsx = createRequire(import.meta.url).resolve("tsx");

interface EntryPoint {
  name: string;
  argv: string[];
  /** Arguments that are right up to the stray one at their end (fo-sign takes METHOD and PATH). */
  before?: string[];
}

const programs: EntryPoint[] = [
  ...programFiles.map((f) => ({ name: `scripts/${f}`, argv: [process.execPath, path.join(root, "scripts", f)] })),
  ...["dev.sh", "runtimes.sh", "env.sh"].map((f) => ({
    name: `scripts/${f}`,
    argv: ["bash", path.join(root, "scripts", f)],
  })),
  {
    name: "fo-mock",
    argv: [process.execPath, "--import", tsx, path.join(root, "src/mock/fo-mock.ts")],
  },
  {
    name: "fo-sign",
    argv: [process.execPath, "--import", tsx, path.join(root, "src/cli/fo-sign.ts")],
    before: ["GET", "/v1/x"],
  },
];

function run(
  argv: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0]!, argv.slice(1), {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

test("every scripts/*.mjs is a program in the table or a module with a reason", () => {
  for (const module of Object.keys(NOT_PROGRAMS)) expect(scripts, `${module} is listed but gone`).toContain(module);
  expect(programs.length).toBeGreaterThan(10);
});

// Wrong input: an option no entry point takes, an argument none takes (dev.sh reads it as an npm script,
// the filters of bench and test match nothing, clients takes only its words, runtimes.sh only group names).
const wrong = [
  ["an unknown option", ["--no-such-option"], /unknown option "--no-such-option"/],
  ["a stray argument", ["stray-argument-zq"], /"stray-argument-zq"/],
] as const;

describe.each(programs)("$name", ({ name, argv, before = [] }) => {
  test.concurrent.each(wrong)("refuses %s with the usage text and exit code 2", async (_what, args, message) => {
    const { code, stdout, stderr } = await run([...argv, ...before, ...args]);
    expect(code, stderr).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).toMatch(/Usage:/);
    expect(stdout).toBe("");
    // Every message quotes what was given with balanced quotes.
    for (const line of stderr.split("\n")) expect((line.match(/"/g) ?? []).length % 2, line).toBe(0);
  });
  test.concurrent("--help prints the usage and exits 0", async () => {
    const { code, stdout } = await run([...argv, "--help"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Usage:/);
  });
  test.concurrent("--version prints the package version and exits 0", async () => {
    const { code, stdout } = await run([...argv, "--version"]);
    expect(code).toBe(0);
    const stem = path.basename(name).replace(/\.mjs$/, "");
    expect(stdout.trim()).toMatch(
      new RegExp(`^${stem.replace(".", "\\.")}(\\.sh)? ${pkg.version.replaceAll(".", "\\.")}$`),
    );
  });
});

// Through dev.sh, with or without `--` before the arguments: the options reach the npm script, which refuses
// a wrong one (`dev.sh start --port 4030` never starts on 4010 silently). typecheck is tsc's own command line.
const npmScripts = Object.keys(pkg.scripts).filter((s) => s !== "typecheck");
describe("bash scripts/dev.sh <npm script> passes arguments on", () => {
  const cases = [
    ...npmScripts.map((s) => [s, ["--no-such-option"]] as const),
    ["start", ["--", "--no-such-option"]] as const,
  ];
  test.concurrent.each(cases)("%s %j is refused by the script", async (script, args) => {
    const { code, stderr } = await run(["bash", path.join(root, "scripts/dev.sh"), script, ...args]);
    expect(code, stderr).toBe(2);
    expect(stderr).toMatch(/unknown option "--no-such-option"/);
    expect(stderr).toMatch(/Usage:/);
  });
});
