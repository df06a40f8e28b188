// parseAuthorization splits `Service-HMAC-SHA256 <access key>:<timestamp>:<signature>` and nothing else.
import fc from "fast-check";
import { beforeEach, describe, expect, test } from "vitest";
import { fresh } from "./fresh.ts";

let m: typeof import("../../src/signing/authorization.ts");
beforeEach(async () => {
  m = await fresh(() => import("../../src/signing/authorization.ts"));
});

const SIG = "a".repeat(64);
const field = fc.stringMatching(/^[^\s:]+$/);

describe("parseAuthorization", () => {
  test("splits the three fields", () => {
    expect(m.parseAuthorization(`Service-HMAC-SHA256 AK1:20261121T093000Z:${SIG}`)).toEqual({
      accessKey: "AK1",
      timestamp: "20261121T093000Z",
      signature: SIG,
    });
  });

  test("gives back any fields without white space or ':'", () => {
    fc.assert(
      fc.property(field, field, field, (accessKey, timestamp, signature) => {
        expect(m.parseAuthorization(`Service-HMAC-SHA256 ${accessKey}:${timestamp}:${signature}`)).toEqual({
          accessKey,
          timestamp,
          signature,
        });
      }),
    );
  });

  test("keeps an empty timestamp and signature for the later checks", () => {
    expect(m.parseAuthorization("Service-HMAC-SHA256 AK::")).toEqual({ accessKey: "AK", timestamp: "", signature: "" });
  });

  test.each([
    ["an empty access key", `Service-HMAC-SHA256 :ts:${SIG}`],
    ["text before the scheme", `x Service-HMAC-SHA256 AK:ts:${SIG}`],
    ["a fourth field", `Service-HMAC-SHA256 AK:ts:${SIG}:x`],
    ["text after the signature", `Service-HMAC-SHA256 AK:ts:${SIG} x`],
    ["white space in the access key", `Service-HMAC-SHA256 A K:ts:${SIG}`],
    ["a tab in the timestamp", `Service-HMAC-SHA256 AK:t\ts:${SIG}`],
    ["a line break in the signature", `Service-HMAC-SHA256 AK:ts:${SIG}\nx`],
    ["another scheme", `Service-HMAC-SHA1 AK:ts:${SIG}`],
    ["two fields", "Service-HMAC-SHA256 AK:ts"],
  ])("refuses %s", (_, header) => {
    expect(m.parseAuthorization(header)).toBeNull();
  });
});
