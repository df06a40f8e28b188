// The proxy signs for tools, never for a web page the user did not allow: requests as browsers send them (generated over
// methods, content types and the Origin / Sec-Fetch-* headers) against the proxy in front of a recording upstream. A
// page's request gets a 403 in the flat envelope and nothing reaches the upstream; a tool's (no Origin, no
// Sec-Fetch-Site or `none`, whatever Sec-Fetch-Mode it sends, as Node's fetch does) is signed and forwarded; an allowed
// origin's is signed and answered with CORS headers, its preflight answered by the proxy itself.
import { type IncomingHttpHeaders, request } from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { allowedOrigins, browserVerdict, preflightHeaders, refusalDetail } from "../../src/proxy/browsers.ts";
import { startWireServer, type WireServer } from "../helpers/wireServer.ts";
import { keyStore, proxyFor } from "./support.ts";

const ALLOWED = "http://127.0.0.1:3000";
let sent = 0;
let upstream: WireServer;
let proxy: Awaited<ReturnType<typeof proxyFor>>;

beforeAll(async () => {
  upstream = await startWireServer({
    keys: keyStore(),
    answer: (_req, res) => {
      // An upstream that answers with CORS headers of its own: an allowed page gets the proxy's instead.
      res.writeHead(200, { "Content-Type": "application/json", "Access-Control-Allow-Origin": "*" }).end("{}");
      return true;
    },
  });
  proxy = await proxyFor(upstream.url, { allowOrigins: [ALLOWED] });
});
afterAll(async () => {
  await proxy?.close();
  await upstream?.stop();
});
beforeEach(() => {
  upstream.arrived.length = 0;
  proxy.refused.length = 0;
});

const method = fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD");
const contentType = fc.constantFrom(
  undefined,
  "text/plain",
  "application/json",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=b",
  "application/octet-stream",
);
/** Origins a page can have, hostile ones and near-misses of the allowed one among them. */
const origin = fc.oneof(
  fc.constantFrom(
    "https://evil.example",
    "null",
    "http://127.0.0.1:3001",
    "http://127.0.0.1:3000/",
    "HTTP://127.0.0.1:3000",
    "http://localhost:3000",
    `${ALLOWED}, https://evil.example`,
  ),
  fc.webUrl().map((u) => new URL(u).origin),
);
const site = fc.constantFrom("cross-site", "same-site", "same-origin", "none", "CROSS-SITE", "");
const mode = fc.constantFrom(undefined, "cors", "no-cors", "navigate", "same-origin");

