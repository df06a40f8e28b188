// What the drift report reads itself, beside Redocly (src/mock/drift/exchanges.ts and gaps.ts), on a small document of
// its own: a status the operation does not list (an error, a warning for a 5xx), the exact status answered under `2XX`,
// a member an open schema does not name (a warning, or information where a gap waits for it), a value, form or type a
// gap waits for, a response's own gap (its code, a header it carries), a parameter's gap, and what is never shown:
// values of masked members, values already named, a member a closed schema refuses (Redocly's to report).
import { describe, expect, test } from "vitest";
import { documentOf, type Node } from "../../src/mock/drift/document.ts";
import { readExchange } from "../../src/mock/drift/exchanges.ts";
import { createFindings } from "../../src/mock/drift/findings.ts";
import { describe as describeValue, isEnumLike } from "../../src/mock/drift/gaps.ts";
import type { Exchange } from "../../src/mock/drift/har.ts";

const json = (schema: unknown) => ({ content: { "application/json": { schema } } });
const document: Node = {
  openapi: "3.1.0",
  info: { title: "Fixture", version: "1" },
  paths: {
    "/things/{kind}": {
      parameters: [
        {
          name: "kind",
          in: "path",
          required: true,
          schema: { type: "string", examples: ["BOX"], "x-not-shown": "Kinds." },
        },
      ],
      get: {
        operationId: "getThing",
        "x-not-shown": "Exact success status.",
        responses: {
          "2XX": json({ $ref: "#/components/schemas/Thing" }),
          "429": { $ref: "#/components/responses/Limited" },
        },
      },
      post: {
        operationId: "makeThing",
        requestBody: json({ type: "object", properties: { size: { type: "integer" } }, additionalProperties: false }),
        responses: { "201": json({ type: "object", properties: { id: { type: "string" } } }) },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: "object",
        properties: {
          status: { $ref: "#/components/schemas/Status" },
          made_at: { "x-not-shown": "Form of the time." },
          owner: { type: "object", properties: { id: { type: "string" } } },
          code: { type: "string", examples: ["00000001"], "x-not-shown": "Other codes." },
          parts: { type: "array", items: { type: "object", properties: { n: { type: "integer" } } } },
        },
        "x-not-shown": "Members beyond those listed.",
      },
      Status: { type: "string", examples: ["NEW"], "x-not-shown": "Other statuses." },
    },
    responses: {
      Limited: {
        "x-not-shown": "The code of this answer and whether Retry-After is sent.",
        headers: { "Retry-After": { schema: { type: "integer" } } },
        ...json({
          type: "object",
          properties: { code: { type: "string", examples: ["LIMIT"] }, detail: { type: "string" } },
        }),
      },
    },
  },
};
const doc = documentOf(document, [
  { method: "get", path: "/things/{kind}", iid: "getThing" },
  { method: "post", path: "/things/{kind}", iid: "makeThing" },
]);

let index = 0;
const exchange = (e: Partial<Exchange> & Pick<Exchange, "method" | "path" | "status">): Exchange => ({
  index: index++,
  query: [],
  requestHeaders: [],
  answerHeaders: [],
  answerType: "application/json",
  ...e,
});

/** Each finding as [severity, kind, operation, where, message, exchanges, gap]. */
function read(...exchanges: Exchange[]) {
  const findings = createFindings();
  for (const e of exchanges) readExchange(doc, e, findings.add);
  return findings
    .list()
    .map((f) => [f.severity, f.kind, f.operation, `${f.in} ${f.at}`, f.message, f.exchanges, f.gap]);
}

const thing = (body: unknown, status = 200, kind = "BOX") =>
  exchange({ method: "GET", path: `/things/${kind}`, status, answerText: JSON.stringify(body) });

describe("statuses", () => {
  test("a status the operation does not list is an error; a 5xx (a gateway's) a warning; each counted per exchange", () => {
    expect(
      read(
        exchange({ method: "POST", path: "/things/BOX", status: 422, answerText: "{}" }),
        exchange({ method: "POST", path: "/things/BOX", status: 422, answerText: "{}" }),
        exchange({ method: "POST", path: "/things/BOX", status: 503, answerType: "text/html" }),
      ),
    ).toEqual([
      [
        "error",
        "undocumented-status",
        "makeThing",
        "answer status",
        "answered 422 (application/json), which the operation does not list (it lists 201)",
        2,
        undefined,
      ],
      [
        "warning",
        "undocumented-status",
        "makeThing",
        "answer status",
        "answered 503 (text/html), which the operation does not list (it lists 201)",
        1,
        undefined,
      ],
    ]);
  });

  test("a status answered under a range key shows what the operation's gap waits for: each status, counted", () => {
    expect(read(thing({}), thing({}), thing({}, 204))).toEqual([
      [
        "info",
        "gap",
        "getThing",
        "answer status",
        "shows 200 (documented as 2XX) (2 exchanges), 204 (documented as 2XX) (1)",
        3,
        "Exact success status.",
      ],
    ]);
  });
});

