// One reading of every request target (issue 23). The front used to decide how to authenticate on the raw
// target while Prism re-read it with the WHATWG URL parser (`\` -> `/`, `..` resolved, `#...` dropped) and
// the stateful router read it a third way (trailing slashes dropped, no percent-decoding): a target could be
// a portfolio bearer route to the front and a customer route to Prism. This differential property test sends
// generated hostile targets through the production front (Prism in-process, stateful mode on), unsigned with
// a bearer token and signed over the raw path, and checks every one: either the front refused it (400 or 401
// in a JSON envelope), or the route the front authenticated is the route the stateful router and Prism serve.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import fc from "fast-check";
import { OpenAPIRouter } from "openapi-backend";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Mocker, startFront, type RunningFront } from "../../src/mock/front.ts";
import { parseKeys } from "../../src/mock/auth/keys.ts";
import { statefulFrontOptions } from "../../src/mock/stateful/http.ts";
import { createStatefulMock } from "../../src/mock/stateful/index.ts";
import { rawRequest, signedHeaders, type RawAnswer } from "./hardening/raw.ts";
import { prismInProcess } from "./prismInProcess.ts";
import { newSecret, type Credentials } from "./support.ts";

const require = createRequire(import.meta.url);
// Prism's own path matcher (what its router runs on `new URL(url, "http://example.com").pathname`).
const { matchPath } = require("@stoplight/prism-http/dist/router/matchPath.js") as {
  matchPath(request: string, operation: string): { right?: string };
};
const doc = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../generated/openapi.json"), "utf8"));
const METHODS = ["get", "put", "post", "delete", "patch"];
const operations: Array<{ template: string; method: string; operationId: string }> = Object.entries<
  Record<string, { operationId?: string }>
>(doc.paths).flatMap(([template, item]) =>
  METHODS.filter((m) => item[m]).map((m) => ({
    template,
    method: m.toUpperCase(),
    operationId: item[m]!.operationId!,
  })),
);
/** The portfolio operations, which authenticate with a bearer token instead of a signature. */
const PORTFOLIO_BEARER = new Set(
  operations.filter((o) => o.template.startsWith("/v1/portfolios/")).map((o) => o.operationId),
);

/**
 * The operation a path names as it is written: segments split on `/`, literal segments compared as sent,
 * parameters non-empty.
 */
function writtenRoute(method: string, p: string): string | undefined {
  const matches = operations.filter(
    (o) =>
      o.method === method &&
      new RegExp(`^${o.template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}/g, "[^/]+")}$`).test(p),
  );
  return matches.sort(
    (a, b) => b.template.replace(/\{[^}]+\}/g, "").length - a.template.replace(/\{[^}]+\}/g, "").length,
  )[0]?.operationId;
}

/**
 * The operation Prism serves for the target it was given: its URL reading, then its matcher (a concrete match
 * before a templated one).
 */
function prismRoute(method: string, url: string): string | undefined {
  const pathname = new URL(url, "http://example.com").pathname;
  const of = (kind: string) =>
    operations.find((o) => o.method === method && matchPath(pathname, o.template).right === kind)?.operationId;
  return of("concrete") ?? of("templated");
}

const router = new OpenAPIRouter({ definition: doc });
const statefulRoute = (method: string, p: string, query: string) =>
  router.matchOperation({ method, path: p, query, headers: {} })?.operationId;

const creds: Credentials = { accessKey: "AK-one-reading", secretKey: newSecret() };
let front: RunningFront;
let inProcess: Awaited<ReturnType<typeof prismInProcess>>;
/** What the stateful handler and Prism were given, by the X-Probe header of the request. */
const seen = new Map<string, { accepted?: { method: string; path: string; query: string }; prism?: string }>();
const probeOf = (raw: readonly string[]) =>
  raw[raw.findIndex((h, i) => i % 2 === 0 && h.toLowerCase() === "x-probe") + 1] ?? "";

beforeAll(async () => {
  inProcess = await prismInProcess();
  const prism: Mocker = (request) => {
    const probe = request.headers["x-probe"] as string;
    seen.set(probe, { ...seen.get(probe), prism: request.query ? `${request.path}?${request.query}` : request.path });
    return inProcess.mocker(request);
  };
  const stateful = statefulFrontOptions(await createStatefulMock());
  front = await startFront({
    prism,
    auth: "production",
    keys: parseKeys({ [creds.accessKey]: creds.secretKey }, "test keys"),
    replay: "allow",
    ...stateful,
    handle: (accepted, res) => {
      const probe = probeOf(accepted.rawHeaders);
      seen.set(probe, {
        ...seen.get(probe),
        accepted: { method: accepted.method, path: accepted.path, query: accepted.query },
      });
      return stateful.handle(accepted, res);
    },
  });
});
afterAll(async () => {
  await front?.close();
  await inProcess?.close();
});

