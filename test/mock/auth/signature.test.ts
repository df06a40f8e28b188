// The mock's signature check (src/mock/auth/signature.ts): what the headers alone show, then the signature
// over the exact method, path and body. Boundaries are exact: a timestamp exactly the window old passes.
import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { beforeEach, describe, expect, test } from "vitest";
import { parseKeys } from "../../../src/mock/auth/keys.ts";
import type { SignedRequestParts, verifySignature } from "../../../src/mock/auth/signature.ts";
import { fresh } from "../../signing/fresh.ts";

let m: typeof import("../../../src/mock/auth/signature.ts");
beforeEach(async () => {
  m = await fresh(() => import("../../../src/mock/auth/signature.ts"));
});
import { hmacHex } from "../../../src/signing/hmac.ts";
import { decodeSecretKey } from "../../../src/signing/secret.ts";
import { signRequest } from "../../../src/signing/signRequest.ts";
import { buildStringToSign, hashBody } from "../../../src/signing/stringToSign.ts";

const creds = { accessKey: "AK-verify", secretKey: randomBytes(32).toString("base64url") };
const keys = parseKeys({ [creds.accessKey]: creds.secretKey }, "test keys");
const time = new Date("2026-11-21T09:30:00Z");
const options = { keys, now: time, windowSeconds: 300 };
const body = new TextEncoder().encode('{"amount":"10.00"}');

/** A request signed at `at` (the verifier's clock is `options.now`). */
function signed(at = time, parts: Partial<SignedRequestParts> = {}): SignedRequestParts {
  const s = signRequest({ ...creds, method: "POST", path: "/v1/quotes", body, time: at });
  return {
    method: "POST",
    path: "/v1/quotes",
    authorization: s.headers.Authorization,
    date: s.headers["X-SVC-Date"],
    body,
    ...parts,
  };
}
const failureOf = (req: SignedRequestParts, opts: Parameters<typeof verifySignature>[1] = options) => {
  const result = m.verifySignature(req, opts);
  return result.ok ? "ok" : result.failure;
};
const later = (ms: number) => new Date(time.getTime() + ms);

describe("verifySignature", () => {
  test("accepts a signed request, naming its access key", () => {
    expect(m.verifySignature(signed(), options)).toEqual({ ok: true, accessKey: creds.accessKey });
  });

  test("accepts what was signed, nothing else", () => {
    const method = fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE");
    const path = fc.stringMatching(/^(?:\/[a-z0-9]{1,8}){1,4}$/);
    fc.assert(
      fc.property(method, path, fc.uint8Array({ maxLength: 64 }), (m, p, b) => {
        const s = signRequest({ ...creds, method: m, path: p, body: b, time });
        const req = { method: m, path: p, authorization: s.headers.Authorization, date: s.timestamp, body: b };
        expect(failureOf(req)).toBe("ok");
        expect(failureOf({ ...req, path: `${p}x` })).toBe("signature-mismatch");
        expect(failureOf({ ...req, method: m === "GET" ? "HEAD" : "GET" })).toBe("signature-mismatch");
        expect(failureOf({ ...req, body: new Uint8Array([...b, 0]) })).toBe("signature-mismatch");
      }),
      { numRuns: 40 },
    );
  });

  test("refuses a signature made with another secret", () => {
    const other = signRequest({ ...creds, secretKey: randomBytes(32), method: "POST", path: "/v1/quotes", body, time });
    expect(failureOf(signed(time, { authorization: other.headers.Authorization }))).toBe("signature-mismatch");
  });

  test("refuses a valid signature with a suffix", () => {
    const req = signed();
    expect(failureOf({ ...req, authorization: `${req.authorization}0` })).toBe("signature-mismatch");
  });

  test("refuses a signature in upper case", () => {
    const req = signed();
    const [head, sig] = [req.authorization!.slice(0, -64), req.authorization!.slice(-64)];
    expect(failureOf({ ...req, authorization: head + sig.toUpperCase() })).toBe("signature-mismatch");
  });

  test("refuses a signature one digit short", () => {
    const req = signed();
    expect(failureOf({ ...req, authorization: req.authorization!.slice(0, -1) })).toBe("signature-mismatch");
  });

  test("refuses a path without a leading slash, even signed as such", () => {
    const timestamp = "20261121T093000Z";
    const sts = buildStringToSign(creds.accessKey, timestamp, "POST", "v1/quotes", hashBody(body));
    const signature = hmacHex(decodeSecretKey(creds.secretKey), sts);
    const authorization = `Service-HMAC-SHA256 ${creds.accessKey}:${timestamp}:${signature}`;
    expect(failureOf(signed(time, { path: "v1/quotes", authorization }))).toBe("signature-mismatch");
    expect(failureOf(signed(time, { path: "/v1/quotes" }))).toBe("ok");
  });
});

