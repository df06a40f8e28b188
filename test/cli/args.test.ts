// The one command-line parser of the project (src/cli/args.ts: fo-sign, fo-mock and every script read their command
// line with it): what it takes, and the exact words of each refusal, which name the option and the way out and quote
// what was given so that a message never carries a raw control character or an unbalanced quote.
import fc from "fast-check";
import { beforeEach, describe, expect, test } from "vitest";
import type * as Args from "../../src/cli/args.ts";
import type { Command } from "../../src/cli/args.ts";
import { fresh } from "../signing/fresh.ts";

// Loaded anew for each test, so that its module-level code runs under the test (docs/mutation.md).
let parseCommandLine: typeof Args.parseCommandLine;
let parsePortValue: typeof Args.parsePortValue;
let portInUseMessage: typeof Args.portInUseMessage;
let quote: typeof Args.quote;
let UsageError: typeof Args.UsageError;
let usageText: typeof Args.usageText;
beforeEach(async () => {
  ({ parseCommandLine, parsePortValue, portInUseMessage, quote, UsageError, usageText } = await fresh(
    () => import("../../src/cli/args.ts"),
  ));
});

const command: Command = {
  name: "tool",
  usage: "tool [--name X] [--flag] [--mode a|b] [--many X]... [WORD]",
  options: {
    name: { type: "string" },
    flag: { type: "boolean" },
    mode: { type: "string", choices: ["a", "b"] },
    many: { type: "string", multiple: true },
  },
  positionals: { max: 1, names: "WORD" },
};

/** The UsageError message a command line gets, or "taken". */
function refusal(argv: string[], c: Command = command): string {
  try {
    parseCommandLine(c, argv);
    return "taken";
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).name).toBe("UsageError");
    return (err as Error).message;
  }
}

describe("parseCommandLine", () => {
  test("takes the options and arguments the command declares", () => {
    expect(
      parseCommandLine(command, ["--name", "x", "--flag", "--mode", "b", "--many", "1", "--many", "2", "w"]),
    ).toEqual({ values: { name: "x", flag: true, mode: "b", many: ["1", "2"] }, positionals: ["w"] });
    expect(parseCommandLine(command, ["--name=-dash"]).values.name).toBe("-dash");
  });

  test("--help, -h and --version are every command's, and win over anything missing", () => {
    const needy: Command = { ...command, positionals: { min: 1, max: 1 } };
    expect(parseCommandLine(needy, ["--help"]).values.help).toBe(true);
    expect(parseCommandLine(needy, ["-h"]).values.help).toBe(true);
    expect(parseCommandLine(needy, ["--version"]).values.version).toBe(true);
  });

  test.each<[string[], string, Command?]>([
    [["--nope"], 'unknown option "--nope"'],
    // Quoted as typed: only a trailing " <value>" is parseArgs' own, a name that holds one elsewhere keeps it.
    [["--x <value>y"], 'unknown option "--x <value>y"'],
    [["-x"], 'unknown option "-x"'],
    [["--name"], 'option "--name" needs a value'],
    [["--name", "--flag"], 'option "--name" needs a value (one that starts with "-" goes as --name=VALUE)'],
    [["--flag=yes"], 'option "--flag" takes no value'],
    [["--mode", "c"], 'option "--mode" takes a or b, not "c"'],
    [["one", "two"], 'unexpected argument "two": tool takes at most 1 argument(s)'],
    [["word"], 'unexpected argument "word": bare takes no arguments', { name: "bare", usage: "bare" }],
    [[], "missing argument: tool needs WORD", { ...command, positionals: { min: 1, max: 1, names: "WORD" } }],
    [[], "missing argument: tool needs 2 argument(s)", { ...command, positionals: { min: 2, max: 2 } }],
    [["c"], 'unknown argument "c": give a, b', { ...command, positionals: { max: 2, choices: ["a", "b"] } }],
  ])("%j: %s", (argv, message, c) => {
    expect(refusal(argv, c)).toBe(message);
  });

  test("choices are checked for the value given, not for an option left out", () => {
    expect(refusal(["w"])).toBe("taken");
    expect(refusal(["a", "b"], { ...command, positionals: { max: 2, choices: ["a", "b"] } })).toBe("taken");
  });

  test("errors that are not the parser's own pass through as they are", () => {
    const broken = { ...command, options: { name: { type: "nonsense" } } } as unknown as Command;
    expect(() => parseCommandLine(broken, [])).toThrow(TypeError);
  });
});

describe("quote", () => {
  test("JSON quotes, with DEL and the C1 controls escaped too", () => {
    expect(quote('a "b"\n')).toBe('"a \\"b\\"\\n"');
    expect(quote("\u007f\u0085\u009f")).toBe('"\\u007f\\u0085\\u009f"');
  });

  test("never leaves a control character or an unbalanced quote, whatever was given", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (s) => {
        const q = quote(s);
        expect(q).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
        expect(
          JSON.parse(q.replace(/\\u00(7f|[89][0-9a-f])/g, (_m, h) => String.fromCharCode(Number.parseInt(h, 16)))),
        ).toBe(s);
      }),
      { seed: 7 },
    );
  });
});

describe("usage and ports", () => {
  test("the usage text every command prints", () => {
    expect(usageText({ name: "t", usage: "  t [--x]  " })).toBe(
      "Usage: t [--x]\n  -h, --help   this text\n  --version    the version",
    );
  });

  test("a port is a whole number within its range, or a refusal naming how to give one", () => {
    expect(parsePortValue("4010", "--port N")).toBe(4010);
    expect(parsePortValue("0", "--port N", 0)).toBe(0);
    expect(parsePortValue("65535", "--port N")).toBe(65535);
    for (const bad of ["0", "65536", "-1", "1.5", "", "12a", " 1"])
      expect(() => parsePortValue(bad, "--port N"), bad).toThrow(
        new UsageError(`invalid port ${quote(bad)}: give a whole number from 1 to 65535 (--port N)`),
      );
    expect(portInUseMessage("mock", 4010, "--port N")).toBe(
      "mock: port 4010 on 127.0.0.1 is in use; choose another with --port N.",
    );
  });
});
