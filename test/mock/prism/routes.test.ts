// The mock's routing (src/mock/prism/routes.ts) against Prism's own router on the same operations: for generated
// requests (every path template filled with generated values, percent escapes, empty and extra segments, other
// methods) both find the same operation, or both find no path, or both find the path without the method.
import { createRequire } from "node:module";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { IHttpOperation } from "@stoplight/types";
import { operationsOf } from "../../../src/mock/prism/operations.ts";
import { createRouter } from "../../../src/mock/prism/routes.ts";
import { bundlePath } from "../../helpers/prism.ts";

const require = createRequire(import.meta.url);
// Prism's router, the reference (not part of its documented API: a test may read it, the mock does not).
const prismRoute = require("@stoplight/prism-http/dist/router/index.js").default as (opts: {
  resources: IHttpOperation[];
  input: { method: string; url: { path: string } };
}) => { _tag: "Left"; left: { name: string } } | { _tag: "Right"; right: IHttpOperation };

const operations = await operationsOf(bundlePath);
const route = createRouter(operations);

/** Prism's verdict in the router's terms. */
function prismVerdict(method: string, path: string): string {
  const result = prismRoute({ resources: operations, input: { method: method.toLowerCase(), url: { path } } });
  if (result._tag === "Right") return result.right.id;
  const kind = result.left.name.split("#")[1];
  return kind === "NO_PATH_MATCHED_ERROR" ? "no-path" : kind === "NO_METHOD_MATCHED_ERROR" ? "no-method" : kind!;
}

function ourVerdict(method: string, path: string): string {
  const routed = route(method, path);
  return routed.kind === "operation" ? routed.operation.id : routed.kind;
}

const segment = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9._~-]{1,12}$/),
  fc.constantFrom("", "%20", "%2F", "%", "%zz", "%7Bid%7D", "{id}", "é", "hedge", "quote", "order", "rfi-cases"),
);
const templates = [...new Set(operations.map((o) => o.path))];

/** A path of the document with its variables filled, then perhaps a segment changed, added or removed. */
const path = fc
  .record({
    template: fc.constantFrom(...templates),
    values: fc.array(segment, { minLength: 8, maxLength: 8 }),
    change: fc.constantFrom("none", "encode-literal", "add", "drop", "upper"),
    at: fc.nat(6),
  })
  .map(({ template, values, change, at }) => {
    let i = 0;
    const parts = template.split("/").map((p) => (p.startsWith("{") ? values[i++]! : p));
    const k = 1 + (at % (parts.length - 1));
    if (change === "encode-literal") parts[k] = parts[k]!.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`);
    if (change === "add") parts.splice(k, 0, values[7]!);
    if (change === "drop" && parts.length > 2) parts.splice(k, 1);
    if (change === "upper") parts[k] = parts[k]!.toUpperCase();
    return parts.join("/");
  });
const method = fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS");

describe("the mock's routing", () => {
  test("finds what Prism's router finds, for generated requests", () => {
    fc.assert(
      fc.property(method, path, (m, p) => {
        expect(ourVerdict(m, p), `${m} ${p}`).toBe(prismVerdict(m, p));
      }),
      { numRuns: 3000, seed: 42 },
    );
  });

  test("finds what Prism's router finds among generated templates that overlap (concrete and templated)", () => {
    const piece = fc.constantFrom("a", "b", "ab", "{x}", "{y}", "a{x}");
    const template = fc.array(piece, { minLength: 1, maxLength: 3 }).map((ps) => `/${ps.join("/")}`);
    const ops = fc.uniqueArray(fc.record({ path: template, method: fc.constantFrom("get", "post") }), {
      minLength: 1,
      maxLength: 6,
      selector: (o) => `${o.method} ${o.path}`,
    });
    const request = fc.array(fc.constantFrom("a", "b", "c", "ab", "a%62", ""), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(ops, request, fc.constantFrom("GET", "POST", "PUT"), (list, parts, m) => {
        const resources = list.map((o, i) => ({ ...o, id: `op${i}`, responses: [] })) as unknown as IHttpOperation[];
        const p = `/${parts.join("/")}`;
        const ours = createRouter(resources)(m, p);
        const prism = prismRoute({ resources, input: { method: m.toLowerCase(), url: { path: p } } });
        const expected =
          prism._tag === "Right" ? prism.right.id : prism.left.name.includes("NO_PATH") ? "no-path" : "no-method";
        expect(ours.kind === "operation" ? ours.operation.id : ours.kind, `${m} ${p} in ${JSON.stringify(list)}`).toBe(
          expected,
        );
      }),
      { numRuns: 3000, seed: 7 },
    );
  });

  test("every operation of the document, by its own template filled", () => {
    for (const o of operations) {
      const p = o.path.replace(/\{[^}]+\}/g, "x1");
      expect(ourVerdict(o.method, p)).toBe(o.id);
    }
  });

  test("a path without the method lists the methods the path has", () => {
    const hedge = operations.find((o) => o.path === "/v1/portfolios/{portfolio_id}/conversions/hedge")!;
    expect(route("DELETE", hedge.path.replace("{portfolio_id}", "p1"))).toEqual({
      kind: "no-method",
      allow: "GET, POST",
    });
  });
});
