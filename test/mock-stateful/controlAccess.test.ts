// The control API belongs to whoever started the mock: off unless asked for, and then only for callers on
// the mock's own address (Host, Origin), with the control token when one is set, JSON writes only, and
// every input bounded. Generated callers and inputs (fast-check, fixed seed, bounded runs) against a model.
import { randomBytes } from "node:crypto";
import http from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type RunningFront, startFront } from "../../src/mock/front.ts";
import { parseKeys } from "../../src/mock/auth/keys.ts";
import { statefulFrontOptions } from "../../src/mock/stateful/http.ts";
import { type StatefulMock, createStatefulMock } from "../../src/mock/stateful/index.ts";
import { CONTROL_LIMITS } from "../../src/mock/stateful/limits.ts";
import { StatefulOptionsError, loadOptionsFile, resolveOptions } from "../../src/mock/stateful/options.ts";
import { C, CUSTOMER, LOCAL_PORT, answer, ctl, newQuote, testMock } from "./support.ts";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const SEED = 20261125;
const TOKEN = "ctl-0123456789abcdef0123456789abcdef";

describe("off unless asked for", () => {
  test("by default control calls are refused", async () => {
    const mock = await createStatefulMock();
    expect(mock.isControlPath("/__mock/requests")).toBe(false);
    const r = mock.control({
      method: "POST",
      path: "/__mock/reset",
      query: "",
      headers: { host: `127.0.0.1:${LOCAL_PORT}`, "content-type": "application/json" },
      body: new Uint8Array(),
      localPort: LOCAL_PORT,
    });
    expect(r.status).toBe(404);
    expect(JSON.stringify(r.body)).toMatch(/--control/);
  });

  test("the token comes from the environment only, never shown", () => {
    expect(() => resolveOptions({ controlToken: "short" })).toThrow(StatefulOptionsError);
    try {
      resolveOptions({ controlToken: "x".repeat(20) });
    } catch (err) {
      expect((err as Error).message).not.toContain("x".repeat(20));
    }
    const dir = mkdtempSync(path.join(tmpdir(), "control-token-"));
    try {
      const file = path.join(dir, "o.json");
      writeFileSync(file, JSON.stringify({ controlToken: TOKEN }));
      expect(() => loadOptionsFile(file)).toThrow(/FO_MOCK_CONTROL_TOKEN/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Generated control callers: the mock's own authorities and near misses, with and without the token. */
const own = ["127.0.0.1", "localhost", "LOCALHOST", "[::1]"].map((h) => `${h}:${LOCAL_PORT}`);
const foreignHosts = [
  "evil.example",
  `evil.example:${LOCAL_PORT}`,
  `127.0.0.1:${LOCAL_PORT + 1}`,
  "127.0.0.1",
  `127.0.0.2:${LOCAL_PORT}`,
  `localhost.evil.example:${LOCAL_PORT}`,
  "",
];
const callers = fc.record({
  host: fc.oneof(fc.constantFrom(...own), fc.constantFrom(...foreignHosts), fc.constant(undefined)),
  origin: fc.oneof(
    fc.constant(undefined),
    fc.constantFrom(...own.map((h) => `http://${h}`)),
    fc.constantFrom(
      "http://evil.example",
      "null",
      `https://127.0.0.1:${LOCAL_PORT}`,
      `http://127.0.0.1:${LOCAL_PORT}.evil.example`,
    ),
  ),
  tokenSet: fc.boolean(),
  sent: fc.constantFrom("none", "right", "wrong", "right-lowercase-scheme"),
  method: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "post"),
  type: fc.constantFrom(
    undefined,
    "application/json",
    "application/json; charset=utf-8",
    "text/plain",
    "text/plain;charset=UTF-8",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/jsonx",
  ),
});

type Caller = { host?: string; origin?: string; tokenSet: boolean; sent: string; method: string; type?: string };

/** The model: the status the gate refuses with, or undefined for a caller it lets through. */
function expected(c: Caller): number | undefined {
  const hostOk = c.host !== undefined && own.map((h) => h.toLowerCase()).includes(c.host.toLowerCase());
  if (!hostOk) return 403;
  if (c.origin !== undefined && !own.map((h) => `http://${h}`.toLowerCase()).includes(c.origin.toLowerCase()))
    return 403;
  if (c.tokenSet && c.sent !== "right") return 401;
  const write = c.method.toUpperCase() !== "GET";
  if (write && !/^application\/json\s*(;|$)/i.test(c.type ?? "")) return 415;
  return undefined;
}

describe("the gate", () => {
  let open: StatefulMock;
  let locked: StatefulMock;
  beforeAll(async () => {
    open = (await testMock()).mock;
    locked = (await testMock({ controlToken: TOKEN })).mock;
  });

  test("answers exactly whom the model lets through", () => {
    fc.assert(
      fc.property(callers, (c) => {
        const headers: Record<string, string> = {};
        if (c.host !== undefined) headers.host = c.host;
        if (c.origin !== undefined) headers.origin = c.origin;
        if (c.type !== undefined) headers["content-type"] = c.type;
        if (c.sent === "right") headers.authorization = `Bearer ${TOKEN}`;
        if (c.sent === "wrong") headers.authorization = `Bearer ${TOKEN.slice(0, -1)}X`;
        if (c.sent === "right-lowercase-scheme") headers.authorization = `bearer ${TOKEN}`;
        const mock = c.tokenSet ? locked : open;
        // GET / and DELETE /faults change nothing that matters here; other methods on / are a 405 past the gate.
        const route = c.method.toUpperCase() === "DELETE" ? "/faults" : "/";
        const r = mock.control({
          method: c.method,
          path: `/__mock${route}`,
          query: "",
          headers,
          body: new Uint8Array(),
          localPort: LOCAL_PORT,
        });
        const want = expected(c);
        if (want === undefined) expect([200, 204, 405]).toContain(r.status);
        else expect(r.status).toBe(want);
        expect(JSON.stringify(r)).not.toContain(TOKEN);
      }),
      { seed: SEED, numRuns: 400 },
    );
  });

  test("a body over the bound is 413 before parsing", async () => {
    const { mock } = await testMock();
    const r = ctl(mock, "POST", "/faults", { kind: "drop-before", path: `/${"a".repeat(CONTROL_LIMITS.bodyBytes)}` });
    expect(r.status).toBe(413);
    expect(r.body.error).toContain(String(CONTROL_LIMITS.bodyBytes));
  });
});

describe("bounded inputs", () => {
  test("a fault's path, code and method are bounded", async () => {
    const { mock } = await testMock();
    const lengths = (max: number) => fc.oneof(fc.integer({ min: 1, max: max + 2 }), fc.constantFrom(max, max + 1));
    fc.assert(
      fc.property(
        lengths(CONTROL_LIMITS.faultPath),
        lengths(CONTROL_LIMITS.faultCode),
        fc.integer({ min: 1, max: 20 }),
        (p, c, m) => {
          ctl(mock, "DELETE", "/faults");
          const spec = {
            kind: "status",
            status: 503,
            path: `/${"p".repeat(p - 1)}`,
            code: "C".repeat(c),
            method: "G".repeat(m),
          };
          const r = ctl(mock, "POST", "/faults", spec);
          const ok = p <= CONTROL_LIMITS.faultPath && c <= CONTROL_LIMITS.faultCode && m <= 16;
          expect(r.status).toBe(ok ? 201 : 400);
          if (!ok)
            expect(r.body.error).toMatch(new RegExp(`${CONTROL_LIMITS.faultPath}|${CONTROL_LIMITS.faultCode}|16`));
          if (!ok) expect(JSON.stringify(r.body).length).toBeLessThan(1000);
        },
      ),
      { seed: SEED, numRuns: 150 },
    );
  });

  test("waiting faults are bounded; clearing makes room", async () => {
    const { mock } = await testMock();
    for (let i = 0; i < CONTROL_LIMITS.faults; i++)
      expect(ctl(mock, "POST", "/faults", { kind: "drop-before", path: `/x/${i}` }).status).toBe(201);
    const full = ctl(mock, "POST", "/faults", { kind: "drop-before" });
    expect(full.status).toBe(409);
    expect(full.body.error).toContain(String(CONTROL_LIMITS.faults));
    expect(mock.faults.size).toBe(CONTROL_LIMITS.faults);
    expect(ctl(mock, "DELETE", "/faults").status).toBe(204);
    expect(ctl(mock, "POST", "/faults", { kind: "drop-before" }).status).toBe(201);
  });

  // The outside run's heap exhaustion.
  test("a 9 MiB fault path is refused, nothing held", async () => {
    const { mock } = await testMock();
    const body = Buffer.from(JSON.stringify({ kind: "delay", delay_ms: 1, path: `/${"x".repeat(9 * 1024 * 1024)}` }));
    for (let i = 0; i < 5; i++) {
      const r = mock.control({
        method: "POST",
        path: "/__mock/faults",
        query: "",
        headers: { host: `127.0.0.1:${LOCAL_PORT}`, "content-type": "application/json" },
        body,
        localPort: LOCAL_PORT,
      });
      expect(r.status).toBe(413);
    }
    expect(mock.faults.size).toBe(0);
  });

  // From 0 to ten years a call and a hundred years in all; beyond is 400 naming the bound, never a 500.
  test("clock advances are bounded, 400 beyond", async () => {
    const { mock } = await testMock();
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: 0, max: 1e300, noNaN: true }),
          fc.integer({ min: 0, max: CONTROL_LIMITS.advanceMs + 10 }),
        ),
        (ms) => {
          ctl(mock, "POST", "/reset");
          const r = ctl(mock, "POST", "/clock", { advance_ms: ms });
          expect(r.status).toBe(ms <= CONTROL_LIMITS.advanceMs ? 200 : 400);
          if (r.status === 400) expect(r.body.error).toContain(String(CONTROL_LIMITS.advanceMs / 1000));
        },
      ),
      { seed: SEED, numRuns: 100 },
    );
    ctl(mock, "POST", "/reset");
    let last: ReturnType<typeof ctl> | undefined;
    for (let i = 0; i < 12; i++) last = ctl(mock, "POST", "/clock", { advance_ms: CONTROL_LIMITS.advanceMs });
    expect(last!.status).toBe(400);
    expect(last!.body.error).toMatch(/hundred years/);
  });

  // Identifiers and order_status over their bounds are 400; RFI cases stop at their bound with 409.
  test("identifiers and stored RFI cases are bounded", async () => {
    const { mock } = await testMock();
    const long = "c".repeat(CONTROL_LIMITS.id + 1);
    expect(ctl(mock, "GET", "/transactions", undefined, `customer_id=${long}`).status).toBe(400);
    expect(ctl(mock, "GET", `/customers/${long}/rfi-cases`).status).toBe(400);
    expect(ctl(mock, "PUT", `/customers/${CUSTOMER}/rfi-cases/${long}`, {}).status).toBe(400);
    const executed = await answer(mock, "POST", `${C}/conversions/hedge`, { body: { quote_id: await newQuote(mock) } });
    const order = `/orders/${executed.body.transaction_id}`;
    expect(ctl(mock, "PATCH", order, { order_status: "S".repeat(CONTROL_LIMITS.orderStatus) }).status).toBe(200);
    const refused = ctl(mock, "PATCH", order, { order_status: "S".repeat(CONTROL_LIMITS.orderStatus + 1) });
    expect([refused.status, refused.body.error]).toEqual([
      400,
      expect.stringContaining(String(CONTROL_LIMITS.orderStatus)),
    ]);
    const template = { ...mock.store.rfiCases.get(CUSTOMER)![0]! };
    let status = 0;
    let n = 0;
    for (; n <= CONTROL_LIMITS.rfiCases && status !== 409; n++)
      status = ctl(mock, "PUT", `/customers/c-${n % 50}/rfi-cases/case-${n}`, {
        ...template,
        case_id: `case-${n}`,
      }).status;
    expect(status).toBe(409);
    expect(mock.store.caseCount).toBe(CONTROL_LIMITS.rfiCases);
  });
});

