// Every entry point refuses an unknown option and a stray argument with its usage text, and takes --help and
// --version. The scripts' command lines are read in-process: each program of scripts/ exports its `command`, and the
// project's one parser (src/cli/args.ts) reads it, so each parser is checked once, not through a process per case.
// What a process adds is checked once per mechanism: parseOrExit's printing and exit codes (one script), the shell
// entry points (dev.sh, runtimes.sh, env.sh), and dev.sh handing its arguments to the npm script. fo-sign's and
// fo-mock's own command lines are test/cli/main.test.ts's and test/mock/fo-mock.test.ts's.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { type Command, parseCommandLine, UsageError, usageText } from "../../src/cli/args.ts";
import { NOT_PROGRAMS, programFiles, scripts, scriptsDir } from "./programs.ts";

const root = path.resolve(import.meta.dirname, "../..");
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));

test("every scripts/*.mjs is a program or a module with a reason", () => {
  for (const module of Object.keys(NOT_PROGRAMS)) expect(scripts, `${module} is listed but gone`).toContain(module);
  expect(programFiles.length).toBeGreaterThan(15);
});

/** The refusal a parser gives, or "" when it takes the command line. */
function refusal(command: Command, argv: string[]): string {
  try {
    parseCommandLine(command, argv);
    return "";
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
}

describe.each(programFiles)("scripts/%s", (file) => {
  test("exports the command line it reads, which refuses wrong input and takes --help and --version", async () => {
    const { command } = (await import(path.join(scriptsDir, file))) as { command?: Command };
    expect(command, `${file} exports no command`).toBeDefined();
    expect(refusal(command!, ["--no-such-option"])).toBe('unknown option "--no-such-option"');
    // Scripts that take arguments check them against files or words after parsing (test, bench) or list their
    // choices (clients, journeys): a stray word is refused one way or the other.
    const takesArguments = (command!.positionals?.max ?? 0) > 0;
    if (!takesArguments || command!.positionals?.choices)
      expect(refusal(command!, ["stray-argument-zq"])).toMatch(/"stray-argument-zq"/);
    expect(parseCommandLine(command!, ["--help"]).values.help).toBe(true);
    expect(parseCommandLine(command!, ["--version"]).values.version).toBe(true);
    expect(usageText(command!)).toMatch(/^Usage: \S/);
    // Every message quotes what was given with balanced quotes.
    for (const line of usageText(command!).split("\n")) expect((line.match(/"/g) ?? []).length % 2, line).toBe(0);
  });
});

/** Runs a command in the repository; its exit code and output. */
const run = (argv: string[]) => {
  const r = spawnSync(argv[0]!, argv.slice(1), { cwd: root, encoding: "utf8", timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

describe("in a process of its own", () => {
  test("parseOrExit prints the usage and exits 2 on wrong input, 0 with the usage or the version", async () => {
    const { command } = (await import(path.join(scriptsDir, "tarball.mjs"))) as { command: Command };
    const tarball = [process.execPath, path.join(scriptsDir, "tarball.mjs")];
    const wrong = run([...tarball, "--no-such-option"]);
    expect([wrong.code, wrong.stdout]).toEqual([2, ""]);
    expect(wrong.stderr).toMatch(/^tarball: unknown option "--no-such-option"\n\nUsage: npm run tarball/);
    const help = run([...tarball, "--help"]);
    expect([help.code, help.stdout]).toEqual([0, `${usageText(command)}\n`]);
    expect(run([...tarball, "--version"])).toMatchObject({ code: 0, stdout: `tarball ${pkg.version}\n` });
  });

  test.each(["dev.sh", "runtimes.sh", "env.sh"])(
    "scripts/%s refuses an unknown option and a stray argument, takes --help and --version",
    (file) => {
      const sh = ["bash", path.join(scriptsDir, file)];
      for (const args of [["--no-such-option"], ["stray-argument-zq"]]) {
        const r = run([...sh, ...args]);
        expect(r.code, r.stderr).toBe(2);
        expect(r.stderr).toMatch(/Usage:/);
        expect(r.stdout).toBe("");
      }
      expect(run([...sh, "--help"])).toMatchObject({ code: 0, stdout: expect.stringMatching(/Usage:/) });
      expect(run([...sh, "--version"]).stdout.trim()).toBe(`${file} ${pkg.version}`);
    },
  );

  // dev.sh hands everything after the script's name (with or without `--`) to the npm script, which refuses a wrong
  // option: `dev.sh start --port 4030` never starts on 4010 silently. The same line of dev.sh serves every script.
  test.each([
    ["start", ["--no-such-option"]],
    ["tarball", ["--", "--no-such-option"]],
  ])("bash scripts/dev.sh %s %j is refused by the script", (script, args) => {
    const r = run(["bash", path.join(scriptsDir, "dev.sh"), script, ...args]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/unknown option "--no-such-option"/);
    expect(r.stderr).toMatch(/Usage:/);
  });

  test("dev.sh knows every npm script of package.json", () => {
    const listed = run(["bash", path.join(scriptsDir, "dev.sh"), "--help"]).stdout;
    for (const script of Object.keys(pkg.scripts)) expect(listed).toContain(` ${script} `);
  });
});
