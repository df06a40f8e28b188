// Mock keys come from a file or the environment, are checked like the signer checks them, and never
// show up in an error.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { loadKeys, MockKeysError } from "../../../src/mock/auth/keys.ts";
import { newSecret } from "../support.ts";

const dir = mkdtempSync(path.join(tmpdir(), "mock-keys-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};

describe("mock keys", () => {
  test("a file of access key to secret key pairs loads every pair", () => {
    const keys = loadKeys(file("ok.json", JSON.stringify({ AK1: newSecret(), AK2: newSecret() })), {});
    expect([...keys.keys()]).toEqual(["AK1", "AK2"]);
    expect(keys.get("AK1")).toHaveLength(32);
  });

  test("the file can come from FO_MOCK_KEYS_FILE, and the pair from FO_ACCESS_KEY/FO_SECRET_KEY", () => {
    expect(
      loadKeys(undefined, { FO_MOCK_KEYS_FILE: file("env.json", JSON.stringify({ AKF: newSecret() })) }).has("AKF"),
    ).toBe(true);
    expect(loadKeys(undefined, { FO_ACCESS_KEY: "AKE", FO_SECRET_KEY: newSecret() }).has("AKE")).toBe(true);
  });

  test("no keys at all is an error that says where keys come from", () => {
    expect(() => loadKeys(undefined, {})).toThrow(/--keys <file>.*FO_MOCK_KEYS_FILE.*FO_ACCESS_KEY and FO_SECRET_KEY/);
  });

  test.each([
    ["not JSON", '{"AK1": "sec', /not valid JSON/],
    ["an array", "[]", /JSON object/],
    ["empty", "{}", /no keys/],
    ["a padded secret", JSON.stringify({ AK1: "c2VjcmV0LXNlY3JldC1zZWNyZXQ=" }), /entry 1 of 1.*not URL-safe Base64/],
    ["a non-string secret", JSON.stringify({ AK1: 42 }), /entry 1 of 1.*not a string/],
    ["an access key with a colon", JSON.stringify({ "AK:1": newSecret() }), /':'/],
  ])("a malformed key file (%s) is refused clearly, without the secret", (name, text, message) => {
    const p = file(`${name.replace(/\W/g, "_")}.json`, text);
    let error: unknown;
    try {
      loadKeys(p, {});
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(MockKeysError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain("c2VjcmV0");
    expect((error as Error).message).not.toContain('"sec');
  });

  test("a missing file names the file, not its contents", () => {
    expect(() => loadKeys(path.join(dir, "nope.json"), {})).toThrow(/Cannot read the keys file .*nope\.json: ENOENT/);
  });
});