describe("over HTTP, through the front", () => {
  let mock: StatefulMock;
  let front: RunningFront;
  beforeAll(async () => {
    mock = await createStatefulMock({ control: true });
    // No Prism behind it: control calls never reach it, and anything else is a plain 404 here.
    const keys = parseKeys({ "AK-control": randomBytes(32).toString("base64url") }, "test keys");
    front = await startFront({
      prism: async () => ({ status: 404, headers: {} }),
      auth: "production",
      keys,
      ...statefulFrontOptions(mock),
    });
  });
  afterAll(async () => front?.close());

  function raw(
    method: string,
    route: string,
    headers: Record<string, string>,
    body = "",
  ): Promise<{ status: number; text: string }> {
    const url = new URL(front.url);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          method,
          path: `/__mock${route}`,
          headers: { ...headers, "content-length": Buffer.byteLength(body) },
          setHost: !("host" in headers),
        },
        (res) => {
          let text = "";
          res.on("data", (d) => (text += d));
          res.on("end", () => resolve({ status: res.statusCode!, text }));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  }

  // text/plain, from a foreign Origin.
  test("a cross-site simple POST adds no fault", async () => {
    const r = await raw(
      "POST",
      "/faults",
      { "content-type": "text/plain;charset=UTF-8", origin: "http://evil.example" },
      '{"kind":"drop-before"}',
    );
    expect(r.status).toBe(403);
    const same = await raw("POST", "/faults", { "content-type": "text/plain;charset=UTF-8" }, '{"kind":"drop-before"}');
    expect(same.status).toBe(415);
    expect(mock.faults.size).toBe(0);
  });

  // A foreign Host.
  test("a rebound DNS name reads nothing", async () => {
    const r = await raw("GET", "/requests", { host: `evil.example:${new URL(front.url).port}` });
    expect(r.status).toBe(403);
    expect(r.text).not.toContain('requests"');
  });

  test("the owner's call passes", async () => {
    expect(
      (await raw("POST", "/faults", { "content-type": "application/json" }, '{"kind":"drop-before","path":"/nowhere"}'))
        .status,
    ).toBe(201);
    expect((await raw("GET", "/faults", {})).status).toBe(200);
    expect((await raw("DELETE", "/faults", { "content-type": "application/json" })).status).toBe(204);
  });
});
