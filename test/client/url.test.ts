// The request URL (src/client/url.ts): path values, the query string and the path as sent and signed.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { fillPath, requestPathOf, serializeQuery } from "../../src/client/url.ts";

/** The InvalidOptionError for `option`, with exactly this message. */
const refused = (option: string, message: string) =>
  expect.objectContaining({ name: "InvalidOptionError", option, message });

describe("fillPath", () => {
  test("any value round-trips through the URL", () => {
    const value = fc.string({ minLength: 1 }).filter((v) => v !== "." && v !== ".." && !/[/\\]/.test(v));
    fc.assert(
      fc.property(value, value, (a, b) => {
        const path = fillPath("/v1/{a}/x/{b}", { a, b });
        expect(path.split("/")).toHaveLength(5);
        expect(decodeURIComponent(path.split("/")[2]!)).toBe(a);
        expect(decodeURIComponent(path.split("/")[4]!)).toBe(b);
      }),
    );
  });

  test("numbers become text", () => {
    expect(fillPath("/d/{id}", { id: 7 })).toBe("/d/7");
  });

  test("a value not given keeps its name", () => {
    expect(fillPath("/d/{id}/{other}", { other: null })).toBe("/d/{id}/{other}");
  });

  test("names with braces inside are not matched", () => {
    expect(fillPath("/d/{a{b}", { "a{b": "x", b: "y" })).toBe("/d/{ay");
  });

  test("a value that would change the path is refused, naming it", () => {
    expect(() => fillPath("/d/{id}", { id: ".." })).toThrow(
      refused("params.path.id", 'Path parameter id would change the path: ".."'),
    );
  });

  test("a dot segment with text around it is kept", () => {
    expect(fillPath("/d/{id}", { id: "..." })).toBe("/d/...");
    expect(fillPath("/d/{id}", { id: "a.." })).toBe("/d/a..");
  });
});

describe("serializeQuery", () => {
  test("pairs in order, joined by &", () => {
    expect(serializeQuery({ b: 1, a: "x" })).toBe("b=1&a=x");
  });

  test("an array is one comma-separated value", () => {
    expect(serializeQuery({ s: ["a b", "c,d"] })).toBe("s=a%20b,c%2Cd");
  });

  test("null, undefined and [] are left out; 0, false and '' kept", () => {
    expect(serializeQuery({ n: null, u: undefined, e: [], z: 0, f: false, s: "" })).toBe("z=0&f=false&s=");
  });

  test("an object value is refused", () => {
    expect(() => serializeQuery({ page: 1, filter: { a: 1 } })).toThrow(
      refused("params.query.filter", "Query parameter filter is an object: pass a querySerializer function"),
    );
  });

  test("keys are sent as given", () => {
    expect(serializeQuery({ "a b": 1 })).toBe("a b=1");
  });
});

describe("requestPathOf", () => {
  test("the pathname, without the query", () => {
    expect(requestPathOf("https://svc.example/api/v1/x?a=1&b=/c")).toBe("/api/v1/x");
  });

  test("a port and an upper-case host do not count", () => {
    expect(requestPathOf("https://SVC.example:8443/v1/x")).toBe("/v1/x");
  });

  test("a template left unfilled is sent encoded", () => {
    expect(requestPathOf("https://svc.example/v1/{id}")).toBe("/v1/%7Bid%7D");
  });

  test("a path parser would rewrite is refused", () => {
    expect(() => requestPathOf("https://svc.example/v1/../x")).toThrow(
      refused("path", 'Request path refused (dot-segment; see signRequest): "/v1/../x"'),
    );
  });

  test("an empty segment is refused", () => {
    expect(() => requestPathOf("https://svc.example/v1//x")).toThrow("empty-segment");
  });

  test("an encoded slash is refused", () => {
    expect(() => requestPathOf("https://svc.example/v1/a%2Fb")).toThrow("encoded-character");
  });

  test("a space is taken as the parser sends it", () => {
    expect(requestPathOf("https://svc.example/v1/a b")).toBe("/v1/a%20b");
  });
});
