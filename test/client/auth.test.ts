// Credentials are checked at createClient, applied per operation family, and never shown.
import { inspect } from "node:util";
import { afterEach, describe, expect, test } from "vitest";
import { createAuth } from "../../src/client/auth.ts";
import { createClient, InvalidCredentialsError, normalizeError, ServerSideOnlyError } from "../../src/index.ts";
import { signRequest } from "../../src/signing/index.ts";
import { hashBody } from "../../src/signing/stringToSign.ts";
import { CUSTOMER, fakeClock, HMAC, json, stubFetch } from "./helpers.ts";

const base = "https://svc.example";
const make = (options: Partial<Parameters<typeof createClient>[0]>) => createClient({ baseUrl: base, ...options });

describe("bad credentials fail at createClient, before any request", () => {
  const cases: [string, Parameters<typeof createClient>[0]["credentials"]][] = [
    ["empty access key", { accessKey: "", secretKey: HMAC.secretKey }],
    ["access key with a colon", { accessKey: "a:b", secretKey: HMAC.secretKey }],
    ["empty secret", { accessKey: "AK", secretKey: "" }],
    ["secret with +", { accessKey: "AK", secretKey: "c2Vj+mV0" }],
    ["secret with /", { accessKey: "AK", secretKey: "c2Vj/mV0" }],
    ["secret with padding", { accessKey: "AK", secretKey: "c2VjcmV0YQ==" }],
    ["secret with a space", { accessKey: "AK", secretKey: "c2Vj cmV0" }],
    ["secret with $", { accessKey: "AK", secretKey: "c2Vj$mV0" }],
    ["empty bearer token", { bearerToken: "" }],
    ["bearer token with a line break", { bearerToken: "tok\nX-Evil: 1" }],
    ["neither keys nor token", {} as { bearerToken: string }],
  ];
  test.each(cases)("%s", (_, credentials) => {
    const { fetch, sent } = stubFetch(json(200, {}));
    expect(() => make({ credentials, fetch })).toThrow(InvalidCredentialsError);
    expect(sent).toHaveLength(0);
  });

  // One key of the pair is still HMAC credentials, checked as such, never taken for a bearer token.
  test("an access key alone", () => {
    expect(() => make({ credentials: { accessKey: "AK" } as never })).toThrow("Secret key must be a string");
  });

  test("a secret key alone", () => {
    expect(() => make({ credentials: { secretKey: HMAC.secretKey } as never })).toThrow(/^Access key/);
  });

  test("a bearer token that is a number", () => {
    expect(() => make({ credentials: { bearerToken: 123 as never } })).toThrow(
      "Bearer token must be a non-empty string",
    );
  });

  test("empty bearer token, by name", () => {
    expect(() => make({ credentials: { bearerToken: "" } })).toThrow("Bearer token must be a non-empty string");
  });

  test("empty portfolio token", () => {
    expect(() => make({ portfolioToken: "" })).toThrow("Portfolio token must be a non-empty string");
  });

  test("a token with a space is not header-safe", () => {
    expect(() => make({ portfolioToken: "a b" })).toThrow("Portfolio token has spaces, line breaks or non-ASCII");
  });

  test("the error never shows the secret", () => {
    const secretKey = "super+secret/value==";
    const error = (() => {
      try {
        make({ credentials: { accessKey: "AK", secretKey } });
      } catch (e) {
        return e as Error;
      }
    })()!;
    expect(error.message).not.toContain("secret/value");
    expect(inspect(error)).not.toContain("secret/value");
  });
});

describe("HMAC signing is server-side only", () => {
  const g = globalThis as { window?: unknown };
  afterEach(() => {
    delete g.window;
  });

  test("createClient with keys refuses", () => {
    g.window = { document: {} };
    expect(() => make({ credentials: HMAC })).toThrow(ServerSideOnlyError);
    expect(() => make({ credentials: HMAC })).toThrow(/server only/);
  });

  test("signRequest refuses too", () => {
    g.window = { document: {} };
    expect(() => signRequest({ ...HMAC, method: "GET", path: "/v1", time: new Date() })).toThrow(ServerSideOnlyError);
  });

  test("a bearer-token client still sends in a page", async () => {
    g.window = { document: {} };
    const { fetch, sent } = stubFetch(json(200, {}));
    await make({ credentials: { bearerToken: "sandbox-token" }, fetch }).GET("/all_deposit_instructions");
    expect(sent[0]!.headers.get("Authorization")).toBe("Bearer sandbox-token");
  });
});

