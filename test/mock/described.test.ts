// Every error answer of the mock describes the request it answers (issue 37): generated requests (the document's
// operations and paths it does not have, every method, with no credentials, a bearer token, a malformed one, with and
// without the query an operation requires), in sandbox and production auth, each error checked against the request:
// the envelope the document gives its path, the request's own path as `instance`, a fresh `trace_id` (or `request_id`)
// and the time of the answer, a detail that names what is wrong with this request, never Prism's own problem body.
// `GET /` says what the mock is and where its document is.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type RunningMock, startMock } from "../../src/mock/index.ts";
import { createRouter } from "../../src/mock/prism/routes.ts";
import { envelopeOf } from "../../src/server/envelope.ts";
import { isBearerRoute } from "../../src/mock/request/target.ts";
import { AUTHORIZATION_MISSING, BEARER_INVALID, failureDetail } from "../../src/signing/failures.ts";
import { operations } from "../fixtures/operations.ts";
import { deref, listOperations, loadBundle } from "../helpers/document.ts";
import { pointer, schemaValidator } from "../helpers/validator.ts";
import { newSecret, send, sign, type Wire, wireOf } from "./support.ts";

const creds = { accessKey: "AK-described", secretKey: newSecret() };
let sandbox: RunningMock;
let production: RunningMock;
beforeAll(async () => {
  [sandbox, production] = await Promise.all([
    startMock({ auth: "sandbox", stateful: false }),
    startMock({ auth: "production", keys: { [creds.accessKey]: creds.secretKey }, replay: "allow", stateful: false }),
  ]);
}, 60_000);
afterAll(() => Promise.all([sandbox?.close(), production?.close()]));

const C = "/v1/customers/c0ffee00-0000-4000-8000-000000000001";
const cases = operations.map(wireOf);
const unknownPaths = ["/nope", "/v1/customers/c1/nothing-here", "/v2/accounts/a1/nothing", "/v1/portfolios/p1/other"];

