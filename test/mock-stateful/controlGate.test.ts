// The control API's gate on its own (src/mock/stateful/controlAccess.ts), each gate made inside its test: whom it
// lets through, at which boundaries (the body bound, the token's exact form, the prefix), and what each refusal
// says. The model test in controlAccess.test.ts drives it through the stateful mock; this one pins each rule.
import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { type ControlCaller, controlAccess, controlGate, tooLarge } from "../../src/mock/stateful/controlAccess.ts";
import { ownAuthorities } from "../../src/server/authorities.ts";
import { CONTROL_LIMITS } from "../../src/mock/stateful/limits.ts";

const PORT = 4010;
const TOKEN = `ctl-${randomBytes(16).toString("hex")}`;
const owner = (extra: Partial<ControlCaller> = {}, headers: Record<string, string> = {}): ControlCaller => ({
  method: "GET",
  localPort: PORT,
  ...extra,
  headers: { host: `127.0.0.1:${PORT}`, ...headers },
});
// biome-ignore lint/suspicious/noExplicitAny: reply bodies are JSON read field by field
const errorOf = (r: { body?: unknown } | undefined) => (r?.body as any)?.error as string;

describe("the mock's own address", () => {
  test("a call with no local port is refused: no Host can be checked", () => {
    const r = controlGate(undefined)({ method: "GET", headers: { host: `127.0.0.1:${PORT}` } });
    expect(r?.status).toBe(403);
    expect(errorOf(r)).toBe("The control API answers only on the mock's own address.");
  });

  test("on port 80 the bare names are its own too; on another port only with the port", () => {
    expect(ownAuthorities(80)).toEqual(
      new Set(["127.0.0.1:80", "localhost:80", "[::1]:80", "127.0.0.1", "localhost", "[::1]"]),
    );
    expect(ownAuthorities(PORT)).toEqual(new Set([`127.0.0.1:${PORT}`, `localhost:${PORT}`, `[::1]:${PORT}`]));
    const gate = controlGate(undefined);
    expect(gate(owner({ localPort: 80 }, { host: "localhost" }))).toBeUndefined();
    expect(gate(owner({}, { host: "localhost" }))?.status).toBe(403);
  });

  test("a foreign Host is named in the refusal, cut at 80 characters", () => {
    const gate = controlGate(undefined);
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z.]{0,120}$/), (host) => {
        const r = gate(owner({}, { host }));
        expect(r?.status).toBe(403);
        const shown = host.length > 80 ? `${host.slice(0, 80)}...` : host;
        expect(errorOf(r)).toBe(
          `The control API answers only to Host 127.0.0.1:${PORT}, localhost:${PORT} or [::1]:${PORT}, ` +
            `not ${JSON.stringify(shown)}.`,
        );
      }),
      { seed: 41, numRuns: 100 },
    );
    for (const length of [79, 80, 81]) {
      const host = "h".repeat(length);
      expect(errorOf(gate(owner({}, { host })))).toContain(JSON.stringify(length > 80 ? `${"h".repeat(80)}...` : host));
    }
    expect(errorOf(gate({ method: "GET", headers: {}, localPort: PORT }))).toContain('not "(none)"');
  });

  test("an Origin must be the mock's own over http://", () => {
    const gate = controlGate(undefined);
    expect(gate(owner({}, { origin: `http://localhost:${PORT}` }))).toBeUndefined();
    expect(gate(owner({}, { origin: `HTTP://127.0.0.1:${PORT}` }))).toBeUndefined();
    // "wxyz://" has the length of "http://": the scheme itself is checked, not only what follows it.
    for (const origin of [
      `https://127.0.0.1:${PORT}`,
      `wxyz://127.0.0.1:${PORT}`,
      `ws://127.0.0.1:${PORT}`,
      "http://evil.example",
      "null",
    ]) {
      const r = gate(owner({}, { origin }));
      expect(r?.status, origin).toBe(403);
      expect(errorOf(r)).toBe(`The control API takes no cross-origin calls (Origin ${JSON.stringify(origin)}).`);
    }
  });
});

