// signRequest: the reference's signature over exactly what is sent, and a refusal for any field that would
// change the five-line string to sign or not reach the server as signed.
import fc from "fast-check";
import { beforeEach, afterEach, describe, expect, test } from "vitest";
import { decodeSecretKey } from "../../src/signing/secret.ts";
import { fresh } from "./fresh.ts";

let m: typeof import("../../src/signing/signRequest.ts");
beforeEach(async () => {
  m = await fresh(() => import("../../src/signing/signRequest.ts"));
});
import { hashBody } from "../../src/signing/stringToSign.ts";

/** The InvalidSigningInputError for `field`, its message matching `text`. */
const refused = (field: string, text: RegExp) =>
  expect.objectContaining({ name: "InvalidSigningInputError", field, message: expect.stringMatching(text) });

const base = {
  accessKey: "AK-sign",
  secretKey: "ZXhhbXBsZS1zZWNyZXQta2V5LWJ5dGVzLTAxMjM0NTY",
  method: "POST",
  path: "/v1/customers/c1/rfi-cases",
  body: '{"a":1}',
  time: new Date("2026-11-21T09:30:00.250Z"),
};
const HASH = "0".repeat(64);

describe("signRequest", () => {
  test("writes both headers from the timestamp and signature", () => {
    const s = m.signRequest(base);
    expect(s.timestamp).toBe("20261121T093000Z");
    expect(s.headers).toEqual({
      Authorization: `Service-HMAC-SHA256 AK-sign:20261121T093000Z:${s.signature}`,
      "X-SVC-Date": "20261121T093000Z",
    });
  });

  test("signs the five fields", () => {
    expect(m.signRequest(base).stringToSign).toBe(
      `AK-sign\n20261121T093000Z\nPOST\n/v1/customers/c1/rfi-cases\n${hashBody(base.body)}`,
    );
  });

  test("signs alike with the secret as text or as decoded bytes", () => {
    const bytes = decodeSecretKey(base.secretKey);
    expect(m.signRequest({ ...base, secretKey: bytes }).signature).toBe(m.signRequest(base).signature);
  });

  test("uses a given body hash instead of hashing the body", () => {
    const s = m.signRequest({ ...base, bodyHash: HASH });
    expect(s.bodyHash).toBe(HASH);
    expect(s.stringToSign.endsWith(`\n${HASH}`)).toBe(true);
  });

  test.each([
    ["with a line after it", `${HASH}\nextra`],
    ["in upper case", "A".repeat(64)],
    ["one digit short", HASH.slice(1)],
    ["with a prefix", `x${HASH}`],
  ])("refuses a given body hash %s", (_, bodyHash) => {
    expect(() => m.signRequest({ ...base, bodyHash })).toThrow(refused("bodyHash", /bodyHash/));
  });

  test.each([
    ["a line break", "GET\n"],
    ["a space", "GE T"],
    ["nothing", ""],
    ["a separator", "GET/"],
    ["not a string", 7],
  ])("refuses a method with %s", (_, method) => {
    expect(() => m.signRequest({ ...base, method: method as string })).toThrow(refused("method", /method to sign/i));
  });

  test("signs any HTTP token as the method", () => {
    const token = fc.stringMatching(/^[!#$%&'*+.^`|~\w-]+$/);
    fc.assert(
      fc.property(token, (method) => {
        expect(m.signRequest({ ...base, method }).stringToSign.split("\n")[2]).toBe(method.toUpperCase());
      }),
      { numRuns: 50 },
    );
  });

  test.each([
    ["a relative path", "v1/x"],
    ["a query", "/v1/x?a=1"],
    ["a space", "/v1/x y"],
    ["a line break", "/v1/x\n"],
    ["a NUL", "/v1/\0x"],
    ["a DEL", "/v1/\u007fx"],
    ["a dot segment", "/v1/../x"],
    ["not a string", 7],
  ])("refuses a path with %s", (_, path) => {
    expect(() => m.signRequest({ ...base, path: path as string })).toThrow(refused("path", /path/i));
  });

  test.each([
    ["empty", ""],
    ["with a colon", "AK:1"],
  ])("refuses an access key %s", (_, accessKey) => {
    expect(() => m.signRequest({ ...base, accessKey })).toThrow(/access key/i);
  });

  test("refuses a malformed secret", () => {
    expect(() => m.signRequest({ ...base, secretKey: "not+base64" })).toThrow(/secret key/i);
  });

  describe("in a browser page", () => {
    const global = globalThis as { window?: unknown };
    afterEach(() => {
      delete global.window;
    });

    test("refuses to sign", () => {
      global.window = { document: {} };
      expect(() => m.signRequest(base)).toThrow(/browser/i);
    });
  });
});