describe("a page's request", () => {
  test("with an Origin the user did not allow, or a Sec-Fetch-Site other than none: 403, nothing forwarded", async () => {
    const marks = fc.oneof(
      fc.record({ origin, site: fc.option(site, { nil: undefined }), mode }),
      fc.record({
        origin: fc.constant(undefined),
        site: site.filter((s) => s !== "none"),
        mode,
      }),
    );
    await fc.assert(
      fc.asyncProperty(method, contentType, marks, async (m, type, { origin: o, site: s, mode: md }) => {
        upstream.arrived.length = 0;
        const headers: Record<string, string> = {};
        if (o !== undefined) headers.Origin = o;
        if (s !== undefined) headers["Sec-Fetch-Site"] = s;
        if (md !== undefined) headers["Sec-Fetch-Mode"] = md;
        if (type) headers["Content-Type"] = type;
        const res = await fetch(`${proxy.url}/v1/customers/c1/conversions/quote`, {
          method: m,
          headers,
          ...(m === "GET" || m === "HEAD" ? {} : { body: '{"pay_amount":"1"}' }),
        });
        expect(res.status).toBe(403);
        expect(res.headers.get("access-control-allow-origin")).toBeNull();
        if (m !== "HEAD")
          expect(await res.json()).toMatchObject({
            code: "00000002",
            status: 403,
            instance: "/v1/customers/c1/conversions/quote",
          });
        expect(upstream.arrived).toEqual([]);
      }),
      { numRuns: 80, seed: 38 },
    );
  });

  test("the refusal says why, and the log line names the origin, quoted", async () => {
    const res = await fetch(`${proxy.url}/v1/customers/c1/rfi-cases`, {
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect((await res.json()).detail).toBe(
      'This proxy signs only for the tools its user runs, and this request comes from the web page of origin "https://evil.example": ' +
        "nothing was signed or forwarded. For a local web tool you trust, start the proxy with --allow-origin and its exact origin.",
    );
    expect(proxy.refused).toEqual([
      expect.stringMatching(/^403 GET \/v1\/customers\/c1\/rfi-cases: .*origin "https:\/\/evil\.example"/),
    ]);
    // A Sec-Fetch-Site without an Origin (a navigation, an image) is named by what it said.
    expect(refusalDetail({ kind: "refused", origin: undefined, site: "cross-site" })).toMatch(
      /comes from a web page \(Sec-Fetch-Site "cross-site", no Origin\)/,
    );
    // A hostile origin cannot reach the terminal raw.
    expect(refusalDetail({ kind: "refused", origin: "x\u001b[2J", site: undefined })).toContain('"x\\u001b[2J"');
  });
});

describe("a tool's request", () => {
  test("no Origin, and no Sec-Fetch-Site or `none` (whatever Sec-Fetch-Mode): signed and forwarded", async () => {
    await fc.assert(
      fc.asyncProperty(method, contentType, fc.constantFrom(undefined, "none"), mode, async (m, type, s, md) => {
        upstream.arrived.length = 0;
        const headers: Record<string, string> = {};
        if (s !== undefined) headers["Sec-Fetch-Site"] = s;
        if (md !== undefined) headers["Sec-Fetch-Mode"] = md;
        if (type) headers["Content-Type"] = type;
        const res = await fetch(`${proxy.url}/v1/customers/c1/conversions/quote`, {
          method: m,
          headers,
          // A body of its own each time: the proxy holds an identical write back to the next second (the ledger).
          ...(m === "GET" || m === "HEAD" ? {} : { body: JSON.stringify({ n: ++sent }) }),
        });
        expect(res.status).toBe(200);
        expect(upstream.arrived).toHaveLength(1);
        expect(upstream.arrived[0]!.verified).toEqual({ ok: true });
        expect(res.headers.get("access-control-allow-origin")).toBe("*");
      }),
      { numRuns: 40, seed: 38 },
    );
  });
});

describe("an allowed origin's request", () => {
  test("is signed and forwarded, and answered with the proxy's CORS headers for that origin", async () => {
    const res = await fetch(`${proxy.url}/v1/customers/c1/conversions/quote`, {
      method: "POST",
      headers: { Origin: ALLOWED, "Sec-Fetch-Site": "same-site", "Content-Type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(200);
    expect(upstream.arrived[0]!.verified).toEqual({ ok: true });
    expect(res.headers.get("access-control-allow-origin")).toBe(ALLOWED);
    expect(res.headers.get("access-control-expose-headers")).toBe("*");
    expect(res.headers.get("vary")).toBe("Origin");
  });

  test("its preflight is answered by the proxy: nothing signed or forwarded", async () => {
    const res = await fetch(`${proxy.url}/v1/customers/c1/external-accounts`, {
      method: "OPTIONS",
      headers: {
        Origin: ALLOWED,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type, idempotency-key",
      },
    });
    expect(res.status).toBe(204);
    const cors = (name: string) => res.headers.get(`access-control-${name}`);
    expect(["allow-origin", "allow-methods", "allow-headers", "expose-headers", "max-age"].map(cors)).toEqual([
      ALLOWED,
      "POST",
      "content-type, idempotency-key",
      "*",
      "600",
    ]);
    expect(upstream.arrived).toEqual([]);
    // Without the headers a preflight has, an OPTIONS of the page is an ordinary request: signed and forwarded.
    const plain = await fetch(`${proxy.url}/v1/customers/c1/external-accounts`, {
      method: "OPTIONS",
      headers: { Origin: ALLOWED },
    });
    expect(plain.status).toBe(200);
    expect(upstream.arrived).toHaveLength(1);
  });

  test("a refusal of the proxy's own reaches the allowed page with its CORS headers", async () => {
    const small = await proxyFor(upstream.url, { allowOrigins: [ALLOWED], maxBody: 4 });
    try {
      const res = await fetch(`${small.url}/v1/customers/c1/conversions/quote`, {
        method: "POST",
        headers: { Origin: ALLOWED },
        body: "too large",
      });
      expect(res.status).toBe(413);
      expect(res.headers.get("access-control-allow-origin")).toBe(ALLOWED);
    } finally {
      await small.close();
    }
  });

  test("a request other than OPTIONS is never taken for a preflight, whatever headers it carries", async () => {
    const res = await fetch(`${proxy.url}/v1/customers/c1/conversions/quote`, {
      method: "POST",
      headers: { Origin: ALLOWED, "Access-Control-Request-Method": "POST", "Content-Type": "application/json" },
      body: JSON.stringify({ n: ++sent }),
    });
    expect(res.status).toBe(200);
    expect(upstream.arrived).toHaveLength(1);
    expect(upstream.arrived[0]!.verified).toEqual({ ok: true });
    expect(res.headers.get("access-control-allow-methods")).toBeNull();
  });

  test("a preflight that asks for no headers is allowed none", async () => {
    const res = await fetch(`${proxy.url}/v1/customers/c1/rfi-cases`, {
      method: "OPTIONS",
      headers: { Origin: ALLOWED, "Access-Control-Request-Method": "GET" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-methods")).toBe("GET");
    expect(res.headers.has("access-control-allow-headers")).toBe(false);
    expect(upstream.arrived).toEqual([]);
  });

  test("and a preflight of an origin not allowed is refused", async () => {
    const res = await fetch(`${proxy.url}/v1/customers/c1/conversions/quote`, {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" },
    });
    expect(res.status).toBe(403);
    expect(upstream.arrived).toEqual([]);
  });
});

describe("browserVerdict and allowedOrigins", () => {
  const allowed = allowedOrigins([ALLOWED]);

  test("tell pages from tools by Origin and Sec-Fetch-Site alone", () => {
    expect(browserVerdict("GET", {}, allowed)).toEqual({ kind: "tool" });
    expect(browserVerdict("GET", { "sec-fetch-site": "none", "sec-fetch-mode": "navigate" }, allowed)).toEqual({
      kind: "tool",
    });
    expect(browserVerdict("GET", { "sec-fetch-site": "same-origin" }, allowed)).toEqual({
      kind: "refused",
      origin: undefined,
      site: "same-origin",
    });
    expect(browserVerdict("POST", { origin: ALLOWED, "sec-fetch-site": "none" }, allowed)).toEqual({
      kind: "allowed",
      origin: ALLOWED,
    });
    expect(browserVerdict("OPTIONS", { origin: ALLOWED, "access-control-request-method": "PUT" }, allowed)).toEqual({
      kind: "preflight",
      origin: ALLOWED,
    });
    expect(
      browserVerdict("OPTIONS", { origin: "https://x.example", "access-control-request-method": "PUT" }, allowed),
    ).toEqual({
      kind: "refused",
      origin: "https://x.example",
      site: undefined,
    });
  });

  test("read a header given twice as one value, as Node joins it: `none` beside another value is not `none`", async () => {
    // On the wire: Node joins the two lines into one value, and the page is refused.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(`${proxy.url}/v1/customers/c1/rfi-cases`, {
        // A list of lines is sent as it is: Host too.
        headers: [
          ["Host", new URL(proxy.url).host],
          ["Sec-Fetch-Site", "none"],
          ["Sec-Fetch-Site", "cross-site"],
        ].flat(),
      });
      req.on("response", (res) => res.resume().on("end", () => resolve(res.statusCode))).on("error", reject);
      req.end();
    });
    expect(status).toBe(403);
    expect(proxy.refused).toEqual([expect.stringContaining('(Sec-Fetch-Site "none, cross-site", no Origin)')]);
    expect(upstream.arrived).toEqual([]);
    // Handed the values apart (the headers type allows a list), it reads them the same way.
    const twice = (name: string) => ({ [name]: ["none", "cross-site"] }) as unknown as IncomingHttpHeaders;
    expect(browserVerdict("GET", twice("sec-fetch-site"), allowed)).toEqual({
      kind: "refused",
      origin: undefined,
      site: "none, cross-site",
    });
    expect(preflightHeaders(ALLOWED, twice("access-control-request-method"))).toMatchObject({
      "Access-Control-Allow-Methods": "none, cross-site",
    });
  });

  test("answer a preflight with exactly the method and headers it asks for, GET when it names no method", () => {
    const cors = { "Access-Control-Allow-Origin": ALLOWED, "Access-Control-Expose-Headers": "*", Vary: "Origin" };
    expect(
      preflightHeaders(ALLOWED, {
        "access-control-request-method": "PUT",
        "access-control-request-headers": "content-type, idempotency-key",
      }),
    ).toStrictEqual({
      ...cors,
      "Access-Control-Allow-Methods": "PUT",
      "Access-Control-Allow-Headers": "content-type, idempotency-key",
      "Access-Control-Max-Age": "600",
    });
    expect(preflightHeaders(ALLOWED, {})).toStrictEqual({
      ...cors,
      "Access-Control-Allow-Methods": "GET",
      "Access-Control-Max-Age": "600",
    });
  });

  test("quote a caller's value whole up to 200 characters, and cut a longer one short", () => {
    const detail = (origin: string) => refusalDetail({ kind: "refused", origin, site: undefined });
    const whole = `https://${"a".repeat(192)}`;
    expect(whole).toHaveLength(200);
    expect(detail(whole)).toContain(`origin "${whole}": nothing`);
    expect(detail(`${whole}b`)).toContain(`origin "${whole}...": nothing`);
    // A refusal with neither mark (not one browserVerdict gives) still reads as a sentence.
    expect(refusalDetail({ kind: "refused", origin: undefined, site: undefined })).toContain(
      'comes from a web page (Sec-Fetch-Site "", no Origin): nothing',
    );
  });

  test("take origins as browsers send them, and refuse anything that is not one", () => {
    expect([...allowedOrigins(["HTTP://LocalHost:3000", "https://a.example:443"])]).toEqual([
      "http://localhost:3000",
      "https://a.example",
    ]);
    // Any page can send Origin: null: never allowed, whatever the spelling.
    for (const opaque of ["null", "NULL", " null "])
      expect(() => allowedOrigins([opaque]), opaque).toThrow(/^--allow-origin null is refused: any web page can send/);
    for (const bad of [
      "http://a.example/",
      "http://a.example/path",
      "127.0.0.1:3000",
      "file:///tmp/x",
      "http://a.example?x",
      "",
    ])
      expect(() => allowedOrigins([bad]), bad).toThrow(
        new TypeError(
          `--allow-origin ${JSON.stringify(bad)} is not an origin: give scheme://host[:port] as the page's address bar ` +
            "shows it, with no path (for example http://127.0.0.1:3000).",
        ),
      );
  });
});
