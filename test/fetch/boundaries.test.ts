// The signing fetch's boundaries, generated: which answers count as a redirect (every 3xx but 304, and an opaque
// redirect), which URLs carry credentials (a user name, a password, or both), which paths lie under the base path
// (the base itself, and below it after a "/", never a sibling that shares its first letters), and the messages a
// refused call gives, which say what to do. The transport is a function that records each call: nothing here
// needs a socket. fast-check, fixed seeds, bounded runs.
import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { RedirectError } from "../../src/errors/RedirectError.ts";
import { createSigningFetch, InvalidCredentialsError, RefusedRequestError } from "../../src/fetch/index.ts";

const ORIGIN = "http://api.test";
const hmac = { accessKey: "AK_bounds", secretKey: randomBytes(32).toString("base64url") };

/** A signing fetch whose transport answers `answer()` and records what it was handed. */
function signing(
  answer: () => Response = () => new Response(null, { status: 200 }),
  options: {
    base?: string;
    redirect?: "error" | "manual";
    clock?: Parameters<typeof createSigningFetch>[0]["clock"];
  } = {},
) {
  const sent: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetcher = createSigningFetch({
    baseUrl: options.base ?? `${ORIGIN}/api`,
    credentials: hmac,
    redirect: options.redirect,
    clock: options.clock,
    fetch: async (url, init) => {
      sent.push({ url: String(url), init });
      return answer();
    },
  });
  return { fetcher, sent };
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  );

describe("redirects", () => {
  const isRedirect = (status: number) => status >= 300 && status <= 399 && status !== 304;

  test("every 3xx but 304 throws RedirectError naming its Location; any other status comes back as it came", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 200, max: 599 }), fc.boolean(), async (status, withBody) => {
        const nullBody = [204, 205, 304].includes(status) || !withBody;
        const { fetcher, sent } = signing(
          () => new Response(nullBody ? null : "moved", { status, headers: { Location: `${ORIGIN}/elsewhere` } }),
        );
        const outcome = await fetcher(`${ORIGIN}/api/v1/customers/c1/rfi-cases`).catch((e: unknown) => e);
        expect(sent).toHaveLength(1);
        expect(sent[0]!.init?.redirect).toBe("manual");
        if (isRedirect(status)) {
          expect(outcome).toBeInstanceOf(RedirectError);
          expect(outcome).toMatchObject({ status, location: `${ORIGIN}/elsewhere` });
        } else {
          expect(outcome).toBeInstanceOf(Response);
          expect((outcome as Response).status).toBe(status);
        }
      }),
      { seed: 31, numRuns: 300 },
    );
  });

  test("the first and last of the range, and their neighbours", async () => {
    for (const [status, redirected] of [
      [299, false],
      [300, true],
      [304, false],
      [399, true],
      [400, false],
    ] as const) {
      const { fetcher } = signing(() => new Response(null, { status }));
      const outcome = await fetcher(`${ORIGIN}/api/v1/x`).catch((e: unknown) => e);
      expect(outcome instanceof RedirectError, String(status)).toBe(redirected);
    }
  });

  test("an opaque redirect (a browser's answer to redirect: manual) throws too, whatever its status", async () => {
    const opaque = { type: "opaqueredirect", status: 0, headers: new Headers(), body: null } as unknown as Response;
    const { fetcher } = signing(() => opaque);
    expect(await refusal(fetcher(`${ORIGIN}/api/v1/x`))).toBeInstanceOf(RedirectError);
    // With "manual" it is handed back.
    const manual = signing(() => opaque, { redirect: "manual" });
    expect(await manual.fetcher(`${ORIGIN}/api/v1/x`)).toBe(opaque);
  });

  test('redirect: "manual" hands back every 3xx', async () => {
    for (const status of [300, 301, 302, 303, 307, 308, 399]) {
      const { fetcher } = signing(() => new Response(null, { status }), { redirect: "manual" });
      expect((await fetcher(`${ORIGIN}/api/v1/x`)).status).toBe(status);
    }
  });
});

describe("credentials in the URL", () => {
  // Percent-encoded so each is one user-info part whatever characters it has.
  const part = fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent);

  test("a user name, a password or both: refused, nothing sent, neither quoted", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          part.map((user) => ({ user, password: "" })),
          part.map((password) => ({ user: "", password })),
          fc.record({ user: part, password: part }),
        ),
        async ({ user, password }) => {
          const userInfo = `${user}${password ? `:${password}` : ""}@`;
          const { fetcher, sent } = signing();
          const error = await refusal(fetcher(`http://${userInfo}api.test/api/v1/x`));
          expect(error).toBeInstanceOf(RefusedRequestError);
          expect(error).toMatchObject({ reason: "credentials-in-url" });
          expect((error as Error).message).toMatch(
            /has a user name or password; give credentials in the fetch's options/,
          );
          expect(sent).toEqual([]);
        },
      ),
      { seed: 32, numRuns: 100 },
    );
  });
});

