// The signing proxy's decisions on their own: where a request goes (destinationOf: origin or absolute form, Host,
// the path as signed), which headers cross (endToEnd), which upstream it takes (upstreamOf), which paths keep the
// caller's bearer token, and the signer's clock. Generated where a boundary is the point; fast-check, fixed seeds.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { HOP_BY_HOP } from "../../src/server/hopByHop.ts";
import { endToEnd } from "../../src/proxy/headers.ts";
import { isPortfolioPath, upstreamOf } from "../../src/proxy/server.ts";
import { createSigner } from "../../src/proxy/sign.ts";
import { destinationOf, ownAuthorities } from "../../src/proxy/target.ts";
import { decodeSecretKey } from "../../src/signing/secret.ts";
import { keys } from "./support.ts";

const upstream = new URL("http://Upstream.Test:4010");
const own = ownAuthorities(8080);

describe("destinationOf", () => {
  test("origin form on the proxy's or the upstream's Host (any case) is served as read", () => {
    for (const host of ["127.0.0.1:8080", "LOCALHOST:8080", "[::1]:8080", "upstream.test:4010", "UPSTREAM.TEST:4010"])
      expect(destinationOf("/v1/x?a=1", host, upstream, own), host).toEqual({ ok: true, path: "/v1/x", query: "a=1" });
  });

  test("another Host is 421 naming the upstream; none is 400", () => {
    for (const host of ["evil.example", "upstream.test", "127.0.0.1:8081", "upstream.test:4011"]) {
      expect(destinationOf("/v1/x?a=1", host, upstream, own)).toEqual({
        ok: false,
        status: 421,
        path: "/v1/x",
        detail: "This proxy answers only to its own address or upstream.test:4010; Host names another.",
      });
    }
    expect(destinationOf("/v1/x?a=1#f", undefined, upstream, own)).toEqual({
      ok: false,
      status: 400,
      path: "/v1/x",
      detail: "An HTTP/1.1 request needs a Host header.",
    });
  });

  test("absolute form naming the upstream origin (any case) is its path; any other is 421", () => {
    expect(destinationOf("HTTP://UPSTREAM.TEST:4010/v1/x?q", "upstream.test:4010", upstream, own)).toEqual({
      ok: true,
      path: "/v1/x",
      query: "q",
    });
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true }), (target) => {
        fc.pre(!target.toLowerCase().startsWith("http://upstream.test:4010/"));
        expect(destinationOf(target, "upstream.test:4010", upstream, own)).toEqual({
          ok: false,
          status: 421,
          path: "/",
          detail: "This proxy signs and forwards only to http://upstream.test:4010; the request target names another.",
        });
      }),
      { seed: 61, numRuns: 100 },
    );
    // A prefix of the origin is not the origin.
    expect(destinationOf("http://upstream.test:40100/v1/x", "upstream.test:4010", upstream, own)).toMatchObject({
      status: 421,
    });
    expect(destinationOf("http://upstream.test:4010", "upstream.test:4010", upstream, own)).toMatchObject({
      status: 421,
    });
  });

  test("a target that would not reach upstream as signed is 400 naming why", () => {
    const r = destinationOf("/v1/../x", "127.0.0.1:8080", upstream, own);
    expect(r).toMatchObject({ ok: false, status: 400 });
    expect((r as { detail: string }).detail).toMatch(
      /^The request target .+; it would not reach the service as signed\.$/,
    );
  });
});

describe("endToEnd", () => {
  const name = fc.constantFrom("X-A", "x-b", "Accept", "Keep-Alive", "Upgrade", "TE", "Trailer", "X-Drop", "Via");

  test("drops hop-by-hop headers, those Connection names and `drop`; keeps the rest in order, case and all", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(name, fc.stringMatching(/^[a-z0-9]{0,4}$/)), { maxLength: 8 }),
        fc.array(name, { maxLength: 3 }),
        (pairs, connectionNames) => {
          const raw = [...pairs.flat(), "Connection", connectionNames.map((n) => ` ${n.toUpperCase()} `).join(",")];
          const named = new Set(connectionNames.map((n) => n.toLowerCase()));
          const never = new Set([
            ...HOP_BY_HOP,
            "te",
            "trailer",
            "transfer-encoding",
            "proxy-authorization",
            "proxy-authenticate",
          ]);
          const want = pairs
            .filter(([n]) => !never.has(n.toLowerCase()) && !named.has(n.toLowerCase()) && n.toLowerCase() !== "x-drop")
            .flat();
          expect(endToEnd(raw, new Set(["x-drop"]))).toEqual(want);
        },
      ),
      { seed: 62, numRuns: 200 },
    );
  });

  test("only the Connection header's value names headers to drop", () => {
    expect(endToEnd(["X-A", "x-b", "X-B", "1", "Via", "x-a"])).toEqual(["X-A", "x-b", "X-B", "1", "Via", "x-a"]);
  });

  test("RFC 9110's connection-level headers never cross", () => {
    for (const n of ["TE", "Trailer", "Transfer-Encoding", "Proxy-Authorization", "Proxy-Authenticate", "Connection"])
      expect(endToEnd([n, "x", "X-Kept", "1"])).toEqual(["X-Kept", "1"]);
  });
});

describe("upstreamOf", () => {
  test("takes an http(s) origin only, and names what is wrong without the credentials", () => {
    expect(upstreamOf("https://api.test").origin).toBe("https://api.test");
    expect(upstreamOf("http://127.0.0.1:4010/").origin).toBe("http://127.0.0.1:4010");
    for (const text of ["ftp://api.test", "not a url", "file:///x"])
      expect(() => upstreamOf(text)).toThrow(
        "--upstream must be an http:// or https:// origin, such as http://127.0.0.1:4010.",
      );
    for (const text of ["http://user@api.test", "http://:hunter2@api.test", "http://user:hunter2@api.test"]) {
      expect(() => upstreamOf(text)).toThrow(
        "--upstream must not carry a user name or password: the proxy signs with FO_ACCESS_KEY.",
      );
    }
    for (const text of ["http://api.test/api", "http://api.test/?a=1", "http://api.test/#f"])
      expect(() => upstreamOf(text)).toThrow(
        "--upstream takes an origin only (http://api.test): the path each request names is the path signed and sent.",
      );
  });
});

test("portfolio paths are those under /v1/portfolios/ only", () => {
  expect(isPortfolioPath("/v1/portfolios/pf-1/hedges")).toBe(true);
  for (const path of ["/v1/portfolios", "/v1/portfoliosx/1", "/api/v1/portfolios/1", "/v1/customers/c1"])
    expect(isPortfolioPath(path), path).toBe(false);
});

describe("createSigner", () => {
  test("signs at the clock it is given; a repeated write waits for the next second", async () => {
    let ms = Date.UTC(2026, 10, 27, 9, 0, 0, 250);
    const sign = createSigner(
      { accessKey: keys.accessKey, secretKey: decodeSecretKey(keys.secretKey) },
      () => new Date(ms),
    );
    const request = { method: "POST", path: "/v1/x", bodyHash: "0".repeat(64) };
    const first = await sign(request);
    expect(first["X-SVC-Date"]).toBe("20261127T090000Z");
    expect(first.Authorization).toMatch(
      new RegExp(`^Service-HMAC-SHA256 ${keys.accessKey}:20261127T090000Z:[0-9a-f]{64}$`),
    );
    ms += 1000;
    expect((await sign(request))["X-SVC-Date"]).toBe("20261127T090001Z");
  });
});
