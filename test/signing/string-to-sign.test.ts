// The string to sign: five fields on five lines; the body hash of the exact bytes, whatever form they come in.
import { createHash } from "node:crypto";
import fc from "fast-check";
import { beforeEach, describe, expect, test } from "vitest";
import { fresh } from "./fresh.ts";

let m: typeof import("../../src/signing/stringToSign.ts");
beforeEach(async () => {
  m = await fresh(() => import("../../src/signing/stringToSign.ts"));
});

const SHA256_OF_NOTHING = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("buildStringToSign", () => {
  test("joins the fields with line breaks, method in upper case", () => {
    expect(m.buildStringToSign("AK", "20261121T093000Z", "post", "/v1/x", "h")).toBe(
      "AK\n20261121T093000Z\nPOST\n/v1/x\nh",
    );
  });
});

describe("hashBody", () => {
  test("hashes bytes alike in any form", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (text) => {
        const bytes = new TextEncoder().encode(text);
        expect(m.hashBody(bytes)).toBe(sha256(bytes));
        expect(m.hashBody(bytes.buffer)).toBe(sha256(bytes));
        expect(m.hashBody(text)).toBe(sha256(bytes));
      }),
      { numRuns: 50 },
    );
  });

  test("EMPTY_BODY_HASH is the SHA-256 of zero bytes", () => {
    expect(m.EMPTY_BODY_HASH).toBe(SHA256_OF_NOTHING);
  });

  test("hashes no body as zero bytes", () => {
    for (const body of [undefined, null, "", new Uint8Array(), new ArrayBuffer(0)])
      expect(m.hashBody(body)).toBe(SHA256_OF_NOTHING);
  });
});
