// The signing fetch on its own, against a local server that records what arrived on the wire and checks each
// production signature with the mock's verifier: what it signs, which credentials go where, what it refuses
// (with nothing sent) and that it never follows a redirect.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { InvalidUploadError } from "../../src/errors/InvalidUploadError.ts";
import { RedirectError } from "../../src/errors/RedirectError.ts";
import {
  createSigningFetch,
  InvalidOptionError,
  isRefusedRequestError,
  RefusedRequestError,
  type SigningFetchOptions,
} from "../../src/fetch/index.ts";
import { InvalidCredentialsError } from "../../src/signing/index.ts";
import { ACCESS_KEY, SECRET_KEY, startWire, type WireServer } from "./wire.ts";

const hmac = { accessKey: ACCESS_KEY, secretKey: SECRET_KEY };
const SANDBOX_TOKEN = "sandbox-token-0123456789";
const PORTFOLIO_TOKEN = "portfolio-token-9876543210";
const SECRETS = [SECRET_KEY, SANDBOX_TOKEN, PORTFOLIO_TOKEN];

let wire: WireServer;
let elsewhere: WireServer;
beforeAll(async () => {
  elsewhere = await startWire();
  wire = await startWire((req, res) => {
    const m = /\/redirect\/(\d+)$/.exec(req.path);
    if (!m) return false;
    res.writeHead(Number(m[1]), { Location: `${elsewhere.url}/v1/customers/c1/rfi-cases` }).end();
    return true;
  });
});
afterAll(async () => {
  await wire?.stop();
  await elsewhere?.stop();
});

/** A signing fetch for the wire server that counts what it hands on. */
function signing(options: Partial<SigningFetchOptions> = {}, base = `${wire.url}/api`) {
  const sent: string[] = [];
  const fetcher = createSigningFetch({
    baseUrl: base,
    credentials: hmac,
    portfolioToken: PORTFOLIO_TOKEN,
    fetch: (url, init) => {
      sent.push(url);
      return fetch(url, init);
    },
    ...options,
  });
  return { fetcher, sent };
}
const last = () => wire.arrived.at(-1)!;

