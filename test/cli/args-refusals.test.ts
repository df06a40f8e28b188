// The parser's refusals as Node's parseArgs may word them in another version: a refusal whose message quotes nothing,
// and one with a code the translation does not know, still reach the user as a UsageError (the first in the project's
// words, the second in Node's own), and an error that is not a refusal at all passes through as it is. Node's parseArgs
// is stood in for by one that throws what a test gives; everything else is the real module.
import type * as Util from "node:util";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type * as Args from "../../src/cli/args.ts";
import { fresh } from "../signing/fresh.ts";

const thrown = vi.hoisted(() => ({ error: undefined as unknown }));

vi.mock("node:util", async (importOriginal) => {
  const real = await importOriginal<typeof Util>();
  return {
    ...real,
    parseArgs: (config: Util.ParseArgsConfig) => {
      if (thrown.error !== undefined) throw thrown.error;
      return real.parseArgs(config);
    },
  };
});

let args: typeof Args;
beforeEach(async () => {
  args = await fresh(() => import("../../src/cli/args.ts"));
});
afterEach(() => {
  thrown.error = undefined;
});

const command: Args.Command = { name: "tool", usage: "tool [--name X]", options: { name: { type: "string" } } };
const refusal = (code: string, message: string) => Object.assign(new TypeError(message), { code });

describe("a refusal in words the translation does not expect", () => {
  test("one that quotes nothing names an empty option, still as a UsageError", () => {
    thrown.error = refusal("ERR_PARSE_ARGS_UNKNOWN_OPTION", "Unknown option");
    expect(() => args.parseCommandLine(command, ["--x"])).toThrow(new args.UsageError('unknown option ""'));
  });

  test("one with a code it does not know is given in Node's own words", () => {
    thrown.error = refusal("ERR_PARSE_ARGS_SOMETHING_NEW", "Option '--x' is not allowed here");
    expect(() => args.parseCommandLine(command, ["--x"])).toThrow(
      new args.UsageError("Option '--x' is not allowed here"),
    );
  });
});

test("an error that is not a refusal of the parser (no code at all) passes through as it is", () => {
  const own = new RangeError("out of memory, say");
  thrown.error = own;
  let caught: unknown;
  try {
    args.parseCommandLine(command, []);
  } catch (err) {
    caught = err;
  }
  expect(caught).toBe(own);
});

test("the stand-in is Node's parser when a test gives nothing to throw", () => {
  expect(args.parseCommandLine(command, ["--name", "x"]).values.name).toBe("x");
});
