// Mutation classes of the negative suite, derived from the document: each applies to every operation
// whose parameters or request body it fits, and yields requests the mock must refuse with a 4xx.
import { operations, type OperationCase } from "../fixtures/operations.ts";
import { deref, listOperations, METHODS, type DocOperation, type Json } from "../helpers/document.ts";
import { wireOf, type Wire } from "./support.ts";

export interface Mutant {
  mutation: string;
  operationId: string;
  label: string;
  wire: Wire;
  /** Applied after credentials are added (for mutations of the credentials themselves). */
  afterAuth?: (w: Wire) => Wire;
}

type Node = { schema: Json; value: unknown; at: Array<string | number> };
type Param = { name: string; in: string; required?: boolean; schema: Json };
interface Ctx {
  c: OperationCase;
  found: DocOperation;
  params: Param[];
  jsonSchema: Json | undefined;
  nodes: Node[];
  base: Wire;
}
type Mutation = (ctx: Ctx) => Array<Omit<Mutant, "mutation" | "operationId">>;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

function nodesOf(doc: Json, schema: Json, value: unknown, at: Array<string | number> = []): Node[] {
  const s = deref(doc, schema);
  if (!s || typeof s !== "object") return [];
  const out: Node[] = [{ schema: s, value, at }];
  if (isObject(value) && s.properties) {
    for (const [k, v] of Object.entries(value))
      if (s.properties[k]) out.push(...nodesOf(doc, s.properties[k], v, [...at, k]));
  }
  if (Array.isArray(value) && s.items)
    for (const [i, v] of value.entries()) out.push(...nodesOf(doc, s.items, v, [...at, i]));
  return out;
}

function setAt(value: unknown, at: Array<string | number>, next: unknown, remove = false): unknown {
  if (at.length === 0) return next;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let cur = copy;
  for (const k of at.slice(0, -1)) cur = cur[k] as Record<string | number, unknown>;
  const last = at.at(-1)!;
  if (remove) delete cur[last];
  else cur[last] = next;
  return copy;
}

const withJson = (ctx: Ctx, json: unknown): Wire => ({
  ...ctx.base,
  body: JSON.stringify(json),
  headers: { ...ctx.base.headers, "Content-Type": "application/json" },
});
const where = (at: Array<string | number>) => (at.length ? at.join(".") : "the body");

function withQuery(w: Wire, name: string, value: string | undefined): Wire {
  const q = new URLSearchParams(w.query ?? "");
  if (value === undefined) q.delete(name);
  else q.set(name, value);
  // rfi_status style form/explode=false: keep commas readable.
  return { ...w, query: q.toString().replace(/%2C/g, ",") };
}

function withParam(w: Wire, p: Param, value: string | undefined): Wire {
  if (p.in === "query") return withQuery(w, p.name, value);
  const headers = Object.fromEntries(
    Object.entries(w.headers).filter(([k]) => k.toLowerCase() !== p.name.toLowerCase()),
  );
  return { ...w, headers: value === undefined ? headers : { ...headers, [p.name]: value } };
}

const schemaType = (s: Json): string | undefined =>
  Array.isArray(s.type) ? s.type.find((t: string) => t !== "null") : s.type;
const wrongValue: Record<string, unknown> = {
  string: 12345,
  object: "text",
  array: { not: "an array" },
  integer: "text",
  number: "text",
  boolean: "text",
};

/** A format mutation on parameters and body properties alike. */
function badFormat(format: string, bad: string): Mutation {
  return (ctx) => [
    ...ctx.params
      .filter((p) => p.in !== "path" && deref(ctxDoc, p.schema)?.format === format)
      .map((p) => ({ label: `${p.in} ${p.name}=${JSON.stringify(bad)}`, wire: withParam(ctx.base, p, bad) })),
    ...ctx.nodes
      .filter((n) => n.schema.format === format && n.at.length > 0)
      .map((n) => ({
        label: `${where(n.at)}=${JSON.stringify(bad)}`,
        wire: withJson(ctx, setAt(ctx.c.json, n.at, bad)),
      })),
  ];
}

let ctxDoc: Json;

