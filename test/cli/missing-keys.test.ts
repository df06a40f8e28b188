// A newcomer who runs fo-sign before making keys is told that first, which variable is missing, and the command
// that makes a test pair (the one docs/signing.md gives), whatever else the command line lacks.
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { makeKeysCommand } from "../../src/cli/keysHint.ts";
import { run } from "../../src/cli/sign.ts";
import { messageOf } from "../helpers/thrown.ts";

const KEYS_COMMAND = "bash scripts/dev.sh keys -- --out .mock-keys.json --env-out .mock-keys.env --force";

test("the command named is the one the signing guide gives", () => {
  expect(readFileSync("docs/signing.md", "utf8")).toContain(KEYS_COMMAND);
});

test.each([
  [[], {}, "FO_ACCESS_KEY and FO_SECRET_KEY are not set"],
  [["GET"], {}, "FO_ACCESS_KEY and FO_SECRET_KEY are not set"],
  [["GET", "no-slash"], { FO_ACCESS_KEY: "AK" }, "FO_SECRET_KEY is not set"],
  [["explain", "GET", "/v1/x"], { FO_SECRET_KEY: "c2VjcmV0LWtleS1ieXRlcy1mb3ItdGVzdHM" }, "FO_ACCESS_KEY is not set"],
  [["GET", "/v1/x"], { FO_ACCESS_KEY: "", FO_SECRET_KEY: "" }, "FO_ACCESS_KEY and FO_SECRET_KEY are not set"],
] as [string[], Record<string, string>, string][])(
  "%j with %j: keys first, and how to make them",
  (argv, env, says) => {
    const message = messageOf(() => run(argv, env));
    expect(message).toContain(says);
    expect(message).toContain(KEYS_COMMAND);
    expect(message).not.toMatch(/METHOD|PATH/);
  },
);

test("--help and --version need no keys", () => {
  expect(run(["--help"], {})).toMatch(/fo-sign/);
  expect(run(["--version"], {})).toMatch(/^fo-sign /);
});

test("a command line that does not parse is named before the keys", () => {
  expect(messageOf(() => run(["GET", "/v1/x", "stray"], {}))).toMatch(/unexpected argument "stray"/);
});

test("installed, the hint names the mock package's command; in this repository, its script", () => {
  expect(makeKeysCommand(true)).toBe(KEYS_COMMAND);
  expect(makeKeysCommand(false)).toBe(
    "npx fo-mock keys --out .mock-keys.json --env-out .mock-keys.env --force (the mock package: npm install " +
      "--save-dev financial-operations-api-mock)",
  );
});
