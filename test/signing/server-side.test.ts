// assertServerSide refuses to sign where a browser page (`window.document`) is present, and only there.
import { beforeEach, afterEach, expect, test } from "vitest";
import { fresh } from "./fresh.ts";

let m: typeof import("../../src/signing/serverSide.ts");
beforeEach(async () => {
  m = await fresh(() => import("../../src/signing/serverSide.ts"));
});

const global = globalThis as { window?: unknown };
afterEach(() => {
  delete global.window;
});

test("passes on a server", () => {
  expect(m.assertServerSide()).toBeUndefined();
});

test("throws in a browser page", () => {
  global.window = { document: {} };
  expect(() => m.assertServerSide()).toThrow(/server only.*browser|browser.*secret/i);
});

test("passes with a window that has no document (a worker-like global)", () => {
  global.window = {};
  expect(() => m.assertServerSide()).not.toThrow();
});

test("passes with a document that is not an object", () => {
  global.window = { document: "page" };
  expect(() => m.assertServerSide()).not.toThrow();
});
