// checkBearer: `Bearer <token>` with one header-safe token the mock was given.
import { beforeEach, expect, test } from "vitest";
import { fresh } from "../../signing/fresh.ts";

let m: typeof import("../../../src/mock/auth/bearer.ts");
beforeEach(async () => {
  m = await fresh(() => import("../../../src/mock/auth/bearer.ts"));
});

const tokens = new Set(["tok-1", "!~"]);

test.each(["Bearer tok-1", "Bearer !~"])("accepts %j", (header) => {
  expect(m.checkBearer(header, tokens)).toBeUndefined();
});

test.each([undefined, ""])("refuses %j as missing", (header) => {
  expect(m.checkBearer(header, tokens)).toBe("missing-authorization");
});

test.each([
  "Bearer",
  "Bearer ",
  "bearer tok-1",
  "Bearer  tok-1",
  "Bearer tok 1",
  "Bearer tok-1 ",
  "Bearer tok-1\n",
  "xBearer tok-1",
  "Bearer tok-é",
  "Bearer tok\u007f",
])("refuses %j as malformed", (header) => {
  expect(m.checkBearer(header, tokens)).toBe("malformed-authorization");
});

test("refuses a well-formed token it was not given", () => {
  expect(m.checkBearer("Bearer tok-2", tokens)).toBe("unknown-bearer-token");
});
