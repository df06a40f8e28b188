// The string to sign: five fields on five lines; the body hash of the exact bytes, whatever form they come in.
import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { buildStringToSign, EMPTY_BODY_HASH, hashBody } from "../../src/signing/stringToSign.ts";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("buildStringToSign", () => {
  test("joins the fields with line breaks, method in upper case", () => {
    expect(buildStringToSign("AK", "20261121T093000Z", "post", "/v1/x", "h")).toBe(
      "AK\n20261121T093000Z\nPOST\n/v1/x\nh",
    );
  });
});

describe("hashBody", () => {
  test("hashes the same bytes alike as a Uint8Array, an ArrayBuffer and a UTF-8 string", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (text) => {
        const bytes = new TextEncoder().encode(text);
        expect(hashBody(bytes)).toBe(sha256(bytes));
        expect(hashBody(bytes.buffer)).toBe(sha256(bytes));
        expect(hashBody(text)).toBe(sha256(bytes));
      }),
      { numRuns: 50 },
    );
  });

  test("hashes no body as zero bytes", () => {
    for (const body of [undefined, null, "", new Uint8Array(), new ArrayBuffer(0)])
      expect(hashBody(body)).toBe(EMPTY_BODY_HASH);
  });
});
