// The request target, read once: origin form or absolute form (RFC 9112 3.2.2), the query as the WHATWG
// parser gives it; and which paths are portfolio routes, authenticated with a bearer token.
import fc from "fast-check";
import { beforeEach, describe, expect, test } from "vitest";
import { fresh } from "../../signing/fresh.ts";

let m: typeof import("../../../src/mock/request/target.ts");
beforeEach(async () => {
  m = await fresh(() => import("../../../src/mock/request/target.ts"));
});

describe("isBearerRoute", () => {
  test.each([
    "/v1/portfolios/p1/conversions/quote",
    "/v1/portfolios/p1/conversions/hedge",
    "/v1/portfolios/a%20b/conversions/quote",
  ])("takes %s", (path) => {
    expect(m.isBearerRoute(path)).toBe(true);
  });

  test.each([
    ["a prefix", "/api/v1/portfolios/p1/conversions/quote"],
    ["a suffix", "/v1/portfolios/p1/conversions/quote/x"],
    ["no portfolio id", "/v1/portfolios//conversions/quote"],
    ["an id with a slash", "/v1/portfolios/p/1/conversions/quote"],
    ["another action", "/v1/portfolios/p1/conversions/execute"],
    ["a signed route", "/v1/customers/c1/conversions/quote"],
  ])("refuses %s", (_, path) => {
    expect(m.isBearerRoute(path)).toBe(false);
  });
});

describe("readTarget, origin form", () => {
  test("splits path and query", () => {
    expect(m.readTarget("/v1/x?a=1&b=2")).toEqual({ ok: true, path: "/v1/x", query: "a=1&b=2" });
  });

  test("gives an empty query without '?'", () => {
    expect(m.readTarget("/v1/x")).toEqual({ ok: true, path: "/v1/x", query: "" });
  });

  test("gives the query as the WHATWG parser does", () => {
    const query = fc.string({
      unit: fc.constantFrom("a", "=", "&", " ", "'", '"', "%", "é", "?", "/", "<", "`", "\t"),
    });
    fc.assert(
      fc.property(query, (raw) => {
        const reading = m.readTarget(`/v1/x?${raw}`);
        expect(reading).toEqual({ ok: true, path: "/v1/x", query: new URL(`http://h/v1/x?${raw}`).search.slice(1) });
      }),
    );
  });

  test("refuses a fragment, giving the path before it", () => {
    expect(m.readTarget("/v1/x#f?a=1")).toEqual({ ok: false, problem: "fragment", path: "/v1/x" });
  });

  test("refuses a fragment in the query", () => {
    expect(m.readTarget("/v1/x?a=1#f")).toEqual({ ok: false, problem: "fragment", path: "/v1/x" });
  });

  test("refuses a path problem, giving the raw path", () => {
    expect(m.readTarget("/v1/../x?a")).toEqual({ ok: false, problem: "dot-segment", path: "/v1/../x" });
  });
});

describe("readTarget, absolute form", () => {
  test.each([
    ["http://svc.example/v1/x?a=1", "/v1/x", "a=1"],
    ["https://svc.example:8443/v1/x", "/v1/x", ""],
    ["HTTP://SVC.EXAMPLE/v1/x", "/v1/x", ""],
    ["http://user@svc.example/v1/x?q", "/v1/x", "q"],
    ["http:///v1/x", "/v1/x", ""],
  ])("reads %s", (target, path, query) => {
    expect(m.readTarget(target)).toEqual({ ok: true, path, query });
  });

  test.each([
    ["no path", "http://svc.example"],
    ["a query without a path", "http://svc.example?a=1"],
    ["a backslash after the host", "http://svc.example\\v1\\x"],
    ["another scheme", "ftp://svc.example/v1/x"],
    ["a scheme without slashes", "http:/v1/x"],
    ["text before the scheme", "xhttp://svc.example/v1/x"],
    ["an asterisk", "*"],
    ["an authority", "svc.example:443"],
    ["nothing", ""],
  ])("refuses %s as not a path", (_, target) => {
    expect(m.readTarget(target)).toEqual({ ok: false, problem: "not-a-path", path: target });
  });

  test("refuses a fragment after the host", () => {
    expect(m.readTarget("http://svc.example/v1/x#f")).toMatchObject({ ok: false, problem: "fragment", path: "/v1/x" });
  });

  test("refuses a path problem after the host", () => {
    expect(m.readTarget("http://svc.example/v1//x")).toMatchObject({ ok: false, problem: "empty-segment" });
  });
});
