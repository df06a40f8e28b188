// fo-sign runs the shared signing vectors: every case through the CLI's `run` (the code behind the bin),
// and one JSON and one upload case through the bin itself, as a user runs it.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { run } from "../../src/cli/sign.ts";
import { bodyBytes } from "./bodies.ts";
import { invalidSecrets, type Vector, vectors } from "./vectors.ts";

const dir = mkdtempSync(path.join(tmpdir(), "fo-sign-vectors-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// The bin from source, as `npm run sign` runs it.
const launcher = [
  "--import",
  createRequire(import.meta.url).resolve("tsx"),
  path.resolve(import.meta.dirname, "../../src/cli/fo-sign.ts"),
];

/** The CLI arguments that send this vector's request: a text body inline, bytes from a file. */
function argsOf({ name, input }: Vector): string[] {
  const target = input.path + (input.query ? `?${input.query}` : "");
  const args = [input.method, target, "--time", input.time, "--json"];
  if (input.body.kind === "utf8") return [...args, "--body", input.body.text];
  const bytes = bodyBytes(input.body);
  if (!bytes) return args;
  const file = path.join(dir, `${vectors.findIndex((v) => v.name === name)}.bin`);
  writeFileSync(file, bytes);
  return [...args, "--body-file", file, "--content-type", "application/octet-stream"];
}

const envOf = ({ input }: Vector) => ({ FO_ACCESS_KEY: input.accessKey, FO_SECRET_KEY: input.secretKey });

describe.each(vectors)("fo-sign, vector: $name", (vector) => {
  test("prints the vector's fields", () => {
    const out = JSON.parse(run(argsOf(vector), envOf(vector)));
    const { expected } = vector;
    expect(out.path).toBe(vector.input.path);
    expect(out.timestamp).toBe(expected.timestamp);
    expect(out.bodyHash).toBe(expected.bodyHash);
    expect(out.stringToSign).toBe(expected.stringToSign);
    expect(out.signature).toBe(expected.signature);
    expect({ Authorization: out.headers.Authorization, "X-SVC-Date": out.headers["X-SVC-Date"] }).toEqual(
      expected.headers,
    );
  });
});

test.each(invalidSecrets)("fo-sign refuses an invalid secret without printing it: $name", ({ secretKey }) => {
  const call = () => run(["GET", "/all_deposit_instructions"], { FO_ACCESS_KEY: "AK", FO_SECRET_KEY: secretKey });
  // An empty variable counts as unset: the CLI asks for it.
  expect(call).toThrow(secretKey ? /Secret key \(\d+ characters\)/ : /Set FO_ACCESS_KEY and FO_SECRET_KEY/);
  try {
    call();
  } catch (error) {
    if (secretKey.trim().length > 1) expect((error as Error).message).not.toContain(secretKey.trim());
  }
});

describe("the fo-sign bin", () => {
  const cases = ["JSON body of execute quote", "PDF-like upload with a NUL byte"].map(
    (n) => vectors.find((v) => v.name === n)!,
  );
  test.each(cases)("prints the headers of vector: $name", async (vector) => {
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        [...launcher, ...argsOf(vector)],
        { env: { PATH: process.env.PATH, ...envOf(vector) } },
        (err, out) => (err ? reject(err) : resolve(out)),
      ),
    );
    const out = JSON.parse(stdout);
    expect(out.headers.Authorization).toBe(vector.expected.headers.Authorization);
    expect(out.headers["X-SVC-Date"]).toBe(vector.expected.headers["X-SVC-Date"]);
  });
});