let probes = 0;
/** Sends the target as given; undefined when Node's client will not put it on the wire at all. */
async function send(
  method: string,
  target: string,
  signed: boolean,
): Promise<{ answer: RawAnswer; probe: string } | undefined> {
  const probe = String(++probes);
  const body =
    method === "GET"
      ? undefined
      : JSON.stringify({
          quote_id: "3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69",
          pay_amount: "1",
          from_asset: { asset: "USDC" },
          to_asset: { asset: "EUR" },
        });
  const auth = signed
    ? signedHeaders(creds, method, target, body)
    : { Authorization: "Bearer any-token", ...(body ? { "Content-Type": "application/json" } : {}) };
  try {
    return {
      answer: await rawRequest(
        front.url,
        method,
        target,
        { ...auth, "X-Probe": probe, "Idempotency-Key": crypto.randomUUID() },
        body,
      ),
      probe,
    };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ERR_UNESCAPED_CHARACTERS") return undefined;
    throw err;
  }
}

/** The invariant for one request. */
function check(method: string, target: string, signed: boolean, sent: { answer: RawAnswer; probe: string }) {
  const { answer, probe } = sent;
  const got = seen.get(probe);
  const where = `${signed ? "signed" : "unsigned"} ${method} ${JSON.stringify(target)} -> ${answer.status}`;
  if (!got) {
    // Not handed on: the front answered itself, a refusal in the JSON envelope.
    expect([400, 401], where).toContain(answer.status);
    expect(() => answer.json(), where).not.toThrow();
    return;
  }
  const accepted = got.accepted!;
  const front = writtenRoute(accepted.method, accepted.path);
  expect(statefulRoute(accepted.method, accepted.path, accepted.query), `${where}: the stateful router`).toBe(front);
  if (got.prism !== undefined) {
    expect(new URL(got.prism, "http://example.com").pathname, `${where}: Prism's reading`).toBe(accepted.path);
    expect(prismRoute(accepted.method, got.prism), `${where}: Prism's route`).toBe(front);
  }
  // Without a signature only the portfolio bearer routes get past the front.
  if (!signed)
    expect(PORTFOLIO_BEARER.has(front ?? ""), `${where}: reached ${front ?? "no operation"} unsigned`).toBe(true);
}

// Hostile targets: a path of the document with its separators, segments and ends changed the ways URL
// parsers and routers disagree on.
const id = fc.constantFrom("c1", "pf-1", "a1", "x", "..", "%2e%2E");
const operation = fc.constantFrom(...operations);
const hostile = fc.constantFrom(
  ".",
  "..",
  "%2e",
  "%2E%2e",
  ".%2e",
  "",
  "a%2Fb",
  "%2f",
  "%5C",
  "x%5cy",
  "conversions\\hedge",
  "..\\customers\\c1\\rfi-cases",
  "é",
  "{x}",
  "a|b",
  "a^b",
  'a"b',
  "a`b",
  "a'b",
  "%7Bx%7D",
  "hedg%65",
);
const edit = fc.oneof(
  fc.record({ kind: fc.constant("insert" as const), at: fc.nat(8), segment: hostile }),
  fc.record({ kind: fc.constant("backslash" as const), at: fc.nat(8) }),
  fc.record({ kind: fc.constant("encode" as const), at: fc.nat(8), upper: fc.boolean() }),
  fc.record({
    kind: fc.constant("fragment" as const),
    tail: fc.constantFrom("", "x", "/conversions/quote", "/../rfi-cases"),
  }),
  fc.record({
    kind: fc.constant("detour" as const),
    via: fc.constantFrom("/v1/portfolios/pf-1/..", "/v1/portfolios/..\\", "/v1/portfolios/pf-1/%2e%2e", "/x/..\\.."),
  }),
  fc.record({
    kind: fc.constant("end" as const),
    end: fc.constantFrom("/", "//", "/.", "/..", "?a=/../b", "?x#y", "\\"),
  }),
  fc.record({
    kind: fc.constant("absolute" as const),
    authority: fc.constantFrom("http://127.0.0.1", "http://h\\", "http://h", "HTTP://h"),
  }),
);

type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