describe("the control token", () => {
  const unauthorized = (r: ReturnType<ReturnType<typeof controlGate>>) => {
    expect(r?.status).toBe(401);
    expect(r?.headers).toEqual({ "WWW-Authenticate": 'Bearer realm="mock control"' });
    expect(errorOf(r)).toBe("The control API needs Authorization: Bearer <the control token, FO_MOCK_CONTROL_TOKEN>.");
    expect(JSON.stringify(r)).not.toContain(TOKEN);
  };

  test("with a token set, only `Bearer <token>` exactly passes", () => {
    const gate = controlGate(TOKEN);
    expect(gate(owner({}, { authorization: `Bearer ${TOKEN}` }))).toBeUndefined();
    unauthorized(gate(owner()));
    for (const authorization of [
      `Bearer ${TOKEN} extra`,
      `xBearer ${TOKEN}`,
      ` Bearer ${TOKEN}`,
      `Bearer ${TOKEN}x`,
      `bearer ${TOKEN}`,
      `Bearer  ${TOKEN}`,
      TOKEN,
    ])
      unauthorized(gate(owner({}, { authorization })));
  });

  test("any other token is refused, and none is quoted", () => {
    const gate = controlGate(TOKEN);
    fc.assert(
      fc.property(fc.stringMatching(/^[\x21-\x7e]{1,60}$/), (sent) => {
        fc.pre(sent !== TOKEN);
        unauthorized(gate(owner({}, { authorization: `Bearer ${sent}` })));
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  test("with no token set, no Authorization is needed", () => {
    expect(controlGate(undefined)(owner())).toBeUndefined();
  });
});

describe("writes and their bodies", () => {
  test("a write needs Content-Type: application/json; a read does not", () => {
    const gate = controlGate(undefined);
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "post"]) {
      const r = gate(owner({ method }));
      expect(r?.status, method).toBe(415);
      expect(errorOf(r)).toBe(
        "Control writes (POST, PUT, PATCH, DELETE) take Content-Type: application/json, even with no body.",
      );
      expect(gate(owner({ method }, { "content-type": "application/json; charset=utf-8" }))).toBeUndefined();
      expect(gate(owner({ method }, { "content-type": "text/plain" }))?.status).toBe(415);
    }
    expect(gate(owner({ method: "GET" }))).toBeUndefined();
  });

  test("a body up to the bound passes; one byte more is 413, declared or read", () => {
    const gate = controlGate(undefined);
    const max = CONTROL_LIMITS.bodyBytes;
    const json = { "content-type": "application/json" };
    expect(gate(owner({ method: "POST", body: new Uint8Array(max) }, json))).toBeUndefined();
    expect(gate(owner({ method: "POST" }, { ...json, "content-length": String(max) }))).toBeUndefined();
    const read = gate(owner({ method: "POST", body: new Uint8Array(max + 1) }, json));
    expect(read?.status).toBe(413);
    expect(errorOf(read)).toBe(`A control body is at most ${max} bytes (this one: ${max + 1}).`);
    // From the head alone, before a byte is read.
    const declared = gate(owner({ method: "POST" }, { ...json, "content-length": String(max + 1) }));
    expect(errorOf(declared)).toBe(`A control body is at most ${max} bytes (this one: ${max + 1}).`);
    // The bytes read count, not what the head said.
    expect(
      gate(owner({ method: "POST", body: new Uint8Array(1) }, { ...json, "content-length": String(max + 1) })),
    ).toBeUndefined();
    expect(errorOf(tooLarge())).toBe(`A control body is at most ${max} bytes.`);
  });
});

describe("on, off, and under which prefix", () => {
  test("off: no path is a control path and every call is a 404 naming --control", () => {
    const access = controlAccess({ control: false, controlPrefix: "/__mock", controlToken: undefined });
    expect(access.isControlPath("/__mock")).toBe(false);
    expect(access.isControlPath("/__mock/faults")).toBe(false);
    const r = access.admit(owner());
    expect(r?.status).toBe(404);
    expect(errorOf(r)).toBe("The control API is off: start the mock with --control.");
  });

  test("on: the prefix and paths below it, never a sibling", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\/[a-z_]{1,8}$/), fc.stringMatching(/^[a-z]{1,8}$/), (prefix, more) => {
        const access = controlAccess({ control: true, controlPrefix: prefix, controlToken: TOKEN });
        expect(access.isControlPath(prefix)).toBe(true);
        expect(access.isControlPath(`${prefix}/${more}`)).toBe(true);
        expect(access.isControlPath(`${prefix}${more}`)).toBe(false);
        expect(access.isControlPath(`/v1${prefix}`)).toBe(false);
        // The gate behind it holds the token.
        expect(access.admit(owner())?.status).toBe(401);
        expect(access.admit(owner({}, { authorization: `Bearer ${TOKEN}` }))).toBeUndefined();
      }),
      { seed: 43, numRuns: 100 },
    );
  });
});
