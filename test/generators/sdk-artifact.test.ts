// generated/openapi.sdk.json says nothing generated/openapi.json does not: every node where the two
// differ is marked x-sdk-artifact (saying what differs and why), and the marks are exactly the changes
// scripts/sdk-artifact.mjs makes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
// @ts-expect-error -- plain ESM script without type declarations
import { changes, SDK_MARK } from "../../scripts/sdk-artifact.mjs";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string): Json => JSON.parse(readFileSync(path.join(root, file), "utf8"));
const faithful = read("generated/openapi.json");
const sdk = read("generated/openapi.sdk.json");
const isObject = (v: unknown): v is Record<string, Json> => v !== null && typeof v === "object";

/** Paths (from the root) where two JSON values differ, stopping at the first differing node. */
function differences(a: Json, b: Json, at: (string | number)[] = []): (string | number)[][] {
  if (!isObject(a) || !isObject(b) || Array.isArray(a) !== Array.isArray(b)) return Object.is(a, b) ? [] : [at];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].flatMap((k) => (k in a && k in b ? differences(a[k], b[k], [...at, k]) : [[...at, k]]));
}

/** Every node of the SDK artifact that carries the mark, but the root's own. */
function marks(node: Json, at: (string | number)[] = []): (string | number)[][] {
  if (!isObject(node)) return [];
  const own = at.length > 0 && SDK_MARK in node ? [at] : [];
  return [...own, ...Object.entries(node).flatMap(([k, v]) => marks(v, [...at, k]))];
}

const nodeAt = (doc: Json, at: (string | number)[]) => at.reduce((n: Json, k) => n?.[k], doc);

describe("the SDK artifact", () => {
  test("says at its root what it is and which file is the faithful one", () => {
    expect(sdk[SDK_MARK]).toMatch(/openapi\.json is the faithful description/);
  });

  test("differs from the faithful bundle only under a node marked x-sdk-artifact", () => {
    const marked = marks(sdk).map((m) => m.join("/"));
    const unmarked = differences(faithful, sdk)
      .filter((d) => !(d.length === 1 && (d[0] === "x-generated" || d[0] === SDK_MARK)))
      .filter((d) => !marked.some((m) => d.join("/") === m || d.join("/").startsWith(`${m}/`)))
      .map((d) => d.join("/"));
    expect(unmarked).toEqual([]);
  });

  test("carries one mark per change of scripts/sdk-artifact.mjs, each saying what differs and why", () => {
    const found = marks(sdk).map((at) => nodeAt(sdk, at)[SDK_MARK]);
    expect(found.sort()).toEqual(changes.map((c: { why: string }) => c.why).sort());
    for (const why of found) expect(why.length).toBeGreaterThan(80);
  });

  test("the check can fail: an unmarked change is found", () => {
    const changed = structuredClone(sdk);
    changed.paths["/v1/customers/{customer_id}/rfi-cases"].get.responses["200"] = changed.paths["/v1/customers/{customer_id}/rfi-cases"].get.responses["2XX"];
    expect(differences(faithful, changed).map((d) => d.join("/"))).toContain("paths//v1/customers/{customer_id}/rfi-cases/get/responses/200");
  });

  test("keeps the faithful 2XX success statuses (generators type them; a made-up exact status would be a new fact)", () => {
    const ranged = (doc: Json) => Object.values(doc.paths).flatMap((item: Json) => Object.values(item).filter((op: Json) => isObject(op?.responses) && "2XX" in op.responses));
    expect(ranged(sdk).length).toBe(ranged(faithful).length);
    expect(ranged(sdk).length).toBeGreaterThan(10);
  });
});
