// Mock keys come from a file or the environment, are checked like the signer checks them, and never
// show up in an error.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, test } from "vitest";
import { loadKeysFile, parseKeys, repeatedMembers } from "../../../src/mock/auth/keys.ts";
import { messageOf } from "../../helpers/thrown.ts";

const newSecret = (bytes = 32) => randomBytes(bytes).toString("base64url");
const dir = mkdtempSync(path.join(tmpdir(), "mock-keys-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};

describe("parseKeys", () => {
  test("keeps every pair, secrets decoded", () => {
    const secret = newSecret();
    const keys = parseKeys({ AK1: secret, AK2: newSecret() }, "test");
    expect([...keys.keys()]).toEqual(["AK1", "AK2"]);
    expect(Buffer.from(keys.get("AK1")!).toString("base64url")).toBe(secret);
  });

  test.each([
    ["null", null],
    ["an array", ["c2VjcmV0LXNlY3JldC1zZWNyZXQ"]],
    ["an empty array", []],
    ["a string", "AK1"],
    ["a number", 1],
  ])("refuses %s as not an object", (_, value) => {
    expect(messageOf(() => parseKeys(value, "src"))).toMatch(/^src: expected a JSON object/);
  });

  test("refuses an empty object", () => {
    expect(messageOf(() => parseKeys({}, "src"))).toMatch(/^src: holds no keys/);
  });

  test("names a bad entry by its position", () => {
    const message = messageOf(() => parseKeys({ AK1: newSecret(), AK2: newSecret(), "A K": newSecret() }, "src"));
    expect(message).toMatch(/^src: entry 3 of 3: .*access key/i);
  });

  test.each([
    ["a non-string secret", { AK1: 42 }, /not a string/],
    ["a padded secret", { AK1: "c2VjcmV0LXNlY3JldC1zZWNyZXQ=" }, /URL-safe Base64/],
    ["an access key with ':'", { "AK:1": newSecret() }, /':'/],
  ])("refuses %s", (_, value, reason) => {
    expect(messageOf(() => parseKeys(value, "src"))).toMatch(reason);
  });

  test("never quotes a secret", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[\w+/=-]{8,40}$/), (secret) => {
        let message = "";
        try {
          parseKeys({ "A K": secret, AK: secret }, "src");
        } catch (err) {
          message = (err as Error).message;
        }
        expect(message).not.toBe("");
        expect(message).not.toContain(secret);
      }),
    );
  });

  test("says when access key and secret look swapped", () => {
    const secret = newSecret(16);
    expect(secret).toHaveLength(22);
    expect(messageOf(() => parseKeys({ [secret]: "AK1" }, "src"))).toMatch(/look swapped/);
  });

  test("does not call a short access key a swapped secret", () => {
    expect(messageOf(() => parseKeys({ [newSecret(15)]: "AK1" }, "src"))).not.toMatch(/swapped/);
  });

  test("does not call a pair swapped when the secret is not text", () => {
    expect(messageOf(() => parseKeys({ [newSecret()]: 42 }, "src"))).not.toMatch(/swapped/);
  });

  test("does not call a long access key that is not Base64 a swapped secret", () => {
    expect(messageOf(() => parseKeys({ ["a.".repeat(12)]: "AK1" }, "src"))).not.toMatch(/swapped/);
  });

  test("ends a message with one full stop and nothing after it", () => {
    expect(messageOf(() => parseKeys({ AK1: 42 }, "src"))).toMatch(/^src: entry 1 of 1: Secret key .*[^.]\.$/s);
    expect(messageOf(() => parseKeys({ AK1: "a=" }, "src"))).toMatch(/[^.]\.$/);
  });
});

describe("repeatedMembers", () => {
  test("finds a top-level name given twice", () => {
    expect(repeatedMembers('{"a": 1, "b": 2, "a": 3}')).toEqual([{ entry: 3, first: 1 }]);
  });

  test("reads names with escapes and space before the colon", () => {
    expect(repeatedMembers('{"a\\"b" : 1, "a\\u0022b"\n: 2}')).toEqual([{ entry: 2, first: 1 }]);
  });

  test("counts arrays in the depth", () => {
    expect(repeatedMembers('{"a": [], "b": 1, "b": 2}')).toEqual([{ entry: 3, first: 2 }]);
    expect(repeatedMembers('{"a": [{"b": 1}], "b": 2, "b": 3}')).toEqual([{ entry: 3, first: 2 }]);
  });

  test("skips nested names and string values", () => {
    expect(repeatedMembers('{"a": {"a": 1, "a": 2}, "b": ["a", {"b": 1}], "c": "a", "d": "c"}')).toEqual([]);
  });

  test("agrees with JSON.parse on which names repeat", () => {
    const name = fc.constantFrom("a", "b", 'q"', "\\", "é", " ");
    const value = fc.oneof(
      fc.integer(),
      fc.constantFrom("a", "{", '"', "[", "]"),
      fc.dictionary(name, fc.integer()),
      fc.array(fc.oneof(fc.integer(), fc.dictionary(name, fc.integer())), { maxLength: 3 }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(name, value), { maxLength: 6 }), (members) => {
        const text = `{${members.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(",")}}`;
        const names = members.map(([k]) => k);
        const expected = names.flatMap((k, i) =>
          names.indexOf(k) < i ? [{ entry: i + 1, first: names.indexOf(k) + 1 }] : [],
        );
        expect(repeatedMembers(text)).toEqual(expected);
      }),
    );
  });
});

describe("loadKeysFile", () => {
  test("loads a file of pairs", () => {
    expect([...loadKeysFile(file("ok.json", JSON.stringify({ AK1: newSecret() }))).keys()]).toEqual(["AK1"]);
  });

  test("refuses text that is not JSON, without quoting it", () => {
    const message = messageOf(() => loadKeysFile(file("bad.json", '{"AK1": "sec')));
    expect(message).toMatch(/bad\.json is not valid JSON/);
    expect(message).not.toContain("sec");
  });

  test("refuses an access key given twice", () => {
    const text = `{"AK1": "${newSecret()}", "AK2": "${newSecret()}", "AK1": "${newSecret()}"}`;
    expect(messageOf(() => loadKeysFile(file("twice.json", text)))).toMatch(
      /entry 3 repeats the access key of entry 1/,
    );
  });

  test("names a missing file and the reason", () => {
    expect(messageOf(() => loadKeysFile(path.join(dir, "nope.json")))).toMatch(
      /Cannot read .*nope\.json: ENOENT\. To make a test pair: `fo-mock keys --out \.mock-keys\.json`/,
    );
  });

  test("names the file in a content error", () => {
    expect(messageOf(() => loadKeysFile(file("null.json", "null")))).toMatch(/null\.json: expected a JSON object/);
  });
});
