// Each 401 failure maps to the detail the reference documents for it.
import { expect, test } from "vitest";
import {
  AUTHENTICATION_INVALID,
  type AuthFailure,
  CREDENTIAL_NOT_FOUND,
  failureDetail,
  SIGNATURE_MISMATCH,
} from "../../src/signing/failures.ts";

const expected: Record<AuthFailure, string> = {
  "missing-authorization": AUTHENTICATION_INVALID,
  "malformed-authorization": AUTHENTICATION_INVALID,
  "unknown-bearer-token": AUTHENTICATION_INVALID,
  "unknown-access-key": CREDENTIAL_NOT_FOUND,
  "missing-date": SIGNATURE_MISMATCH,
  "date-mismatch": SIGNATURE_MISMATCH,
  "malformed-timestamp": SIGNATURE_MISMATCH,
  "stale-timestamp": SIGNATURE_MISMATCH,
  "future-timestamp": SIGNATURE_MISMATCH,
  "signature-mismatch": SIGNATURE_MISMATCH,
  "replayed-signature": SIGNATURE_MISMATCH,
};

test.each(Object.entries(expected))("%s reads %j", (failure, detail) => {
  expect(failureDetail(failure as AuthFailure)).toBe(detail);
});

test("the three details differ", () => {
  expect(new Set([AUTHENTICATION_INVALID, CREDENTIAL_NOT_FOUND, SIGNATURE_MISMATCH]).size).toBe(3);
});
