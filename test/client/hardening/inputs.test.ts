// What the client checks before sending (options, path values, base address, credentials, the signer's input)
// and what it copies from servers into messages (Retry-After, error text).
import { describe, expect, test } from "vitest";
import { createClient, InvalidCredentialsError, isInvalidOptionError, normalizeError } from "../../../src/index.ts";
import { InvalidSigningInputError, signRequest } from "../../../src/signing/index.ts";
import { retryDelay, defaultRetry } from "../../../src/client/retry.ts";
import { CUSTOMER, fakeClock, HMAC, json, stubFetch } from "../helpers.ts";

const base = { baseUrl: "https://svc.example", credentials: HMAC };
const listCases = (client: ReturnType<typeof createClient>, customer_id = CUSTOMER) =>
  client.GET("/v1/customers/{customer_id}/rfi-cases", { params: { path: { customer_id } } });

// Outside RFC 9110's grammar: the normal backoff applies.
describe("Retry-After ignored", () => {
  const policy = { ...defaultRetry, random: () => 0, baseDelay: 100 };
  const now = Date.UTC(2026, 0, 1);
  test.each(["-5", "1.5", "Wed, 21 Oct 2015 07:28:00 GMT", "soon", ""])("%j waits the backoff", (value) => {
    expect(retryDelay(policy, 0, new Response(null, { status: 503, headers: { "Retry-After": value } }), now)).toBe(50);
  });
  test("digits and a future date count", () => {
    expect(retryDelay(policy, 0, new Response(null, { status: 503, headers: { "Retry-After": "3" } }), now)).toBe(
      3_000,
    );
    expect(
      retryDelay(
        policy,
        0,
        new Response(null, { status: 503, headers: { "Retry-After": new Date(now + 5_000).toUTCString() } }),
        now,
      ),
    ).toBe(5_000);
  });
  test("a client backs off on -5", async () => {
    const { fetch, sent } = stubFetch(json(503, {}, { "Retry-After": "-5" }), json(200, {}));
    const { clock, waits } = fakeClock();
    await listCases(createClient({ ...base, fetch, clock, retry: { random: () => 0, baseDelay: 100 } }));
    // The backoff, then on to the next whole second for the retry's signature (src/signing/ledger.ts).
    expect(waits).toEqual([50, 950]);
    expect(sent).toHaveLength(2);
  });
});

describe("createClient options", () => {
  test.each([
    ["retry.limit Infinity", { retry: { limit: Infinity } }],
    ["retry.limit NaN", { retry: { limit: NaN } }],
    ["retry.limit -1", { retry: { limit: -1 } }],
    ["retry.baseDelay NaN", { retry: { baseDelay: NaN } }],
    ["timeout Infinity", { timeout: Infinity }],
    ["timeout NaN", { timeout: NaN }],
    ["timeout -1", { timeout: -1 }],
    ["timeout 0", { timeout: 0 }],
    ["timeout beyond setTimeout's range", { timeout: 2 ** 31 }],
    ["maxResponseBytes 0", { maxResponseBytes: 0 }],
    ["maxResponseBytes NaN", { maxResponseBytes: NaN }],
  ])("%s is refused", (_name, options) => {
    expect(() => createClient({ ...base, ...(options as object) })).toThrow(/must be an integer from/);
  });
  test("timeout and retry can be false", async () => {
    const signals: unknown[] = [];
    const fetch = async (_url: string, init: RequestInit) => {
      signals.push(init.signal);
      return json(503, {});
    };
    const client = createClient({ ...base, fetch, timeout: false, retry: false });
    expect((await listCases(client)).response.status).toBe(503);
    // One attempt, and no timer's signal: the attempt has only the caller's (none).
    expect(signals).toEqual([undefined]);
  });
});

