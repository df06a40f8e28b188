// The shared signing vectors (vectors.json, computed by generate-vectors.py with Python's hashlib/hmac)
// run by the TypeScript signer and client: each step is asserted on its own so a failure names the step.
import { createHmac } from "node:crypto";
import { describe, expect, test } from "vitest";
import { createClient } from "../../src/index.ts";
import {
  buildStringToSign,
  EMPTY_BODY_HASH,
  formatTimestamp,
  hashBody,
  MIN_SECRET_KEY_BYTES,
  signRequest,
} from "../../src/signing/index.ts";
import { decodeSecretKey } from "../../src/signing/secret.ts";
import { bodyBytes } from "./bodies.ts";
import rfc4231 from "./rfc4231.json" with { type: "json" };
import { invalidSecrets, isPortfolioPath, vectors } from "./vectors.ts";
import { messageOf } from "../helpers/thrown.ts";

test("no body hashes as zero bytes", () => {
  const sha256OfNothing = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
  expect(EMPTY_BODY_HASH).toBe(sha256OfNothing);
  for (const body of [undefined, null, "", new Uint8Array(), new ArrayBuffer(0)])
    expect(hashBody(body)).toBe(sha256OfNothing);
});

test("the fixture holds at least 30 signing vectors", () => {
  expect(vectors.length).toBeGreaterThanOrEqual(30);
});

describe.each(vectors)("vector: $name", ({ input, expected }) => {
  const body = bodyBytes(input.body);
  const time = new Date(input.time);

  test("timestamp", () => {
    expect(formatTimestamp(time)).toBe(expected.timestamp);
  });
  test("body hash", () => {
    expect(hashBody(body)).toBe(expected.bodyHash);
  });
  test("string to sign", () => {
    expect(buildStringToSign(input.accessKey, expected.timestamp, input.method, input.path, expected.bodyHash)).toBe(
      expected.stringToSign,
    );
  });
  test("Authorization and X-SVC-Date from signRequest", () => {
    const signed = signRequest({ ...input, body, time });
    expect(signed.bodyHash).toBe(expected.bodyHash);
    expect(signed.stringToSign).toBe(expected.stringToSign);
    expect(signed.signature).toBe(expected.signature);
    expect(signed.headers.Authorization).toBe(expected.authorization);
    expect(signed.headers).toEqual(expected.headers);
  });
  const portfolio = isPortfolioPath(input.path);
  // signRequest signs any well-formed secret; the client takes only keys of MIN_SECRET_KEY_BYTES or more.
  if (decodeSecretKey(input.secretKey).length < MIN_SECRET_KEY_BYTES) {
    test(`the client refuses a key under ${MIN_SECRET_KEY_BYTES} bytes`, () => {
      expect(() => createClient({ baseUrl: "https://svc.example", credentials: input })).toThrow(/fewer than 16/);
    });
    return;
  }
  // Portfolio paths take the portfolio bearer token, never the HMAC signature.
  test(
    portfolio
      ? "the client sends the portfolio bearer token instead"
      : "the client sends the same Authorization for this request",
    async () => {
      let sent: { url: string; init: RequestInit } | undefined;
      const prefix = input.path.startsWith("/api/") ? "/api" : "";
      const client = createClient({
        baseUrl: `https://svc.example${prefix}`,
        credentials: { accessKey: input.accessKey, secretKey: input.secretKey },
        portfolioToken: "portfolio-token",
        clock: { now: () => time.getTime(), sleep: async () => {} },
        fetch: async (url, init) => {
          sent = { url, init };
          return new Response(null, { status: 204 });
        },
      });
      const path = input.path.slice(prefix.length) + (input.query ? `?${input.query}` : "");
      const raw = input.body.kind === "utf8" ? input.body.text : body;
      await (client.request as unknown as (method: string, path: string, init: object) => Promise<unknown>)(
        input.method,
        path,
        {
          ...(raw === undefined
            ? {}
            : {
                body: raw,
                bodySerializer: (b: unknown) => b,
                headers: { "Content-Type": "application/octet-stream" },
              }),
        },
      );
      const headers = new Headers(sent!.init.headers);
      expect(new URL(sent!.url).pathname).toBe(input.path);
      expect(headers.get("Authorization")).toBe(portfolio ? "Bearer portfolio-token" : expected.authorization);
      expect(headers.get("X-SVC-Date")).toBe(portfolio ? null : expected.timestamp);
      expect(Buffer.from((sent!.init.body as Uint8Array | null) ?? []).equals(Buffer.from(body ?? []))).toBe(true);
    },
  );
});

describe("invalid secrets are refused before signing", () => {
  test.each(invalidSecrets)("invalid: $name", ({ secretKey }) => {
    expect(() => decodeSecretKey(secretKey)).toThrow(/secret key/i);
    const refusal = messageOf(() =>
      createClient({ baseUrl: "https://svc.example", credentials: { accessKey: "AK", secretKey } }),
    );
    expect(refusal).toMatch(/secret key/i);
    if (secretKey.trim().length > 1) expect(refusal).not.toContain(secretKey.trim());
  });
});

describe("RFC 4231 HMAC-SHA256 cases, keyed with the decoded secret", () => {
  test.each(rfc4231)("$name", ({ secretKey, keyHex, dataHex, hmac }) => {
    const key = decodeSecretKey(secretKey);
    expect(Buffer.from(key).toString("hex")).toBe(keyHex);
    expect(createHmac("sha256", key).update(Buffer.from(dataHex, "hex")).digest("hex").slice(0, hmac.length)).toBe(
      hmac,
    );
  });
});