export const MUTATIONS: Record<string, Mutation> = {
  "missing required field": (ctx) => {
    const n = ctx.nodes.find(
      (n) => isObject(n.value) && (n.schema.required ?? []).some((k: string) => k in (n.value as object)),
    );
    if (!n) return [];
    const key = (n.schema.required as string[]).find((k) => k in (n.value as object))!;
    return [
      {
        label: `without ${where([...n.at, key])}`,
        wire: withJson(ctx, setAt(ctx.c.json, [...n.at, key], undefined, true)),
      },
    ];
  },
  "wrong type": (ctx) => {
    const n =
      ctx.nodes.find((n) => n.at.length > 0 && schemaType(n.schema) && n.value !== undefined) ??
      ctx.nodes.find((n) => schemaType(n.schema));
    if (!n) return [];
    const bad = wrongValue[schemaType(n.schema)!];
    return [{ label: `${where(n.at)} as ${JSON.stringify(bad)}`, wire: withJson(ctx, setAt(ctx.c.json, n.at, bad)) }];
  },
  null: (ctx) => {
    const nullable = (s: Json) => Array.isArray(s.type) && s.type.includes("null");
    const n =
      ctx.nodes.find((n) => n.at.length > 0 && schemaType(n.schema) && !nullable(n.schema)) ??
      ctx.nodes.find((n) => schemaType(n.schema) && !nullable(n.schema));
    return n ? [{ label: `${where(n.at)} null`, wire: withJson(ctx, setAt(ctx.c.json, n.at, null)) }] : [];
  },
  // A forbidden property: the schema `false` or `{not: {}}` under properties, or a name banned by
  // `propertyNames: {not: {const: name}}` (how the document writes it, so generators add no field for it).
  "forbidden property": (ctx) =>
    ctx.nodes.flatMap((n) => {
      if (!isObject(n.value)) return [];
      const banned =
        typeof n.schema.propertyNames?.not?.const === "string" ? [n.schema.propertyNames.not.const as string] : [];
      const nothing = Object.entries<Json>(n.schema.properties ?? {})
        .filter(([, s]) => s === false || (isObject(s) && isObject(s.not) && Object.keys(s.not).length === 0))
        .map(([k]) => k);
      return [...nothing, ...banned].map((k) => ({
        label: `${where([...n.at, k])} sent`,
        wire: withJson(ctx, setAt(ctx.c.json, [...n.at, k], "req-1")),
      }));
    }),
  "bad enum": (ctx) =>
    ctx.params
      .filter((p) => p.in !== "path")
      .filter((p) => {
        const s = deref(ctxDoc, p.schema);
        return s?.enum || deref(ctxDoc, s?.items)?.enum;
      })
      .map((p) => ({ label: `${p.in} ${p.name}=NOT_A_VALUE`, wire: withParam(ctx.base, p, "NOT_A_VALUE") })),
  "bad format: UUID": badFormat("uuid", "not-a-uuid"),
  "bad format: date-time": badFormat("date-time", "yesterday"),
  "bad format: URI": badFormat("uri", "not a uri"),
  "bad pattern": (ctx) => [
    ...ctx.params
      .filter((p) => p.in !== "path" && deref(ctxDoc, p.schema)?.pattern)
      .map((p) => ({ label: `${p.in} ${p.name}="inline"`, wire: withParam(ctx.base, p, "inline") })),
    ...ctx.nodes
      .filter((n) => n.schema.pattern && n.at.length > 0)
      .map((n) => ({ label: `${where(n.at)}="!!"`, wire: withJson(ctx, setAt(ctx.c.json, n.at, "!!")) })),
  ],
  "out-of-range page/size": (ctx) =>
    ctx.params
      .filter((p) => p.in === "query" && deref(ctxDoc, p.schema)?.type === "integer")
      .flatMap((p) => {
        const s = deref(ctxDoc, p.schema);
        const out = [];
        if (typeof s.minimum === "number")
          out.push({ label: `${p.name}=${s.minimum - 1}`, wire: withParam(ctx.base, p, String(s.minimum - 1)) });
        if (typeof s.maximum === "number")
          out.push({ label: `${p.name}=${s.maximum + 1}`, wire: withParam(ctx.base, p, String(s.maximum + 1)) });
        return out;
      }),
  "wrong type of a query parameter": (ctx) =>
    ctx.params
      .filter((p) => p.in === "query" && ["integer", "boolean"].includes(deref(ctxDoc, p.schema)?.type))
      .map((p) => ({ label: `${p.name}=maybe`, wire: withParam(ctx.base, p, "maybe") })),
  "missing required query parameter": (ctx) =>
    ctx.params
      .filter((p) => p.in === "query" && p.required)
      .map((p) => ({ label: `without ${p.name}`, wire: withParam(ctx.base, p, undefined) })),
  "missing Idempotency-Key": (ctx) =>
    ctx.params
      .filter((p) => p.in === "header" && p.required && p.name === "Idempotency-Key")
      .map((p) => ({ label: "without Idempotency-Key", wire: withParam(ctx.base, p, undefined) })),
  "missing required header": (ctx) =>
    ctx.params
      .filter((p) => p.in === "header" && p.required && p.name !== "Idempotency-Key")
      .map((p) => ({ label: `without ${p.name}`, wire: withParam(ctx.base, p, undefined) })),
  "missing required body": (ctx) => {
    if (!ctx.found.op.requestBody || !deref(ctxDoc, ctx.found.op.requestBody).required) return [];
    const { "Content-Type": _, ...headers } = ctx.base.headers;
    return [{ label: "no body", wire: { ...ctx.base, headers, body: undefined } }];
  },
  "malformed JSON": (ctx) =>
    ctx.jsonSchema
      ? [
          {
            label: "cut-off JSON",
            wire: {
              ...ctx.base,
              body: '{"unterminated": ',
              headers: { ...ctx.base.headers, "Content-Type": "application/json" },
            },
          },
        ]
      : [],
  "wrong content type": (ctx) => {
    const content = deref(ctxDoc, ctx.found.op.requestBody)?.content;
    if (!content || "*/*" in content || "text/plain" in content) return [];
    return [
      {
        label: "text/plain body",
        wire: { ...ctx.base, body: "hello", headers: { ...ctx.base.headers, "Content-Type": "text/plain" } },
      },
    ];
  },
  "missing auth": (ctx) => [{ label: "no Authorization", wire: ctx.base, afterAuth: stripAuth }],
  "wrong auth scheme": (ctx) => [
    {
      label: "Authorization: Basic",
      wire: ctx.base,
      afterAuth: (w) => ({
        ...stripAuth(w),
        headers: { ...stripAuth(w).headers, Authorization: "Basic dXNlcjpwYXNz" },
      }),
    },
  ],
  "wrong method": (ctx) => {
    const defined = new Set(METHODS.filter((m) => ctxDoc.paths[ctx.found.path][m]).map((m) => m.toUpperCase()));
    const method = ["DELETE", "PATCH", "PUT", "POST", "GET"].find((m) => !defined.has(m))!;
    return [{ label: method, wire: { ...ctx.base, method } }];
  },
  "unknown path": (ctx) => [
    { label: "/no-such-resource prefix", wire: { ...ctx.base, path: `/no-such-resource${ctx.base.path}` } },
  ],
};