describe("members and values", () => {
  test("a member an open schema without a gap does not name is a warning; one a closed schema refuses is Redocly's", () => {
    const made = (body: unknown, answer: unknown) =>
      exchange({
        method: "POST",
        path: "/things/BOX",
        status: 201,
        requestType: "application/json",
        requestText: JSON.stringify(body),
        answerText: JSON.stringify(answer),
      });
    expect(read(made({ size: 1, colour: "red" }, { id: "1", shelf: 4 }))).toEqual([
      [
        "warning",
        "unnamed-property",
        "makeThing",
        "answer body /shelf",
        "a member the schema allows but does not name: integer",
        1,
        undefined,
      ],
    ]);
  });

  test("where a gap waits: unnamed members, new values of a named status, the form of an untyped time", () => {
    const rows = read(
      thing({ status: "NEW", made_at: "2026-12-01T10:00:00Z", risk: { score: 3 } }),
      thing({ status: "CLOSED", made_at: 1764583200, risk: { score: 4 } }),
      thing({ status: "CLOSED" }),
    );
    expect(rows).toEqual([
      [
        "info",
        "gap",
        "getThing",
        "answer body /made_at",
        "shows integer (1 exchange), string (date-time) (1)",
        2,
        "Form of the time.",
      ],
      [
        "info",
        "gap",
        "getThing",
        "answer body /risk",
        "a member the reference does not show: object (members score)",
        2,
        "Members beyond those listed.",
      ],
      ["info", "gap", "getThing", "answer body /status", 'shows value "CLOSED"', 2, "Other statuses."],
      ["info", "gap", "getThing", "answer status", "shows 200 (documented as 2XX)", 3, "Exact success status."],
    ]);
  });

  test("a code of digits is shown where the schema offers codes, never as an unnamed member's value", () => {
    const rows = read(thing({ code: "00000009", amount: "250" }));
    expect(rows).toContainEqual([
      "info",
      "gap",
      "getThing",
      "answer body /code",
      'shows value "00000009"',
      1,
      "Other codes.",
    ]);
    expect(rows).toContainEqual([
      "info",
      "gap",
      "getThing",
      "answer body /amount",
      "a member the reference does not show: string (decimal number)",
      1,
      "Members beyond those listed.",
    ]);
  });

  test("no value of a masked member is shown, however enum-like; the placeholder's type is", () => {
    const rows = read(thing({ owner: { id: "x", account_number: "ABC", holderName: "JANE" } }));
    const shown = rows.map((r) => r[4]).join("\n");
    expect(shown).not.toMatch(/ABC|JANE/);
    // The named owner has no gap of its own: its unnamed members are Redocly's silence and this report's warning.
    expect(rows).toContainEqual([
      "warning",
      "unnamed-property",
      "getThing",
      "answer body /owner/holderName",
      "a member the schema allows but does not name: string",
      1,
      undefined,
    ]);
  });

  test("the items of a list are one place, `*`, counted once per exchange", () => {
    const rows = read(
      thing({
        parts: [
          { n: 1, x: true },
          { n: 2, x: false },
        ],
      }),
    );
    expect(rows).toContainEqual([
      "warning",
      "unnamed-property",
      "getThing",
      "answer body /parts/*/x",
      "a member the schema allows but does not name: boolean",
      1,
      undefined,
    ]);
  });
});

describe("a response's own gap, and a parameter's", () => {
  test("the answer's code where the schema offers codes, and a header the document declares, under the response's gap", () => {
    const limited = exchange({
      method: "GET",
      path: "/things/BOX",
      status: 429,
      answerHeaders: [
        { name: "Retry-After", value: "3" },
        { name: "X-Other", value: "1" },
      ],
      answerText: JSON.stringify({ code: "SLOW_DOWN", detail: "WAIT" }),
    });
    expect(read(limited)).toEqual([
      [
        "info",
        "gap",
        "getThing",
        "answer body /code",
        'shows value "SLOW_DOWN"',
        1,
        "The code of this answer and whether Retry-After is sent.",
      ],
      [
        "info",
        "gap",
        "getThing",
        "answer header Retry-After",
        "shows the header",
        1,
        "The code of this answer and whether Retry-After is sent.",
      ],
    ]);
  });

  test("a path parameter's gap shows new values only", () => {
    expect(read(thing({}, 200, "CRATE"), thing({}, 200, "BOX")).filter((r) => r[3] === "request path kind")).toEqual([
      ["info", "gap", "getThing", "request path kind", 'shows value "CRATE"', 1, "Kinds."],
    ]);
  });

  test("a request no operation matches is left to Redocly (its undocumented endpoint)", () => {
    expect(read(exchange({ method: "GET", path: "/elsewhere", status: 200, answerText: "{}" }))).toEqual([]);
  });
});

describe("words", () => {
  test.each([
    ["COMPLETED", true],
    ["US_ACH", true],
    ["conversion.completed", true],
    ["00000006", false],
    ["3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69", false],
    ["Jane Public", false],
    ["a".repeat(41), false],
  ])("%s is enum-like: %s", (value, expected) => {
    expect(isEnumLike(value)).toBe(expected);
  });

  test.each([
    ["USD", false, 'string "USD"'],
    ["USD", true, "string"],
    ["2026-12-01", false, "string (date)"],
    ["https://example.org/x", false, "string (uri)"],
    [12.5, false, "number"],
    [null, false, "null"],
    [[1], false, "array"],
    [{}, false, "object (empty)"],
  ])("%j (masked: %s) is described as %s", (value, masked, words) => {
    expect(describeValue(value, masked)).toBe(words);
  });
});