describe("which credentials each operation gets", () => {
  test("sandbox: Bearer token only", async () => {
    const { fetch, sent } = stubFetch(json(200, {}));
    const client = make({ credentials: { bearerToken: "sandbox-token" }, fetch });
    await client.GET("/v1/customers/{customer_id}/rfi-cases", { params: { path: { customer_id: CUSTOMER } } });
    expect(sent[0]!.headers.get("Authorization")).toBe("Bearer sandbox-token");
    expect(sent[0]!.headers.has("X-SVC-Date")).toBe(false);
  });

  test("portfolio token vs HMAC signature", async () => {
    const { fetch, sent } = stubFetch(json(200, {}));
    const client = make({ credentials: HMAC, portfolioToken: "pf-token", fetch });
    await client.GET("/v1/portfolios/{portfolio_id}/conversions/hedge", {
      params: { path: { portfolio_id: "pf-1" }, query: { conversion_id: "cv-1" } },
    });
    await client.GET("/v2/accounts/{main_account_id}/businesses", { params: { path: { main_account_id: "m" } } });
    expect(sent[0]!.headers.get("Authorization")).toBe("Bearer pf-token");
    expect(sent[0]!.headers.has("X-SVC-Date")).toBe(false);
    expect(sent[1]!.headers.get("Authorization")).toMatch(/^Service-HMAC-SHA256 AK-TEST:\d{8}T\d{6}Z:[0-9a-f]{64}$/);
  });

  test("signed path: /api prefix, no query", async () => {
    const { fetch, sent } = stubFetch(json(200, {}));
    const { clock } = fakeClock();
    const client = createClient({ baseUrl: "https://svc.example/api/", credentials: HMAC, fetch, clock });
    await client.GET("/v1/customers/{customer_id}/conversions/order", {
      params: { path: { customer_id: "acme ltd é" }, query: { transaction_id: "t 1" } },
    });
    const url = new URL(sent[0]!.url);
    expect(url.pathname).toBe("/api/v1/customers/acme%20ltd%20%C3%A9/conversions/order");
    expect(url.search).toBe("?transaction_id=t%201");
    const expected = signRequest({ ...HMAC, method: "GET", path: url.pathname, time: new Date(clock.now()) });
    expect(sent[0]!.headers.get("Authorization")).toBe(expected.headers.Authorization);
  });
});

describe("a 401 to a signed request", () => {
  test("shows the string to sign, not the secret", async () => {
    const body = { status_code: 401, code: "Unauthorized", instance: "/v1/x", detail: "Signature mismatch." };
    const { fetch } = stubFetch(json(401, body));
    const { clock } = fakeClock();
    const client = createClient({ baseUrl: base, credentials: HMAC, fetch, clock });
    const result = await client.GET("/v1/customers/{customer_id}/rfi-cases", {
      params: { path: { customer_id: CUSTOMER } },
    });
    const apiError = normalizeError(result);
    const expected = signRequest({
      ...HMAC,
      method: "GET",
      path: `/v1/customers/${CUSTOMER}/rfi-cases`,
      time: new Date(clock.now()),
    });
    expect(apiError.stringToSign).toBe(expected.stringToSign);
    expect(apiError.message).toContain(JSON.stringify(expected.stringToSign));
    expect(apiError.message).toContain("Signature mismatch.");
    expect(inspect(apiError, { depth: 10 })).not.toContain(HMAC.secretKey);
  });

  test("of a bearer request has no string to sign", async () => {
    const { fetch } = stubFetch(json(401, { code: "00010000", status: 401 }));
    const client = make({ credentials: { bearerToken: "t" }, fetch });
    const apiError = normalizeError(await client.GET("/all_deposit_instructions"));
    expect(apiError.stringToSign).toBeUndefined();
    expect(apiError.message).toBe('[GET] "https://svc.example/all_deposit_instructions": 401 (00010000)');
  });

  test("a 403 to a signed request has none either", async () => {
    const { fetch } = stubFetch(json(403, { code: "00010001" }));
    const client = make({ credentials: HMAC, fetch, retry: false });
    expect(normalizeError(await client.GET("/all_deposit_instructions")).stringToSign).toBeUndefined();
  });
});

