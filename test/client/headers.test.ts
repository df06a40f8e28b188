// The call's header merge (src/client/headers.ts) is openapi-fetch 0.17's: checked against a plain
// openapi-fetch client on random layers of headers, plus the one difference the client keeps on purpose.
import fc from "fast-check";
import createOpenapiFetch, { type HeadersOptions } from "openapi-fetch";
import { describe, expect, test } from "vitest";
import { mergeHeaders } from "../../src/client/headers.ts";
import { createClient } from "../../src/index.ts";

const entries = (h: Headers) => {
  const list: [string, string][] = [];
  h.forEach((value, name) => {
    list.push([name, value]);
  });
  return list;
};

// Headers the client adds on its own (bearer or signature, timestamp, idempotency key): not part of the merge.
const ADDED = new Set(["authorization", "x-svc-date", "idempotency-key"]);
const merged = (h: Headers) => entries(h).filter(([name]) => !ADDED.has(name));

const name = fc.constantFrom("X-A", "x-a", "X-B", "x-b", "Accept", "ACCEPT", "X-Trace-Id");
const scalar = fc.oneof(fc.stringMatching(/^[a-z0-9/;=.-]{1,8}$/), fc.integer({ min: 0, max: 999 }), fc.boolean());
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.constant(null), fc.constant(undefined));
const record = fc.array(fc.tuple(name, value), { maxLength: 6 }).map((pairs) => {
  // Case variants are kept as separate keys, in order, as a caller may write them.
  const out: Record<string, unknown> = {};
  for (const [k, v] of pairs) out[k] = v;
  return out;
});
// A Headers object as a layer: built from a record's plain values.
const headersObject = fc
  .array(fc.tuple(name, scalar), { maxLength: 4 })
  .map((pairs) => new Headers(pairs.map(([k, v]): [string, string] => [k, String(v)])));
const layer = fc.option(fc.oneof(record, headersObject), { nil: undefined }) as fc.Arbitrary<
  HeadersOptions | undefined
>;

/** What a plain openapi-fetch client and this client send for the same three layers. */
async function bothSend(defaults: HeadersOptions | undefined, call: HeadersOptions | undefined, param: unknown) {
  let theirs = new Headers();
  const reference = createOpenapiFetch({
    baseUrl: "https://svc.example",
    headers: defaults,
    fetch: async (request: Request) => {
      theirs = request.headers;
      return new Response("{}");
    },
  });
  await reference.GET("/all_deposit_instructions" as never, { headers: call, params: { header: param } } as never);
  let ours = new Headers();
  const client = createClient({
    baseUrl: "https://svc.example",
    credentials: { bearerToken: "t" },
    headers: defaults,
    retry: false,
    timeout: false,
    fetch: async (_url, init) => {
      ours = init.headers as Headers;
      return new Response("{}");
    },
  });
  await client.GET("/all_deposit_instructions", { headers: call, params: { header: param } } as never);
  return { theirs: merged(theirs), ours: merged(ours) };
}

describe("against openapi-fetch", () => {
  test("random layers merge to the same headers", async () => {
    await fc.assert(
      fc.asyncProperty(layer, layer, layer, async (defaults, call, param) => {
        const { theirs, ours } = await bothSend(defaults, call, param);
        expect(ours).toEqual(theirs);
      }),
      { numRuns: 300 },
    );
  });

  test("an array appends to an earlier value", async () => {
    const { theirs, ours } = await bothSend({ "X-A": "a" }, { "X-A": ["b", "c"] }, undefined);
    expect(ours).toEqual([["x-a", "a, b, c"]]);
    expect(ours).toEqual(theirs);
  });
});

describe("mergeHeaders", () => {
  test("a later value replaces", () => {
    expect(entries(mergeHeaders({ "X-A": "client" }, { "x-a": "call" }))).toEqual([["x-a", "call"]]);
  });

  test("null removes, undefined keeps", () => {
    const h = mergeHeaders({ "X-B": "client", "X-C": "client" }, { "X-B": null, "X-C": undefined });
    expect(entries(h)).toEqual([["x-c", "client"]]);
  });

  test("an empty array keeps the header", () => {
    expect(entries(mergeHeaders({ Accept: "text/plain" }, { Accept: [] }))).toEqual([["accept", "text/plain"]]);
  });

  test("numbers and booleans become text", () => {
    expect(entries(mergeHeaders({ "X-N": 3, "X-T": [true, 0] }))).toEqual([
      ["x-n", "3"],
      ["x-t", "true, 0"],
    ]);
  });

  test("a Headers object replaces per name", () => {
    const h = mergeHeaders({ "X-A": "record", "X-B": "kept" }, new Headers({ "X-A": "headers" }));
    expect(entries(h)).toEqual([
      ["x-a", "headers"],
      ["x-b", "kept"],
    ]);
  });

  // openapi-fetch reads such a list as an object and sends headers named "0", "1"; this is the difference
  // that docs/client.md states.
  test("[name, value] pairs are read as fetch reads them", () => {
    const h = mergeHeaders({ "X-A": "record" }, [
      ["X-A", "list"],
      ["X-B", "one"],
      ["X-B", "two"],
    ]);
    expect(entries(h)).toEqual([
      ["x-a", "list"],
      ["x-b", "one, two"],
    ]);
  });

  test("openapi-fetch sends pairs as headers 0, 1", async () => {
    let sent = new Headers();
    const reference = createOpenapiFetch({
      baseUrl: "https://svc.example",
      fetch: async (request: Request) => {
        sent = request.headers;
        return new Response("{}");
      },
    });
    await reference.GET("/x" as never, { headers: [["X-A", "list"]] } as never);
    expect(entries(sent)).toEqual([["0", "X-A, list"]]);
  });

  test("a missing layer is skipped", () => {
    expect(entries(mergeHeaders(undefined, { "X-A": "a" }, undefined))).toEqual([["x-a", "a"]]);
  });
});