function build(op: (typeof operations)[number], ids: string[], edits: Edit[]): string {
  let i = 0;
  const segments = op.template
    .slice(1)
    .split("/")
    .map((s) => (s.startsWith("{") ? ids[i++ % ids.length]! : s));
  let separators = segments.map(() => "/");
  let prefix = "";
  let suffix = "";
  for (const e of edits) {
    const at = "at" in e ? e.at % (segments.length + 1) : 0;
    if (e.kind === "insert") {
      segments.splice(at, 0, e.segment);
      separators.splice(at, 0, "/");
    } else if (e.kind === "backslash") separators[at % separators.length] = "\\";
    else if (e.kind === "encode") {
      const k = at % segments.length;
      const s = segments[k]!;
      const c = s.search(/[A-Za-z0-9._~-]/);
      if (c >= 0) {
        const hex = s.charCodeAt(c).toString(16);
        segments[k] = `${s.slice(0, c)}%${e.upper ? hex.toUpperCase() : hex.toLowerCase()}${s.slice(c + 1)}`;
      }
    } else if (e.kind === "fragment") suffix += `#${e.tail}`;
    else if (e.kind === "detour") prefix = e.via + prefix;
    else if (e.kind === "end") suffix = e.end + suffix;
    else if (e.kind === "absolute") prefix = e.authority + prefix;
  }
  separators = separators.slice(0, segments.length);
  return prefix + segments.map((s, k) => separators[k] + s).join("") + suffix;
}

const targets = fc
  .record({ op: operation, ids: fc.array(id, { minLength: 1, maxLength: 3 }), edits: fc.array(edit, { maxLength: 3 }) })
  .map(({ op, ids, edits }) => ({
    method: op.method,
    target: build(op, ids, edits),
  }));

// The attack of the issue and the stateful single-use bypass, always run first.
const ATTACKS = [
  { method: "GET", target: "/v1/portfolios/..\\customers\\c1\\rfi-cases#/conversions/quote" },
  { method: "POST", target: "/v1/portfolios/..\\customers\\c1\\conversions\\quote#/conversions/quote" },
  { method: "POST", target: "/v1/portfolios/..\\customers\\c1\\conversions\\hedge#/conversions/hedge" },
  {
    method: "PUT",
    target:
      "/v1/portfolios/..\\..\\v2\\accounts\\a1\\businesses\\s1\\documents\\MEMORANDUM_OF_ASSOCIATION" +
      "#/conversions/quote",
  },
  { method: "POST", target: "/v1/customers/c1/conversions\\hedge" },
  { method: "POST", target: "/v1/customers/c1/conversions/hedge#x" },
  { method: "POST", target: "/v1/customers/c1/conversions/hedg%65" },
  { method: "POST", target: "/v1/customers/c1/conversions/hedge/" },
];

describe("the route authenticated is the route served", () => {
  test.each(ATTACKS)("$method $target", async ({ method, target }) => {
    for (const signed of [false, true]) {
      const sent = await send(method, target, signed);
      check(method, target, signed, sent!);
    }
  });

  test("a consumed quote stays consumed", async () => {
    const quoteBody = JSON.stringify({ from_asset: {}, to_asset: {}, pay_amount: "1" });
    const quote = await rawRequest(
      front.url,
      "POST",
      "/v1/customers/c1/conversions/quote",
      signedHeaders(creds, "POST", "/v1/customers/c1/conversions/quote", quoteBody),
      quoteBody,
    );
    expect(quote.status).toBe(201);
    const execute = JSON.stringify({ quote_id: quote.json().quote_id });
    const plain = "/v1/customers/c1/conversions/hedge";
    const idem = () => ({ "Idempotency-Key": crypto.randomUUID() });
    expect(
      (
        await rawRequest(
          front.url,
          "POST",
          plain,
          { ...signedHeaders(creds, "POST", plain, execute), ...idem() },
          execute,
        )
      ).status,
    ).toBe(201);
    for (const target of [
      "/v1/customers/c1/conversions\\hedge",
      "/v1/customers/c1/conversions/hedge#x",
      "/v1/customers/c1/conversions/hedg%65",
      "/v1/customers/c1/conversions/hedge/",
    ]) {
      const again = await rawRequest(
        front.url,
        "POST",
        target,
        { ...signedHeaders(creds, "POST", target, execute), ...idem() },
        execute,
      );
      expect(again.status, target).toBe(400);
      expect(again.headers["x-mock-refusal"], target).toBeTruthy();
    }
    expect(
      (
        await rawRequest(
          front.url,
          "POST",
          plain,
          { ...signedHeaders(creds, "POST", plain, execute), ...idem() },
          execute,
        )
      ).status,
    ).toBe(409);
  });

  test("generated hostile targets (fast-check, fixed seed)", async () => {
    await fc.assert(
      fc.asyncProperty(targets, async ({ method, target }) => {
        for (const signed of [false, true]) {
          const sent = await send(method, target, signed);
          if (sent) check(method, target, signed, sent);
        }
      }),
      { seed: 23, numRuns: 200, endOnFailure: true },
    );
  }, 120_000);
});
