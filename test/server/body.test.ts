// readBody: the body up to a limit, with its SHA-256 when asked; a declared or actual size over the limit and
// an aborted upload are refused, and the request's listeners are released.
import { createHash } from "node:crypto";
import type http from "node:http";
import { PassThrough } from "node:stream";
import { beforeEach, describe, expect, test } from "vitest";
import { fresh } from "../signing/fresh.ts";

let m: typeof import("../../src/server/body.ts");
beforeEach(async () => {
  m = await fresh(() => import("../../src/server/body.ts"));
});

/** A request stream with headers, as node:http gives it. */
const request = (headers: Record<string, string> = {}) =>
  Object.assign(new PassThrough(), { headers }) as unknown as http.IncomingMessage & PassThrough;
const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const listeners = (req: PassThrough) =>
  ["data", "end", "error", "aborted"].map((e) => req.listenerCount(e)).reduce((a, b) => a + b);

describe("readBody", () => {
  test("gives the chunks in order with their hash", async () => {
    const req = request();
    const read = m.readBody(req, true);
    req.write("ab");
    req.end("cd");
    expect(await read).toEqual({ ok: true, body: Buffer.from("abcd"), hash: sha256(Buffer.from("abcd")) });
  });

  test("leaves the hash out when not asked", async () => {
    const req = request();
    const read = m.readBody(req, false);
    req.end("x");
    expect(await read).toEqual({ ok: true, body: Buffer.from("x"), hash: undefined });
  });

  test("reads an empty body", async () => {
    const req = request();
    const read = m.readBody(req, true);
    req.end();
    expect(await read).toEqual({ ok: true, body: Buffer.alloc(0), hash: sha256(Buffer.alloc(0)) });
  });

  test("takes a body of exactly the limit", async () => {
    const req = request({ "content-length": "4" });
    const read = m.readBody(req, false, 4);
    req.end("abcd");
    expect(await read).toMatchObject({ ok: true, body: Buffer.from("abcd") });
  });

  test("refuses a declared length over the limit before reading", async () => {
    const req = request({ "content-length": "5" });
    expect(await m.readBody(req, false, 4)).toEqual({ ok: false, problem: "too-large" });
    expect(listeners(req)).toBe(0);
  });

  test("refuses a body that grows past the limit, and stops listening", async () => {
    const req = request();
    const read = m.readBody(req, false, 4);
    req.write("abc");
    req.write("de");
    expect(await read).toEqual({ ok: false, problem: "too-large" });
    expect(listeners(req)).toBe(0);
  });

  test("has Prism's limit of 10 MiB by default", async () => {
    expect(m.MAX_BODY_BYTES).toBe(10 * 1024 * 1024);
    const over = request({ "content-length": String(10 * 1024 * 1024 + 1) });
    expect(await m.readBody(over, false)).toEqual({ ok: false, problem: "too-large" });
    const at = request({ "content-length": String(10 * 1024 * 1024) });
    const read = m.readBody(at, false);
    at.end("x");
    expect(await read).toMatchObject({ ok: true });
  });

  test.each(["aborted", "error"])("gives up on %s, and stops listening", async (event) => {
    const req = request();
    const read = m.readBody(req, true);
    req.write("ab");
    req.emit(event, new Error("gone"));
    expect(await read).toEqual({ ok: false, problem: "aborted" });
    expect(listeners(req)).toBe(0);
  });

  test("stops listening once read", async () => {
    const req = request();
    const read = m.readBody(req, false);
    req.end("x");
    await read;
    expect(listeners(req)).toBe(0);
  });
});