// Values that would change the endpoint, refused before sending.
describe("path parameters", () => {
  test.each(["..", ".", "", "a/b", "../documents", "a\\b"])("%j", async (value) => {
    const { fetch, sent } = stubFetch(json(200, {}));
    await expect(listCases(createClient({ ...base, fetch }), value)).rejects.toThrow(
      `Path parameter customer_id would change the path: ${JSON.stringify(value)}`,
    );
    expect(sent).toHaveLength(0);
  });
  test("an upload cannot reach another path", async () => {
    const { fetch, sent } = stubFetch(json(200, {}));
    const client = createClient({ ...base, fetch });
    const upload = client.PUT("/v2/accounts/{main_account_id}/individuals/{sub_account_id}/documents/{document_type}", {
      params: {
        path: { main_account_id: "m", sub_account_id: "..", document_type: "PASSPORT" },
        header: { "Content-Disposition": 'attachment; filename="a.pdf"' },
      },
      headers: { "Content-Type": "application/pdf" },
      body: new Uint8Array([1]),
    });
    await expect(upload).rejects.toThrow('Path parameter sub_account_id would change the path: ".."');
    expect(sent).toHaveLength(0);
  });
});

describe("baseUrl", () => {
  test("with user:password@ is refused", () => {
    const error = (() => {
      try {
        createClient({ ...base, baseUrl: "https://user:hunter2-secret@svc.example" });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(isInvalidOptionError(error)).toBe(true);
    expect(error!.message).toBe("baseUrl must not carry a user name or password");
    expect(JSON.stringify({ ...error, message: error!.message, cause: String(error!.cause) })).not.toContain("hunter2");
  });
  test.each(["https://us er:hunter2@", "ftp://svc.example", "svc.example"])("%j is refused", (baseUrl) => {
    expect(() => createClient({ ...base, baseUrl })).toThrow(/^baseUrl must be an absolute http\(s\) URL$/);
  });
});

describe("credentials", () => {
  test.each([
    [123, "number"],
    [null, "null"],
    [undefined, "undefined"],
    [{}, "object"],
  ])("a secret %j is not a string", (secretKey, kind) => {
    expect(() => createClient({ ...base, credentials: { accessKey: "AK", secretKey: secretKey as string } })).toThrow(
      `Secret key must be a string, not ${kind}`,
    );
  });
  test("a 1-byte key is refused", () => {
    expect(() => createClient({ ...base, credentials: { accessKey: "AK", secretKey: "AA" } })).toThrow(
      /decodes to 1 bytes, fewer than 16/,
    );
  });
  test("a portfolio call needs portfolioToken", async () => {
    const { fetch, sent } = stubFetch(json(200, {}));
    const client = createClient({ ...base, fetch });
    await expect(
      client.POST("/v1/portfolios/{portfolio_id}/conversions/quote", {
        params: { path: { portfolio_id: "p1" } },
        body: {} as never,
      }),
    ).rejects.toThrow(new InvalidCredentialsError("Portfolio operations need portfolioToken"));
    expect(sent).toHaveLength(0);
  });
});

describe("signRequest", () => {
  const input = { ...HMAC, method: "GET", path: "/v1/x", time: new Date(Date.UTC(2026, 0, 1)) };
  test.each([
    ["a CR/LF in the method", { method: "GET\nX" }],
    ["a space in the method", { method: "GE T" }],
    ["a CR/LF in the path", { path: "/v1/x\r\n/v1/y" }],
    ["a NUL in the path", { path: "/v1/\0x" }],
    ["a bodyHash that is not SHA-256 hex", { bodyHash: "abc" }],
    ["an upper-case bodyHash", { bodyHash: "E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855" }],
    [
      "a bodyHash with a line break",
      { bodyHash: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\nx" },
    ],
  ])("refuses %s", (_name, change) => {
    expect(() => signRequest(input)).not.toThrow();
    expect(() => signRequest({ ...input, ...change })).toThrow(InvalidSigningInputError);
  });
});

describe("server text in messages", () => {
  const response = (body: unknown) => new Response(JSON.stringify(body), { status: 400, statusText: "Bad Request" });
  test("CR/LF and ANSI escapes are removed", () => {
    const error = normalizeError(
      { code: "00000001", detail: "bad\r\n[INFO] forged log line \u001b[31mred\u001b[0m" },
      response({}),
    );
    expect(error.message).not.toMatch(/[\r\n\u001b]/);
    expect(error.message).toContain("forged log line  red");
  });
  test("a 5 MB detail is cut", () => {
    const error = normalizeError({ code: "00000001", detail: "x".repeat(5_000_000) }, response({}));
    expect(error.message.length).toBeLessThan(500);
    expect(error.detail).toHaveLength(5_000_000);
  });
});