test("inspecting the client shows no secret", () => {
  const client = make({ credentials: HMAC, portfolioToken: "pf-secret-token" });
  const shown = [inspect(client, { depth: 10, showHidden: true }), String(client), JSON.stringify(client)].join("\n");
  expect(shown).not.toContain(HMAC.secretKey);
  expect(shown).not.toContain("pf-secret-token");
});

// createAuth's signer (src/client/auth.ts) reuses the last signature while method, path, body hash and second
// are unchanged (reads only: the signing ledger never lets a state-changing request repeat one); each of them
// alone must give a new one.
describe("the signature memo", () => {
  const T = Date.UTC(2026, 10, 24, 9, 0, 0, 100);
  const hashOf = (text: string) => hashBody(text);
  // The time each signing reads: set before each call; `sleep` moves it on (the ledger's wait for a new second).
  let now = T;
  const clock = {
    now: () => now,
    sleep: async (ms: number) => {
      now += ms;
    },
  };
  const sign = () => createAuth({ credentials: HMAC }, clock)(false)!;
  const expected = (method: string, path: string, body: string, time: number) =>
    signRequest({ ...HMAC, method, path, body, time: new Date(time) }).headers;
  const run = async (authorize: ReturnType<typeof sign>, method: string, path: string, body: string, time: number) => {
    const headers = new Headers();
    now = time;
    const { stringToSign } = await authorize(headers, method, path, () => hashOf(body));
    return { authorization: headers.get("Authorization"), date: headers.get("X-SVC-Date"), stringToSign };
  };

  type Attempt = [method: string, path: string, body: string, time: number];
  test.each<[string, Attempt, Attempt]>([
    ["method", ["GET", "/v1/a", "", T], ["POST", "/v1/a", "", T]],
    ["path", ["GET", "/v1/a", "", T], ["GET", "/v1/b", "", T]],
    ["body hash", ["POST", "/v1/a", "one", T], ["POST", "/v1/a", "two", T]],
    ["second", ["GET", "/v1/a", "", T], ["GET", "/v1/a", "", T + 1_000]],
  ])("a new %s signs anew", async (_what, first, second) => {
    const authorize = sign();
    await run(authorize, ...first);
    const { authorization, date } = await run(authorize, ...second);
    const want = expected(...second);
    expect([authorization, date]).toEqual([want.Authorization, want["X-SVC-Date"]]);
  });

  test("a read of the same second and call reuses it", async () => {
    const authorize = sign();
    const first = await run(authorize, "GET", "/v1/a", "", T);
    const again = await run(authorize, "GET", "/v1/a", "", T + 800);
    expect(again).toEqual(first);
    expect(again.stringToSign).toBe(
      signRequest({ ...HMAC, method: "GET", path: "/v1/a", time: new Date(T) }).stringToSign,
    );
  });

  test("the same POST in the same second is signed again at the next second, not reused", async () => {
    const authorize = sign();
    const first = await run(authorize, "POST", "/v1/a", "{}", T);
    const again = await run(authorize, "POST", "/v1/a", "{}", T + 800);
    expect(again.authorization).not.toBe(first.authorization);
    const want = expected("POST", "/v1/a", "{}", T - 100 + 1_000);
    expect([again.authorization, again.date]).toEqual([want.Authorization, want["X-SVC-Date"]]);
  });

  test("a bearer signer returns no string to sign", async () => {
    const headers = new Headers();
    const authorize = createAuth({ credentials: { bearerToken: "t" } }, clock)(false)!;
    now = T;
    expect(await authorize(headers, "GET", "/v1/a", () => "")).toEqual({ time: T });
    expect(headers.get("Authorization")).toBe("Bearer t");
  });

  test("no credentials, no signer", () => {
    expect(createAuth({})(false)).toBeUndefined();
  });

  test("portfolio paths get the portfolio token", async () => {
    const headers = new Headers();
    await createAuth({ credentials: HMAC, portfolioToken: "pf" })(true)!(headers, "GET", "/v1/portfolios/p", () => "");
    expect([...(headers as unknown as Iterable<[string, string]>)]).toEqual([["authorization", "Bearer pf"]]);
  });
});
