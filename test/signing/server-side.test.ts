// assertServerSide refuses to sign where a browser page (`window.document`) is present, and only there.
import { afterEach, expect, test } from "vitest";
import { assertServerSide } from "../../src/signing/serverSide.ts";

const global = globalThis as { window?: unknown };
afterEach(() => {
  delete global.window;
});

test("passes on a server", () => {
  expect(assertServerSide()).toBeUndefined();
});

test("throws in a browser page", () => {
  global.window = { document: {} };
  expect(() => assertServerSide()).toThrow(/server only.*browser|browser.*secret/i);
});

test("passes with a window that has no document (a worker-like global)", () => {
  global.window = {};
  expect(() => assertServerSide()).not.toThrow();
});

test("passes with a document that is not an object", () => {
  global.window = { document: "page" };
  expect(() => assertServerSide()).not.toThrow();
});
