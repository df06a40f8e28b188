// fo-sign proxy against a recording 127.0.0.1 server that checks each signature with the mock's verifier over the
// exact bytes received: what the proxy sends upstream, not what it meant to send.
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startWireServer, type WireServer } from "../helpers/wireServer.ts";
import { keyStore, keys, proxyFor, rawExchange } from "./support.ts";

let upstream: WireServer;
let proxy: Awaited<ReturnType<typeof proxyFor>>;
const MAX = 256 * 1024;

beforeAll(async () => {
  upstream = await startWireServer({
    keys: keyStore(),
    answer: (req, res) => {
      if (req.path !== "/redirect") return false;
      res.writeHead(302, { Location: "http://127.0.0.1:1/elsewhere", "Content-Length": "0" }).end();
      return true;
    },
  });
  proxy = await proxyFor(upstream.url, { maxBody: MAX });
});
afterAll(async () => {
  await proxy?.close();
  await upstream?.stop();
});
beforeEach(() => {
  upstream.arrived.length = 0;
  proxy.refused.length = 0;
});

describe("signed routes", () => {
  test("any body up to the bound arrives byte for byte, signed over exactly those bytes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("POST", "PUT", "PATCH", "DELETE"),
        fc.uint8Array({ maxLength: 4096 }),
        async (method, body) => {
          upstream.arrived.length = 0;
          const res = await fetch(`${proxy.url}/v1/customers/c1/external-accounts?x=1`, {
            method,
            headers: { "Content-Type": "application/octet-stream" },
            body,
          });
          expect(res.status).toBe(200);
          const [arrived] = upstream.arrived;
          expect(arrived!.verified).toEqual({ ok: true });
          expect(arrived!.target).toBe("/v1/customers/c1/external-accounts?x=1");
          expect(Buffer.compare(arrived!.body, Buffer.from(body))).toBe(0);
          expect(arrived!.headers.authorization).toMatch(new RegExp(`^Service-HMAC-SHA256 ${keys.accessKey}:`));
        },
      ),
      { numRuns: 40 },
    );
  });

  test("the caller's Authorization and X-SVC-Date are replaced; hop-by-hop headers do not cross", async () => {
    const res = await rawExchange(
      proxy.port,
      `POST /v1/customers/c1/conversions/quote HTTP/1.1\r\nHost: 127.0.0.1:${proxy.port}\r\n` +
        "Authorization: Bearer caller-token\r\nX-SVC-Date: 20000101T000000Z\r\nConnection: close, X-Private\r\n" +
        "X-Private: hop\r\nKeep-Alive: timeout=5\r\nTE: trailers\r\nProxy-Authorization: Basic eDp5\r\n" +
        "X-End-To-End: kept\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\n" +
        '5\r\n{"a":\r\n2\r\n1}\r\n0\r\n\r\n',
    );
    expect(res.status).toBe(200);
    const [arrived] = upstream.arrived;
    expect(arrived!.verified).toEqual({ ok: true });
    expect(arrived!.body.toString()).toBe('{"a":1}');
    expect(arrived!.headers.authorization).not.toContain("caller-token");
    expect(arrived!.headers["x-svc-date"]).not.toBe("20000101T000000Z");
    expect(arrived!.headers["content-length"]).toBe("7");
    expect(arrived!.headers["x-end-to-end"]).toBe("kept");
    expect(arrived!.headers.host).toBe(new URL(upstream.url).host);
    for (const hop of ["x-private", "keep-alive", "te", "proxy-authorization", "transfer-encoding"])
      expect(arrived!.headers[hop], hop).toBeUndefined();
  });

  test("two identical requests in one second never carry one signature", async () => {
    const send = () =>
      fetch(`${proxy.url}/v1/customers/c1/conversions/hedge`, { method: "POST", body: '{"quote_id":"q"}' });
    await Promise.all([send(), send(), send()]);
    const signatures = upstream.arrived.map((a) => a.headers.authorization);
    expect(upstream.arrived.every((a) => a.verified.ok)).toBe(true);
    expect(new Set(signatures).size).toBe(3);
  });
});

