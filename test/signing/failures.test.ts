// Each 401 failure maps to the reference's words for it.
import { beforeEach, expect, test } from "vitest";
import type { AuthFailure } from "../../src/signing/failures.ts";
import { fresh } from "./fresh.ts";

let m: typeof import("../../src/signing/failures.ts");
beforeEach(async () => {
  m = await fresh(() => import("../../src/signing/failures.ts"));
});

const INVALID = "Authentication is missing or invalid.";
const NOT_FOUND = "Credential not found.";
const MISMATCH = "Signature mismatch.";
const expected: Record<AuthFailure, string> = {
  "missing-authorization": INVALID,
  "malformed-authorization": INVALID,
  "unknown-bearer-token": INVALID,
  "unknown-access-key": NOT_FOUND,
  "missing-date": MISMATCH,
  "date-mismatch": MISMATCH,
  "malformed-timestamp": MISMATCH,
  "stale-timestamp": MISMATCH,
  "future-timestamp": MISMATCH,
  "signature-mismatch": MISMATCH,
  "replayed-signature":
    "Replayed signature: this exact signed request was already accepted within the timestamp window; sign it again " +
    "(a later timestamp).",
};

test.each(Object.entries(expected))("%s reads %j", (failure, detail) => {
  expect(m.failureDetail(failure as AuthFailure)).toBe(detail);
});

test("the other documented 401 texts", () => {
  expect(m.AUTHORIZATION_MISSING).toBe("The Authorization header is missing.");
  expect(m.BEARER_INVALID).toBe("The bearer token is missing or invalid.");
});