describe("production: HMAC over the exact bytes sent", () => {
  // The path signed has the base path and no query; the mock's verifier accepts it.
  test("signs a JSON POST over its path and bytes", async () => {
    const { fetcher } = signing();
    const body = JSON.stringify({ from_asset: { asset: "USDC" }, to_asset: { asset: "EUR" }, pay_amount: "10.00" });
    const res = await fetcher(`${wire.url}/api/v1/customers/c1/conversions/quote?x=1`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
    });
    expect(res.status).toBe(200);
    expect(last()).toMatchObject({
      method: "POST",
      target: "/api/v1/customers/c1/conversions/quote?x=1",
      verified: { ok: true },
    });
    expect(last().body.toString("utf8")).toBe(body);
    expect(last().headers.authorization).toMatch(
      new RegExp(`^Service-HMAC-SHA256 ${ACCESS_KEY}:(\\d{8}T\\d{6}Z):[0-9a-f]{64}$`),
    );
    expect(last().headers["x-svc-date"]).toBe(/:(\d{8}T\d{6}Z):/.exec(last().headers.authorization!)![1]);
  });

  // A view's own bytes, not its whole buffer, with its Content-Type and Content-Disposition.
  test("an upload sends and signs the view's bytes", async () => {
    const { fetcher } = signing();
    const buffer = new Uint8Array([9, 9, 0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x0d, 0x0a, 9, 9]);
    const headers = {
      "Content-Type": "application/pdf",
      "Content-Disposition": 'attachment; filename="memorandum.pdf"',
    };
    await fetcher(`${wire.url}/api/v2/accounts/m1/businesses/s1/documents/MEMORANDUM_OF_ASSOCIATION`, {
      method: "PUT",
      headers,
      body: buffer.subarray(2, 10),
    });
    expect([...last().body]).toEqual([...buffer.subarray(2, 10)]);
    expect(last().headers).toMatchObject({
      "content-type": "application/pdf",
      "content-disposition": 'attachment; filename="memorandum.pdf"',
    });
    expect(last().verified).toEqual({ ok: true });
  });

  // Its method, headers and body are what is signed and sent; init members replace them.
  test("a Request as the first argument", async () => {
    const { fetcher } = signing();
    const request = new Request(`${wire.url}/api/v1/customers/c1/rfi-cases`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Trace": "a" },
      body: '{"a":1}',
    });
    await fetcher(request);
    expect(last()).toMatchObject({
      method: "POST",
      verified: { ok: true },
      headers: expect.objectContaining({ "x-trace": "a" }),
    });
    expect(last().body.toString()).toBe('{"a":1}');
    const again = new Request(`${wire.url}/api/v1/customers/c1/rfi-cases`, {
      method: "POST",
      headers: { "X-Trace": "a" },
      body: "ignored",
    });
    await fetcher(again, {
      method: "put",
      headers: { "Content-Type": "application/octet-stream" },
      body: new Uint8Array([1, 2, 3]),
    });
    expect(last()).toMatchObject({ method: "PUT", verified: { ok: true } });
    expect(last().headers["x-trace"]).toBeUndefined();
    expect([...last().body]).toEqual([1, 2, 3]);
  });

  test("a lower-case method is sent and signed upper-case (fetch itself would send `patch`)", async () => {
    const { fetcher } = signing();
    await fetcher(new URL(`${wire.url}/api/v1/x`), {
      method: "patch",
      headers: [["Content-Type", "application/json"]],
      body: "{}",
    });
    expect(last()).toMatchObject({ method: "PATCH", verified: { ok: true } });
  });

  test("the caller's Authorization and X-SVC-Date are replaced, never passed on", async () => {
    const { fetcher } = signing();
    await fetcher(`${wire.url}/api/v1/x`, {
      headers: new Headers({ Authorization: "Bearer leaked", "X-SVC-Date": "leaked" }),
    });
    expect(last().verified).toEqual({ ok: true });
    expect(JSON.stringify(last().headers)).not.toContain("leaked");
  });

  test("every call is signed at its own time: a new second, a new timestamp", async () => {
    let now = Date.UTC(2026, 10, 25, 9, 30, 0);
    const { fetcher } = signing({ clock: { now: () => now } });
    await fetcher(`${wire.url}/api/v1/x`);
    now += 1000;
    await fetcher(`${wire.url}/api/v1/x`);
    expect(wire.arrived.slice(-2).map((a) => a.headers["x-svc-date"])).toEqual([
      "20261125T093000Z",
      "20261125T093001Z",
    ]);
  });

  test("the check is real: a byte changed after signing fails the mock's verifier", async () => {
    const fetcher = createSigningFetch({
      baseUrl: wire.url,
      credentials: hmac,
      fetch: (url, init) => fetch(url, { ...init, body: new Uint8Array([...(init.body as Uint8Array), 0x20]) }),
    });
    await fetcher(`${wire.url}/v1/x`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(last().verified).toEqual({ ok: false, failure: "signature-mismatch" });
  });
});

