// Secret keys are strict URL-safe Base64 without padding, decoded into memory of their own; access keys
// carry no white space or ':'. No message quotes the secret.
import fc from "fast-check";
import { beforeEach, afterEach, describe, expect, test, vi } from "vitest";
import { fresh } from "./fresh.ts";
import { messageOf } from "../helpers/thrown.ts";

let m: typeof import("../../src/signing/secret.ts");
beforeEach(async () => {
  m = await fresh(() => import("../../src/signing/secret.ts"));
});

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
afterEach(() => vi.restoreAllMocks());

describe("decodeSecretKey", () => {
  test("gives back the bytes of any key", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 100 }), (bytes) => {
        expect(Buffer.from(m.decodeSecretKey(b64url(bytes))).equals(Buffer.from(bytes))).toBe(true);
      }),
    );
  });

  test("puts the bytes in memory of their own, not in the shared pool", () => {
    const bytes = m.decodeSecretKey(b64url(new Uint8Array(32).fill(7)));
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.buffer.byteLength).toBe(32);
  });

  test.each([
    ["padding", "c2VjcmV0LXNlY3JldA=="],
    ["'+'", "ab+d"],
    ["'+' first", "+abc"],
    ["'/'", "ab/d"],
    ["a space", "abc d"],
    ["a line break", "abcd\n"],
  ])("refuses %s as not URL-safe Base64", (_, secret) => {
    expect(messageOf(() => m.decodeSecretKey(secret))).toMatch(/URL-safe Base64/);
  });

  test.each([
    ["a length no Base64 text has", "abcde"],
    ["stray bits after the last byte", "AB"],
  ])("refuses %s", (_, secret) => {
    expect(messageOf(() => m.decodeSecretKey(secret))).toMatch(/secret key/i);
  });

  test("refuses any text whose bytes encode back differently", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[\w-]{1,12}$/), (text) => {
        let bytes: Uint8Array | undefined;
        try {
          bytes = m.decodeSecretKey(text);
        } catch {
          return;
        }
        expect(b64url(bytes)).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  test("refuses an empty key, saying so", () => {
    expect(messageOf(() => m.decodeSecretKey(""))).toMatch(/empty/);
  });

  test.each([
    [null, /null/],
    [42, /number/],
    [undefined, /undefined/],
  ])("refuses %s, naming its type", (value, type) => {
    expect(messageOf(() => m.decodeSecretKey(value as unknown as string))).toMatch(type);
  });

  test("never quotes the secret", () => {
    for (const secret of ["c2VjcmV0LXNlY3JldA==", "AB", "secret key!", "AAAAA"])
      expect(messageOf(() => m.decodeSecretKey(secret))).not.toContain(secret);
  });

  test("tells a mis-typed key from one with stray bits", () => {
    expect(messageOf(() => m.decodeSecretKey("ab+d"))).not.toBe(messageOf(() => m.decodeSecretKey("AB")));
  });
});

describe("secretKeyObject", () => {
  test("holds the decoded bytes", () => {
    const bytes = new Uint8Array(20).map((_, i) => i);
    expect(m.secretKeyObject(b64url(bytes)).export().equals(Buffer.from(bytes))).toBe(true);
  });

  test("takes exactly the minimum, refuses one byte less", () => {
    expect(m.secretKeyObject(b64url(new Uint8Array(16)), 16).symmetricKeySize).toBe(16);
    expect(messageOf(() => m.secretKeyObject(b64url(new Uint8Array(15)), 16))).toMatch(/15 bytes.*16/);
  });

  test("takes any length without a minimum", () => {
    expect(m.secretKeyObject(b64url(new Uint8Array(1))).symmetricKeySize).toBe(1);
  });

  test("wipes the decoded copy", () => {
    const alloc = vi.spyOn(Buffer, "alloc");
    m.secretKeyObject(b64url(new Uint8Array(32).fill(9)));
    const copy = alloc.mock.results.at(-1)!.value as Buffer;
    expect(copy).toHaveLength(32);
    expect(copy.every((b) => b === 0)).toBe(true);
  });

  test("wipes the decoded copy of a key it refuses", () => {
    const alloc = vi.spyOn(Buffer, "alloc");
    expect(() => m.secretKeyObject(b64url(new Uint8Array(8).fill(9)), 16)).toThrow();
    expect((alloc.mock.results.at(-1)!.value as Buffer).every((b) => b === 0)).toBe(true);
  });
});

describe("assertAccessKey", () => {
  test("takes a key without white space or ':'", () => {
    expect(m.assertAccessKey("AK-1_x.y")).toBeUndefined();
  });

  test.each([
    ["empty", ""],
    ["a space", "A K"],
    ["a tab", "AK\t"],
    ["a line break", "\nAK"],
    ["a colon", "AK:1"],
    ["not a string", 42],
  ])("refuses %s", (_, key) => {
    expect(() => m.assertAccessKey(key as string)).toThrow(/access key/i);
  });
});
