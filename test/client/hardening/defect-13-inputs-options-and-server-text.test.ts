// Defect 13: smaller gaps in what the client checks before sending and in what it copies from servers.
import { describe, expect, test } from "vitest";
import { createClient, InvalidCredentialsError, normalizeError } from "../../../src/index.ts";
import { InvalidSigningInputError, signRequest } from "../../../src/signing/index.ts";
import { retryDelay, defaultRetry } from "../../../src/client/retry.ts";
import { CUSTOMER, fakeClock, HMAC, json, stubFetch } from "../helpers.ts";

const base = { baseUrl: "https://svc.example", credentials: HMAC };
const listCases = (client: ReturnType<typeof createClient>, customer_id = CUSTOMER) =>
  client.GET("/v1/customers/{customer_id}/rfi-cases", { params: { path: { customer_id } } });

describe("Retry-After outside RFC 9110's grammar is ignored: the normal backoff applies", () => {
  const policy = { ...defaultRetry, random: () => 0, baseDelay: 100 };
  const now = Date.UTC(2026, 0, 1);
  test.each(["-5", "1.5", "Wed, 21 Oct 2015 07:28:00 GMT", "soon", ""])(
    "Retry-After %j waits the backoff (50 ms), never 0",
    (value) => {
      expect(retryDelay(policy, 0, new Response(null, { status: 503, headers: { "Retry-After": value } }), now)).toBe(
        50,
      );
    },
  );
  test("digits and a future date are still honoured", () => {
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
  test("a client retrying a 503 with Retry-After: -5 backs off", async () => {
    const { fetch, sent } = stubFetch(json(503, {}, { "Retry-After": "-5" }), json(200, {}));
    const { clock, waits } = fakeClock();
    await listCases(createClient({ ...base, fetch, clock, retry: { random: () => 0, baseDelay: 100 } }));
    expect(waits).toEqual([50]);
    expect(sent).toHaveLength(2);
  });
});

describe("options are checked in createClient", () => {
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
    expect(() => createClient({ ...base, ...(options as object) })).toThrow(TypeError);
  });
  test("timeout: false and retry: false stay allowed", () => {
    expect(() => createClient({ ...base, timeout: false, retry: false })).not.toThrow();
  });
});

describe("path parameters that would change the endpoint are refused before sending", () => {
  test.each(["..", ".", "", "a/b", "../documents", "a\\b"])("customer_id %j", async (value) => {
    const { fetch, sent } = stubFetch(json(200, {}));
    await expect(listCases(createClient({ ...base, fetch }), value)).rejects.toThrow(/Path parameter customer_id/);
    expect(sent).toHaveLength(0);
  });
  test("a signed upload cannot be sent to another document path", async () => {
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
    await expect(upload).rejects.toThrow(TypeError);
    expect(sent).toHaveLength(0);
  });
});

describe("baseUrl", () => {
  test("with user:password@ is refused, the password never in the message", () => {
    const error = (() => {
      try {
        createClient({ ...base, baseUrl: "https://user:hunter2-secret@svc.example" });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error).toBeInstanceOf(TypeError);
    expect(error!.message).toMatch(/user name or password/);
    expect(JSON.stringify({ ...error, message: error!.message, cause: String(error!.cause) })).not.toContain("hunter2");
  });
  test("an unparsable or non-http address is refused without echoing it", () => {
    for (const baseUrl of ["https://us er:hunter2@", "ftp://svc.example", "svc.example"]) {
      expect(() => createClient({ ...base, baseUrl })).toThrow(
        "baseUrl must be an absolute http(s) URL without user name or password",
      );
    }
  });
});

describe("credentials", () => {
  test.each([
    [123, "number"],
    [null, "null"],
    [undefined, "undefined"],
    [{}, "object"],
  ])("a secret %j is reported as not a string (%s), not as empty", (secretKey, kind) => {
    expect(() => createClient({ ...base, credentials: { accessKey: "AK", secretKey: secretKey as string } })).toThrow(
      `Secret key must be a string, not ${kind}`,
    );
  });
  test("a 1-byte key is refused: at least 16 bytes", () => {
    expect(() => createClient({ ...base, credentials: { accessKey: "AK", secretKey: "AA" } })).toThrow(
      /decodes to 1 bytes, fewer than 16/,
    );
  });
  test("a portfolio call without portfolioToken is refused before sending, not sent without Authorization", async () => {
    const { fetch, sent } = stubFetch(json(200, {}));
    const client = createClient({ ...base, fetch });
    await expect(
      client.POST("/v1/portfolios/{portfolio_id}/conversions/quote", {
        params: { path: { portfolio_id: "p1" } },
        body: {} as never,
      }),
    ).rejects.toBeInstanceOf(InvalidCredentialsError);
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
    expect(() => signRequest({ ...input, ...change })).toThrow(InvalidSigningInputError);
  });
});

describe("server text in error messages", () => {
  const response = (body: unknown) => new Response(JSON.stringify(body), { status: 400, statusText: "Bad Request" });
  test("CR/LF and ANSI escapes are removed", () => {
    const error = normalizeError(
      { code: "00000001", detail: "bad\r\n[INFO] forged log line \u001b[31mred\u001b[0m" },
      response({}),
    );
    expect(error.message).not.toMatch(/[\r\n\u001b]/);
    expect(error.message).toContain("forged log line  red");
  });
  test("a 5 MB detail is cut to a bounded message", () => {
    const error = normalizeError({ code: "00000001", detail: "x".repeat(5_000_000) }, response({}));
    expect(error.message.length).toBeLessThan(500);
    expect(error.detail).toHaveLength(5_000_000);
  });
});