describe("verifyHeaders", () => {
  test("gives what the headers establish", () => {
    const req = signed();
    const result = m.verifyHeaders(req, options);
    expect(result).toMatchObject({
      ok: true,
      signed: {
        accessKey: creds.accessKey,
        timestamp: "20261121T093000Z",
        time,
        signature: req.authorization!.slice(-64),
      },
    });
    expect(result.ok && Buffer.from(result.signed.secret).toString("base64url")).toBe(creds.secretKey);
  });

  test.each([
    ["no Authorization", { authorization: undefined }, "missing-authorization"],
    ["an empty Authorization", { authorization: "" }, "missing-authorization"],
    ["another scheme", { authorization: "Bearer x" }, "malformed-authorization"],
    ["no date", { date: undefined }, "missing-date"],
    ["an empty date", { date: "" }, "date-mismatch"],
    ["a date a second off", { date: "20261121T093001Z" }, "date-mismatch"],
  ] as const)("refuses %s", (_, parts, failure) => {
    expect(failureOf(signed(time, parts))).toBe(failure);
  });

  test("refuses an unknown access key, naming it", () => {
    const auth = `Service-HMAC-SHA256 AK-other:20261121T093000Z:${"0".repeat(64)}`;
    expect(m.verifyHeaders(signed(time, { authorization: auth }), options)).toEqual({
      ok: false,
      failure: "unknown-access-key",
      accessKey: "AK-other",
    });
  });

  test("names the access key in a later refusal", () => {
    expect(m.verifyHeaders(signed(time, { date: undefined }), options)).toMatchObject({ accessKey: creds.accessKey });
  });

  test("refuses a timestamp that is not a real time", () => {
    const auth = `Service-HMAC-SHA256 ${creds.accessKey}:20260231T093000Z:${"0".repeat(64)}`;
    expect(failureOf(signed(time, { authorization: auth, date: "20260231T093000Z" }))).toBe("malformed-timestamp");
  });

  test("reads each new timestamp, not the last one read", () => {
    expect(failureOf(signed(time))).toBe("ok");
    expect(failureOf(signed(later(-301_000)))).toBe("stale-timestamp");
    expect(failureOf(signed(time))).toBe("ok");
  });

  test("allows exactly the window's age", () => {
    expect(failureOf(signed(), { ...options, now: later(300_000) })).toBe("ok");
    expect(failureOf(signed(), { ...options, now: later(300_001) })).toBe("stale-timestamp");
  });

  test("allows exactly the skew ahead", () => {
    const opts = { ...options, futureSeconds: 60 };
    expect(failureOf(signed(), { ...opts, now: later(-60_000) })).toBe("ok");
    expect(failureOf(signed(), { ...opts, now: later(-60_001) })).toBe("future-timestamp");
  });

  test("allows the window ahead when no skew is given", () => {
    expect(failureOf(signed(), { ...options, now: later(-300_000) })).toBe("ok");
    expect(failureOf(signed(), { ...options, now: later(-300_001) })).toBe("future-timestamp");
  });
});
