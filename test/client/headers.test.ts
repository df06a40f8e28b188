// The call's header merge (src/client/headers.ts): openapi-fetch's rules, which the client kept when it
// stopped importing openapi-fetch's own merge.
import { describe, expect, test } from "vitest";
import { mergeHeaders } from "../../src/client/headers.ts";

const entries = (h: Headers) => {
  const list: [string, string][] = [];
  h.forEach((value, name) => list.push([name, value]));
  return list;
};

describe("mergeHeaders", () => {
  test("a later set replaces a header, null removes it, undefined leaves it", () => {
    const h = mergeHeaders(
      { "X-A": "client", "X-B": "client", "X-C": "client" },
      { "x-a": "call", "X-B": null, "X-C": undefined },
    );
    expect(entries(h)).toEqual([
      ["x-a", "call"],
      ["x-c", "client"],
    ]);
  });

  test("an array gives a header several values, in place of the earlier one; numbers and booleans become text", () => {
    const h = mergeHeaders(
      { Accept: "text/plain" },
      { Accept: ["application/json", "text/csv"], "X-N": 3, "X-T": true },
    );
    expect(h.get("accept")).toBe("application/json, text/csv");
    expect([h.get("x-n"), h.get("x-t")]).toEqual(["3", "true"]);
  });

  test("Headers objects and [name, value] lists are taken as fetch takes them; a missing set is skipped", () => {
    const h = mergeHeaders(undefined, new Headers({ "X-A": "headers" }), [["X-B", "list"]], { "X-A": "record" });
    expect(entries(h)).toEqual([
      ["x-a", "record"],
      ["x-b", "list"],
    ]);
  });
});