describe("the base path", () => {
  const segment = fc.stringMatching(/^[a-z0-9]{1,6}$/);

  test("the base itself and paths below it are sent; a sibling or a path elsewhere is refused", async () => {
    await fc.assert(
      fc.asyncProperty(segment, fc.array(segment, { maxLength: 3 }), segment, async (base, below, extra) => {
        const { fetcher, sent } = signing(undefined, { base: `${ORIGIN}/${base}` });
        const inside = [`/${base}`, `/${base}/`, ...(below.length ? [`/${base}/${below.join("/")}`] : [])];
        const outside = [`/${base}${extra}`, `/${extra}${base}`, `/${extra}/${base}`];
        for (const path of inside) {
          await fetcher(`${ORIGIN}${path}`);
          expect(sent.at(-1)?.url).toBe(`${ORIGIN}${path}`);
        }
        for (const path of outside) {
          fc.pre(path !== `/${base}` && !path.startsWith(`/${base}/`));
          const error = await refusal(fetcher(`${ORIGIN}${path}`));
          expect(error).toMatchObject({ reason: "outside-base-path" });
          expect((error as Error).message).toContain(
            `not sent: the path is outside /${base}, and this fetch signs and sends only under ${ORIGIN}/${base}`,
          );
        }
        expect(sent).toHaveLength(inside.length);
      }),
      { seed: 33, numRuns: 100 },
    );
  });

  test("with no base path every path of the origin is sent", async () => {
    const { fetcher, sent } = signing(undefined, { base: ORIGIN });
    for (const path of ["/", "/v1/x", "/api"]) await fetcher(`${ORIGIN}${path}`);
    expect(sent.map((s) => new URL(s.url).pathname)).toEqual(["/", "/v1/x", "/api"]);
  });
});

describe("what a refusal says", () => {
  test("a URL that is neither absolute nor a path", async () => {
    const error = await refusal(signing().fetcher("v1/x"));
    expect(error).toMatchObject({ reason: "invalid-url" });
    expect((error as Error).message).toMatch(/the URL is neither absolute nor a path starting with "\/"; give one/);
  });

  test("a header that fetch would refuse, without quoting it", async () => {
    const error = await refusal(signing().fetcher(`${ORIGIN}/api/v1/x`, { headers: { "X-Token": "secret\nX: 1" } }));
    expect(error).toMatchObject({ reason: "invalid-header" });
    expect((error as Error).message).toMatch(/a header name or value is empty, has a line break or a non-Latin-1/);
    expect((error as Error).message).not.toContain("secret");
  });

  test("a Request whose body was read", async () => {
    const request = new Request(`${ORIGIN}/api/v1/x`, { method: "POST", body: "x" });
    await request.text();
    const error = await refusal(signing().fetcher(request));
    expect(error).toMatchObject({ reason: "body-used" });
    expect((error as Error).message).toMatch(/the Request's body was already read; build the request again/);
  });

  test.each(["GET", "HEAD", "get"])("a %s with a body, nothing sent", async (method) => {
    const { fetcher, sent } = signing();
    const error = await refusal(fetcher(`${ORIGIN}/api/v1/x`, { method, body: "x" }));
    expect(error).toMatchObject({ reason: "body-not-allowed" });
    expect((error as Error).message).toContain(`not sent: a ${method.toUpperCase()} request cannot have a body`);
    expect(sent).toEqual([]);
  });

  test("a POST, PUT, PATCH or DELETE may have one", async () => {
    const { fetcher, sent } = signing();
    for (const method of ["POST", "PUT", "PATCH", "DELETE"])
      await fetcher(`${ORIGIN}/api/v1/x`, { method, body: "{}", headers: { "Content-Type": "application/json" } });
    expect(sent).toHaveLength(4);
  });

  test("no credentials at all, and none for the operation called, each say what to give", async () => {
    expect(() => createSigningFetch({ baseUrl: ORIGIN })).toThrow(
      /No credentials were given: give credentials \(HMAC keys or a sandbox bearer token\) or a portfolioToken/,
    );
    const portfolioOnly = createSigningFetch({
      baseUrl: ORIGIN,
      portfolioToken: "pt-0123456789",
      fetch: async () => new Response(),
    });
    const error = await refusal(portfolioOnly(`${ORIGIN}/v1/customers/c1`));
    expect(error).toBeInstanceOf(InvalidCredentialsError);
    expect((error as Error).message).toMatch(/Customer and account operations need credentials: give HMAC keys/);
  });
});

describe("the wait before a repeated signature", () => {
  test("is given the call's signal", async () => {
    // One fixed second: the second identical POST must wait for the next one, with the caller's signal.
    const waits: Array<AbortSignal | undefined> = [];
    let ms = Date.UTC(2026, 10, 27, 9, 0, 0);
    const clock = {
      now: () => ms,
      sleep: async (wait: number, signal?: AbortSignal) => {
        waits.push(signal);
        ms += wait;
      },
    };
    const { fetcher } = signing(undefined, { clock });
    const controller = new AbortController();
    const init = {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json" },
      signal: controller.signal,
    };
    await fetcher(`${ORIGIN}/api/v1/x`, init);
    await fetcher(`${ORIGIN}/api/v1/x`, init);
    expect(waits).toEqual([controller.signal]);
  });
});