const request = fc.record({
  wire: fc.oneof(
    fc.constantFrom(...cases),
    fc.constantFrom(...unknownPaths).map((path): Wire => ({ method: "GET", path, headers: {} })),
  ),
  method: fc.option(fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE"), { nil: undefined }),
  auth: fc.constantFrom("none", "bearer", "malformed", "signed"),
  dropQuery: fc.boolean(),
});
type Auth = "none" | "bearer" | "malformed" | "signed";

const doc = loadBundle();
const validator = schemaValidator(doc);
const documented = listOperations(doc).map((o) => ({ ...o, method: o.method.toUpperCase() }));
/** The document's operations routed by the mock's own rules (their agreement with Prism's: prism/routes.test.ts). */
const route = createRouter(documented);
const ENVELOPE_SCHEMA = { flat: "FlatError", v2: "V2Errors", portfolio: "PortfolioError" } as const;

/**
 * The schema the document gives an error answer: its operation's response for the status (or the status's class), else
 * the envelope of its path (a path or method the document lacks).
 */
function schemaOf(method: string, path: string, status: number): string {
  const routed = route(method, path);
  if (routed.kind === "operation") {
    const { op, path: template, method: m } = routed.operation;
    const key = [String(status), `${String(status)[0]}XX`, "default"].find((k) => op.responses[k]);
    if (key) {
      let response = op.responses[key];
      let at = pointer("paths", template, m.toLowerCase(), "responses", key);
      while (typeof response.$ref === "string") {
        at = response.$ref.slice(1);
        response = deref(doc, { $ref: response.$ref });
      }
      if (response.content?.["application/json"]) return `${at}/content/application~1json/schema`;
    }
  }
  return pointer("components", "schemas", ENVELOPE_SCHEMA[envelopeOf(path, status)]);
}

/** What Prism found wrong with the request, from its `sl-violations` header: the detail the mock must give. */
function violationsDetail(header: string | null): string | undefined {
  const list = JSON.parse(header ?? "[]") as {
    location: string[];
    severity: string;
    code?: unknown;
    message: string;
  }[];
  const said = list
    .filter((v) => v.location[0] === "request" && v.severity === "Error" && String(v.code) !== "401")
    .map((v) => v.message.replace(/\.$/, ""));
  return said.length ? `${[...new Set(said)].join("; ")}.` : undefined;
}

/**
 * The detail an error answer must give, from the request alone: who refused it and why. Prism's validation refusals
 * say what Prism found (`violations`).
 */
function expectedDetail(mode: "sandbox" | "production", w: Wire, auth: Auth, status: number, violations?: string) {
  const envelope = envelopeOf(w.path, 401);
  if (status === 401) {
    // Production: the front verifies the signature of every route but the portfolio bearer ones first.
    if (mode === "production" && !isBearerRoute(w.path)) {
      if (envelope === "portfolio") return BEARER_INVALID;
      if (envelope === "v2" && auth === "none") return AUTHORIZATION_MISSING;
      return failureDetail(auth === "none" ? "missing-authorization" : "malformed-authorization");
    }
    const v2 = envelope === "v2";
    // Prism checks a bearer token's presence.
    if (auth === "none")
      return v2
        ? AUTHORIZATION_MISSING
        : "The request has no Authorization header: send Authorization: Bearer <token>.";
    return "The Authorization header is not a bearer token: send Authorization: Bearer <token>.";
  }
  const routed = route(w.method, w.path);
  if (status === 404 && routed.kind === "no-path") return `No operation of the API has the path ${w.path}.`;
  if (status === 405 && routed.kind === "no-method") return `${w.path} takes ${routed.allow}, not ${w.method}.`;
  return violations;
}

/** The detail of an error body in any envelope. */
function detailOf(path: string, status: number, body: Record<string, unknown>): unknown {
  const envelope = envelopeOf(path, status);
  if (envelope === "v2") return (body.errors as { description: string }[])[0]?.description;
  if (envelope === "portfolio") return (body.error as { message: string }).message;
  return body.detail;
}

/** Every seen trace: each answer has its own. */
const traces = new Set<string>();

function checkError(path: string, status: number, body: Record<string, unknown>, sentAt: number) {
  const envelope = envelopeOf(path, status);
  const near = (time: unknown) =>
    expect(Math.abs(Date.parse(String(time)) - sentAt), `time ${String(time)}`).toBeLessThan(5_000);
  if (envelope === "portfolio") {
    const error = body.error as Record<string, unknown>;
    expect(error.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(traces.has(error.request_id as string)).toBe(false);
    traces.add(error.request_id as string);
    near(error.timestamp);
  } else if (envelope === "flat") {
    expect(body.instance).toBe(path);
    expect(body.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(traces.has(body.trace_id as string)).toBe(false);
    traces.add(body.trace_id as string);
    near(body.time ?? body.timestamp);
  }
  expect(JSON.stringify(body)).not.toContain("stoplight.io/prism/errors");
}

describe.each([
  ["sandbox", () => sandbox],
  ["production", () => production],
] as const)("%s auth", (_mode, mock) => {
  test("every error answer describes the request it answers", async () => {
    let errors = 0;
    await fc.assert(
      fc.asyncProperty(request, async ({ wire, method, auth, dropQuery }) => {
        const m = method ?? wire.method;
        let w: Wire = {
          ...wire,
          method: m,
          ...(dropQuery ? { query: undefined } : {}),
          ...(m === "GET" ? { body: undefined } : {}),
        };
        if (auth === "bearer") w = { ...w, headers: { ...w.headers, Authorization: "Bearer a-token" } };
        if (auth === "malformed") w = { ...w, headers: { ...w.headers, Authorization: "Token x" } };
        if (auth === "signed") w = sign(w, creds);
        const sentAt = Date.now();
        const res = await send(mock().url, w);
        const text = await res.text();
        if (res.status < 400) return;
        errors++;
        const where = `${_mode} ${auth} ${w.method} ${w.path}${w.query ? `?${w.query}` : ""} -> ${res.status}`;
        expect(res.headers.get("content-type"), where).toMatch(/^application\/json/);
        const body = JSON.parse(text);
        checkError(w.path, res.status, body, sentAt);
        const expected = expectedDetail(_mode, w, auth, res.status, violationsDetail(res.headers.get("sl-violations")));
        expect(expected, `${where}: a refusal the test can name`).toBeDefined();
        expect(detailOf(w.path, res.status, body), where).toBe(expected);
        expect(validator.validate(schemaOf(w.method, w.path, res.status), body), where).toBeNull();
      }),
      { numRuns: 120, seed: 37 },
    );
    expect(errors).toBeGreaterThan(30);
  }, 120_000);

  test("an unknown path is a 404 and a method the path lacks a 405, in the path's envelope", async () => {
    const auth = { Authorization: "Bearer a-token" };
    const unknown = await fetch(`${mock().url}/nope`, { headers: auth });
    expect(unknown.status).toBe(_mode === "sandbox" ? 404 : 401);
    const wrong = sign({ method: "DELETE", path: `${C}/rfi-cases`, headers: {} }, creds);
    const res = await send(mock().url, _mode === "sandbox" ? { ...wrong, headers: auth } : wrong);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, POST");
    expect(await res.json()).toMatchObject({
      code: "NOT_SHOWN",
      status: 405,
      instance: `${C}/rfi-cases`,
      detail: `${C}/rfi-cases takes GET, POST, not DELETE.`,
    });
  });
});

test("a request without a token is told so, not that its signature does not match (sandbox)", async () => {
  const res = await fetch(`${sandbox.url}/v1/customers/abc/rfi-cases`);
  expect(res.status).toBe(401);
  expect(await res.json()).toMatchObject({
    instance: "/v1/customers/abc/rfi-cases",
    detail: "The request has no Authorization header: send Authorization: Bearer <token>.",
  });
});

test("a request missing a required query is told which (sandbox)", async () => {
  const res = await fetch(`${sandbox.url}${C}/conversions/order`, { headers: { Authorization: "Bearer t" } });
  expect(res.status).toBe(400);
  expect((await res.json()).detail).toBe("Request query must have required property 'transaction_id'.");
});

// Pinned in words, beside the generated check above (which derives its details from Prism's own header): each of
// Prism's findings once, joined by "; ", ending in one full stop.
test.each([
  ["{}", "Request body must have required property 'from_asset'; Request body must have required property 'to_asset'."],
  [
    '{"from_asset": 5}',
    "Request body must have required property 'to_asset'; Request body property from_asset must be object.",
  ],
])("a quote request %s is told each thing wrong with it (sandbox)", async (body, detail) => {
  const res = await fetch(`${sandbox.url}${C}/conversions/quote`, {
    method: "POST",
    headers: { Authorization: "Bearer t", "Content-Type": "application/json" },
    body,
  });
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ code: "00000001", detail });
});

test("an example asked for with Prefer keeps its words, and gets this request's path, trace and time", async () => {
  const path = `${C}/conversions/order`;
  const res = await fetch(`${sandbox.url}${path}?transaction_id=x`, {
    headers: { Authorization: "Bearer t", Prefer: "code=400" },
  });
  const body = await res.json();
  expect(body).toMatchObject({ code: "00000002", detail: "transaction_id is missing or malformed.", instance: path });
  expect(Math.abs(Date.parse(body.time) - Date.now())).toBeLessThan(5_000);
});

test("GET / says what the mock is and where its document is; GET /openapi.json is that document", async () => {
  for (const mock of [sandbox, production]) {
    const home = await (await fetch(`${mock.url}/`)).json();
    expect(home).toMatchObject({
      mock: "Financial Operations API",
      document: expect.stringMatching(/^\/openapi\.json/),
    });
    expect(home.auth).toMatch(mock === production ? /^production: / : /^sandbox: /);
    const doc = await (await fetch(`${mock.url}/openapi.json`)).json();
    expect(doc.openapi).toMatch(/^3\.1/);
  }
  // `/` is no path of the API: anything but reading it is the envelope's 404.
  const post = await fetch(`${sandbox.url}/`, { method: "POST", headers: { Authorization: "Bearer t" } });
  expect([post.status, (await post.json()).detail]).toEqual([404, "No operation of the API has the path /."]);
});
