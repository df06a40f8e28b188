// hmacSha256 and hmacHex: HMAC-SHA256 over the text's UTF-8 bytes, keyed with raw bytes or a KeyObject alike.
import { createHmac, createSecretKey } from "node:crypto";
import fc from "fast-check";
import { beforeEach, expect, test } from "vitest";
import { fresh } from "./fresh.ts";

let m: typeof import("../../src/signing/hmac.ts");
beforeEach(async () => {
  m = await fresh(() => import("../../src/signing/hmac.ts"));
});

// RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?".
const JEFE = new TextEncoder().encode("Jefe");
const RFC4231_2 = "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843";

test("matches RFC 4231 case 2 with a raw key", () => {
  expect(m.hmacHex(JEFE, "what do ya want for nothing?")).toBe(RFC4231_2);
});

test("matches RFC 4231 case 2 with a KeyObject", () => {
  expect(m.hmacSha256(createSecretKey(JEFE), "what do ya want for nothing?").toString("hex")).toBe(RFC4231_2);
});

test("signs the text's UTF-8 bytes", () => {
  const utf8 = createHmac("sha256", JEFE).update(Buffer.from("é €", "utf8")).digest("hex");
  expect(m.hmacHex(JEFE, "é €")).toBe(utf8);
});

test("gives 32 bytes and 64 lowercase hex digits for any key and text", () => {
  fc.assert(
    fc.property(fc.uint8Array({ minLength: 1, maxLength: 80 }), fc.string(), (key, text) => {
      const raw = m.hmacSha256(key, text);
      expect(raw).toHaveLength(32);
      expect(m.hmacHex(createSecretKey(key), text)).toBe(raw.toString("hex"));
      expect(m.hmacHex(key, text)).toMatch(/^[0-9a-f]{64}$/);
    }),
    { numRuns: 50 },
  );
});