describe("bearer tokens: sandbox and portfolio", () => {
  test("sandbox: Authorization: Bearer and no signing date, even one the caller set", async () => {
    const fetcher = createSigningFetch({ baseUrl: wire.url, credentials: { bearerToken: SANDBOX_TOKEN } });
    await fetcher(`${wire.url}/v1/customers/c1/rfi-cases`, { headers: { "X-SVC-Date": SANDBOX_TOKEN } });
    expect(last().headers.authorization).toBe(`Bearer ${SANDBOX_TOKEN}`);
    expect(last().headers["x-svc-date"]).toBeUndefined();
  });

  test("portfolio paths (under the base path) take the portfolio token, also next to HMAC keys", async () => {
    const { fetcher } = signing();
    await fetcher(`${wire.url}/api/v1/portfolios/p1/conversions/quote`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(last().headers.authorization).toBe(`Bearer ${PORTFOLIO_TOKEN}`);
    expect(last().headers["x-svc-date"]).toBeUndefined();
  });

  test("refuses an operation whose credentials were not given", async () => {
    const hmacOnly = createSigningFetch({
      baseUrl: wire.url,
      credentials: hmac,
      fetch: () => Promise.reject(new Error("sent")),
    });
    await expect(hmacOnly(`${wire.url}/v1/portfolios/p1/conversions/hedge`)).rejects.toThrow(
      new InvalidCredentialsError("Portfolio operations need portfolioToken"),
    );
    const portfolioOnly = createSigningFetch({
      baseUrl: wire.url,
      portfolioToken: PORTFOLIO_TOKEN,
      fetch: () => Promise.reject(new Error("sent")),
    });
    await expect(portfolioOnly(`${wire.url}/v1/customers/c1/rfi-cases`)).rejects.toThrow(InvalidCredentialsError);
  });
});

describe("refused before anything is sent", () => {
  const base = () => `${wire.url}/api`;
  // Any web URL, and near misses of the base: another scheme, port or name for the same host.
  const otherOrigins = () => {
    const { port } = new URL(wire.url);
    const nearMiss = fc.constantFrom(
      `https://127.0.0.1:${port}`,
      `http://localhost:${port}`,
      `http://127.0.0.1:${Number(port) + 1}`,
      `http://127.0.0.2:${port}`,
      `http://[::1]:${port}`,
      `http://[::ffff:7f00:1]:${port}`,
      "http://127.0.0.1",
    );
    const authority = fc
      .tuple(fc.constantFrom("http", "https"), fc.webAuthority({ withIPv4: true, withPort: true }))
      .map(([scheme, host]) => `${scheme}://${host}`);
    return fc
      .tuple(fc.oneof(nearMiss, authority), fc.webPath(), fc.webQueryParameters())
      .map(([origin, path, query]) => `${origin}/api/v1${path && !path.startsWith("/") ? "/" : ""}${path}?${query}`);
  };

  // Generated URLs, whatever their path; the message names the origin only.
  test("refuses any URL of another origin", async () => {
    const { fetcher, sent } = signing();
    const before = wire.arrived.length;
    await fc.assert(
      fc.asyncProperty(otherOrigins(), async (url) => {
        fc.pre(new URL(url).origin !== new URL(base()).origin);
        const error = await fetcher(url, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: "{}",
        }).catch((e: unknown) => e);
        // The origin and nothing else of the URL: a path or query may hold identifiers or tokens.
        const origin = new URL(url).origin;
        const only = new URL(base()).origin;
        const expected = `[POST] ${JSON.stringify(origin)}: not sent: this fetch signs and sends only to ${only}`;
        return error instanceof RefusedRequestError && error.reason === "other-origin" && error.message === expected;
      }),
      { seed: 20, numRuns: 100 },
    );
    expect(sent).toEqual([]);
    expect(wire.arrived.length).toBe(before);
  });

  test.each([
    ["a path outside the base path", () => `${wire.url}/v1/customers/c1/rfi-cases`, "outside-base-path"],
    ["a sibling of the base path", () => `${wire.url}/apix/v1/x`, "outside-base-path"],
    ["dot segments leaving the base path", () => `${wire.url}/api/../v1/x`, "outside-base-path"],
    [
      "a user name and password in the URL",
      () => `http://user:hunter2@${new URL(wire.url).host}/api/v1/x`,
      "credentials-in-url",
    ],
    ["a relative path that does not start with /", () => "v1/x", "invalid-url"],
    ["a protocol-relative URL", () => "//evil.example/api/v1/x", "invalid-url"],
    ["a backslash URL", () => "/\\evil.example/api/v1/x", "invalid-url"],
  ])("%s", async (_, url, reason) => {
    const { fetcher, sent } = signing();
    const error = await fetcher(url()).catch((e: unknown) => e);
    expect(isRefusedRequestError(error) && error.reason).toBe(reason);
    expect((error as Error).message).not.toMatch(/hunter2|evil/);
    expect(sent).toEqual([]);
  });

  test("a path starting with one / is sent under the base URL (orval without a baseUrl)", async () => {
    const { fetcher } = signing();
    await fetcher("/v1/customers/c1/rfi-cases?size=1");
    expect(last()).toMatchObject({ target: "/api/v1/customers/c1/rfi-cases?size=1", verified: { ok: true } });
  });

  test.each([
    ["a GET with a body", () => [`${wire.url}/api/v1/x`, { body: "x" }], RefusedRequestError, "body-not-allowed"],
    [
      "a Request whose body was read",
      async () => {
        const r = new Request(`${wire.url}/api/v1/x`, { method: "POST", body: "x" });
        await r.text();
        return [r];
      },
      RefusedRequestError,
      "body-used",
    ],
    [
      "a header value with a line break",
      () => [`${wire.url}/api/v1/x`, { headers: { "X-Token": `${SANDBOX_TOKEN}\nX-Injected: 1` } }],
      RefusedRequestError,
      "invalid-header",
    ],
    [
      "a plain object body",
      () => [
        `${wire.url}/api/v1/x`,
        { method: "POST", headers: { "Content-Type": "application/json" }, body: { a: 1 } },
      ],
      InvalidUploadError,
      "unsupported-body",
    ],
    [
      "a number body",
      () => [`${wire.url}/api/v1/x`, { method: "POST", headers: { "Content-Type": "application/json" }, body: 1 }],
      InvalidUploadError,
      "unsupported-body",
    ],
    [
      "bytes without a Content-Type",
      () => [`${wire.url}/api/v1/x`, { method: "PUT", body: new Uint8Array([1]) }],
      InvalidUploadError,
      "missing-mime-type",
    ],
    [
      "an untyped Blob without a Content-Type",
      () => [`${wire.url}/api/v1/x`, { method: "PUT", body: new Blob([new Uint8Array([1])]) }],
      InvalidUploadError,
      "missing-mime-type",
    ],
  ] as const)("%s", async (_, args, type, reason) => {
    const { fetcher, sent } = signing();
    const error = await fetcher(...((await args()) as unknown as Parameters<typeof fetcher>)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(type);
    expect((error as { reason: string }).reason).toBe(reason);
    for (const secret of SECRETS) expect((error as Error).message).not.toContain(secret);
    expect(sent).toEqual([]);
  });

  test("an aborted signal rejects with its reason, nothing sent", async () => {
    const { fetcher, sent } = signing();
    await expect(fetcher(`${wire.url}/api/v1/x`, { signal: AbortSignal.abort(new Error("stop")) })).rejects.toThrow(
      "stop",
    );
    expect(sent).toEqual([]);
  });

  test("bad credentials fail at creation and never quote the secret or token", () => {
    const errors = [
      () =>
        createSigningFetch({ baseUrl: wire.url, credentials: { accessKey: ACCESS_KEY, secretKey: `${SECRET_KEY}+` } }),
      () =>
        createSigningFetch({
          baseUrl: wire.url,
          credentials: { accessKey: ACCESS_KEY, secretKey: SECRET_KEY.slice(0, 12) },
        }),
      () => createSigningFetch({ baseUrl: wire.url, credentials: { bearerToken: `${SANDBOX_TOKEN} x` } }),
      () => createSigningFetch({ baseUrl: wire.url, portfolioToken: `${PORTFOLIO_TOKEN}\n` }),
      () => createSigningFetch({ baseUrl: wire.url }),
    ].map((make) => {
      try {
        make();
      } catch (error) {
        return error as Error;
      }
      throw new Error("created");
    });
    for (const error of errors) {
      expect(error).toBeInstanceOf(InvalidCredentialsError);
      for (const secret of [...SECRETS, SECRET_KEY.slice(0, 12)]) expect(error.message).not.toContain(secret);
    }
  });

  test.each([
    ["http://user:hunter2@127.0.0.1:1", "baseUrl must not carry a user name or password"],
    ["ftp://127.0.0.1", "baseUrl must be an absolute http(s) URL"],
    ["not a url", "baseUrl must be an absolute http(s) URL"],
  ])("baseUrl %j fails at creation, not quoted", (baseUrl, message) => {
    expect(() => createSigningFetch({ baseUrl, credentials: hmac })).toThrow(
      expect.objectContaining({ name: "InvalidOptionError", option: "baseUrl", message }),
    );
  });
});

describe("redirects are never followed", () => {
  test.each([301, 302, 303, 307, 308])("%d: RedirectError by default; nothing reaches the Location", async (status) => {
    const { fetcher } = signing();
    const error = await fetcher(
      new Request(`${wire.url}/api/redirect/${status}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{}",
        redirect: "follow",
      }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ status, location: `${elsewhere.url}/v1/customers/c1/rfi-cases` });
    expect(elsewhere.arrived).toEqual([]);
  });

  test('redirect: "manual" hands back the 3xx as it came, still unfollowed', async () => {
    const { fetcher } = signing({ redirect: "manual" });
    const res = await fetcher(`${wire.url}/api/redirect/307`, { redirect: "follow" });
    expect(res.status).toBe(307);
    expect(res.headers.get("Location")).toBe(`${elsewhere.url}/v1/customers/c1/rfi-cases`);
    expect(elsewhere.arrived).toEqual([]);
  });

  test('redirect: "follow" is refused at creation', () => {
    const make = () => createSigningFetch({ baseUrl: wire.url, credentials: hmac, redirect: "follow" as "manual" });
    expect(make).toThrow(InvalidOptionError);
    expect(make).toThrow(
      expect.objectContaining({ option: "redirect", message: expect.stringMatching(/never followed/) }),
    );
  });
});
