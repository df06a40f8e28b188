// The front's JSON checks before Prism: nesting depth (one pass, strings skipped), JSON media types, parsing.
import fc from "fast-check";
import { beforeEach, describe, expect, test } from "vitest";
import { fresh } from "../../signing/fresh.ts";

let m: typeof import("../../../src/mock/request/json.ts");
beforeEach(async () => {
  m = await fresh(() => import("../../../src/mock/request/json.ts"));
});
const bytes = (text: string) => new TextEncoder().encode(text);
const nested = (depth: number, open = "[", close = "]") => open.repeat(depth) + close.repeat(depth);

describe("nestsDeeperThan", () => {
  test("allows 64 levels by default, refuses 65", () => {
    expect(m.MAX_JSON_DEPTH).toBe(64);
    expect(m.nestsDeeperThan(bytes(nested(64)))).toBe(false);
    expect(m.nestsDeeperThan(bytes(nested(65)))).toBe(true);
  });

  test("counts objects and arrays alike", () => {
    expect(m.nestsDeeperThan(bytes('{"a":[{"b":1}]}'), 2)).toBe(true);
    expect(m.nestsDeeperThan(bytes('{"a":[{"b":1}]}'), 3)).toBe(false);
  });

  test("counts depth, not brackets: closed levels free their place", () => {
    expect(m.nestsDeeperThan(bytes("[[],[],{},{}]"), 2)).toBe(false);
    expect(m.nestsDeeperThan(bytes("[{},{}]"), 1)).toBe(true);
  });

  test("skips brackets inside strings, escaped quotes included", () => {
    expect(m.nestsDeeperThan(bytes('["[[[", "\\"[[[", "\\\\", [1]]'), 2)).toBe(false);
    expect(m.nestsDeeperThan(bytes('["\\\\", [[1]]]'), 2)).toBe(true);
  });

  test("agrees with the depth of any JSON value", () => {
    const depthOf = (v: unknown): number =>
      v !== null && typeof v === "object" ? 1 + Math.max(0, ...Object.values(v).map(depthOf)) : 0;
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 0, max: 7 }), (value, max) => {
        expect(m.nestsDeeperThan(bytes(JSON.stringify(value)), max)).toBe(depthOf(value) > max);
      }),
    );
  });
});

describe("isJson", () => {
  test.each([
    "application/json",
    "application/problem+json",
    "application/vnd.api.v1+json; charset=utf-8",
    "APPLICATION/JSON",
    "application/json ;charset=utf-8",
  ])("takes %s", (type) => {
    expect(m.isJson(type)).toBe(true);
  });

  test.each([
    undefined,
    "",
    "text/json",
    "application/jsonx",
    "xapplication/json",
    "application/json-seq",
    "application/+json",
  ])("refuses %j", (type) => {
    expect(m.isJson(type)).toBe(false);
  });
});

describe("parsesAsJson", () => {
  test("takes JSON", () => {
    expect(m.parsesAsJson(Buffer.from('{"a": [1, "é"]}'))).toBe(true);
  });

  test("refuses text that is not", () => {
    expect(m.parsesAsJson(Buffer.from('{"a": '))).toBe(false);
  });
});