describe("portfolio routes", () => {
  test("the caller's bearer token passes through untouched, and nothing is signed", async () => {
    const res = await fetch(`${proxy.url}/v1/portfolios/pf-1/conversions/quote`, {
      method: "POST",
      headers: { Authorization: "Bearer portfolio-token", "Content-Type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(200);
    const [arrived] = upstream.arrived;
    expect(arrived!.headers.authorization).toBe("Bearer portfolio-token");
    expect(arrived!.headers["x-svc-date"]).toBeUndefined();
  });
});

describe("bodies", () => {
  test("an upload of exactly the bound arrives whole and signed", async () => {
    const body = Buffer.alloc(MAX, 7);
    const res = await fetch(`${proxy.url}/v2/accounts/m/businesses/s/documents/PASSPORT`, { method: "PUT", body });
    expect(res.status).toBe(200);
    expect(upstream.arrived[0]!.verified).toEqual({ ok: true });
    expect(upstream.arrived[0]!.body.length).toBe(MAX);
  });

  test.each([
    ["a declared Content-Length", true],
    ["a chunked body", false],
  ])("one byte over the bound (%s) is a 413 in the flat envelope, and nothing goes upstream", async (_, declared) => {
    const body = Buffer.alloc(MAX + 1, 7);
    const head =
      `PUT /v1/customers/c1/rfi-cases/k/submissions HTTP/1.1\r\nHost: 127.0.0.1:${proxy.port}\r\n` +
      (declared ? `Content-Length: ${body.length}\r\n\r\n` : "Transfer-Encoding: chunked\r\n\r\n");
    const payload = declared
      ? body
      : Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from("\r\n0\r\n\r\n")]);
    const res = await rawExchange(proxy.port, Buffer.concat([Buffer.from(head), payload]));
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({
      status: 413,
      code: "00000002",
      instance: "/v1/customers/c1/rfi-cases/k/submissions",
    });
    expect(upstream.arrived).toEqual([]);
  });
});

describe("what the proxy refuses", () => {
  test("a Host naming another host, an absolute target for another origin, CONNECT: refused, nothing sent", async () => {
    const other = await rawExchange(
      proxy.port,
      "GET /v1/customers/c1/rfi-cases HTTP/1.1\r\nHost: evil.example\r\n\r\n",
    );
    const absolute = await rawExchange(
      proxy.port,
      `GET http://evil.example/v1/customers/c1/rfi-cases HTTP/1.1\r\nHost: 127.0.0.1:${proxy.port}\r\n\r\n`,
    );
    const connect = await rawExchange(
      proxy.port,
      "CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n",
    );
    expect([other.status, absolute.status, connect.status]).toEqual([421, 421, 405]);
    expect(upstream.arrived).toEqual([]);
  });

  test("an absolute target naming the upstream origin is served as its path", async () => {
    const res = await rawExchange(
      proxy.port,
      `GET ${upstream.url}/v1/customers/c1/rfi-cases?page=1 HTTP/1.1\r\nHost: ${new URL(upstream.url).host}\r\n\r\n`,
    );
    expect(res.status).toBe(200);
    expect(upstream.arrived[0]!.target).toBe("/v1/customers/c1/rfi-cases?page=1");
    expect(upstream.arrived[0]!.verified).toEqual({ ok: true });
  });

  test("any target: forwarded with the path it was signed for, or refused with a 400 and nothing sent", async () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9._~%\\:@!$&'()*+,;=-]{0,6}$/);
    const target = fc
      .tuple(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.option(fc.stringMatching(/^[a-z=&%0-9]{0,8}$/)))
      .map(([parts, query]) => `/${parts.join("/")}${query === null ? "" : `?${query}`}`);
    await fc.assert(
      fc.asyncProperty(target, async (t) => {
        upstream.arrived.length = 0;
        const res = await rawExchange(
          proxy.port,
          `GET ${t} HTTP/1.1\r\nHost: 127.0.0.1:${proxy.port}\r\nConnection: close\r\n\r\n`,
        );
        if (res.status === 400) {
          expect(JSON.parse(res.body).detail).toMatch(/would not reach the service as signed/);
          expect(upstream.arrived).toEqual([]);
          return;
        }
        expect(res.status).toBe(200);
        const [arrived] = upstream.arrived;
        // The verifier checked the signature over the path exactly as it arrived.
        expect(arrived!.verified).toEqual({ ok: true });
        expect(arrived!.path).toBe(t.split("?")[0]);
      }),
      { numRuns: 150 },
    );
  });

  test("a redirect goes back to the caller as it came, never followed", async () => {
    const res = await fetch(`${proxy.url}/redirect`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("http://127.0.0.1:1/elsewhere");
    expect(upstream.arrived).toHaveLength(1);
  });

  test("no refusal line or answer carries the secret", async () => {
    const answers = await Promise.all([
      rawExchange(proxy.port, "GET /a/../b HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
      rawExchange(proxy.port, "GET /v1/x HTTP/1.1\r\nHost: evil.example\r\n\r\n"),
    ]);
    const text = [...proxy.refused, ...answers.map((a) => a.head + a.body)].join("\n");
    expect(proxy.refused.length).toBe(2);
    expect(text).not.toContain(keys.secretKey);
  });
});