function stripAuth(w: Wire): Wire {
  const headers = Object.fromEntries(
    Object.entries(w.headers).filter(([k]) => !["authorization", "x-svc-date"].includes(k.toLowerCase())),
  );
  return { ...w, headers };
}

/** Every mutation applied to every operation it fits. */
export function mutants(doc: Json): Mutant[] {
  ctxDoc = doc;
  const out: Mutant[] = [];
  for (const found of listOperations(doc)) {
    const c = operations.find((o) => o.operationId === found.operationId);
    if (!c) throw new Error(`No fixture request for ${found.operationId}`);
    const params = [...(doc.paths[found.path].parameters ?? []), ...(found.op.parameters ?? [])].map((p: Json) =>
      deref(doc, p),
    ) as Param[];
    const jsonSchema = deref(doc, found.op.requestBody)?.content?.["application/json"]?.schema;
    const ctx: Ctx = {
      c,
      found,
      params,
      jsonSchema,
      nodes: jsonSchema && c.json !== undefined ? nodesOf(doc, jsonSchema, c.json) : [],
      base: wireOf(c),
    };
    for (const [mutation, make] of Object.entries(MUTATIONS)) {
      for (const m of make(ctx)) out.push({ mutation, operationId: c.operationId, ...m });
    }
  }
  return out;
}
