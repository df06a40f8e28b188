// The signer's side of the one reading (issue 23): signRequest, the client and fo-sign refuse a path that
// would not reach the server as signed, with the same rules as the mock (src/signing/canonicalPath.ts).
// Generated paths: whatever the module accepts, every reader reads as written (the WHATWG URL parser of
// fetch and Prism, Prism's per-segment decoding, openapi-backend's trailing-slash rule); whatever it
// refuses, all three signers refuse before anything is sent.
import fc from "fast-check";
import { OpenAPIRouter } from "openapi-backend";
import { beforeEach, describe, expect, test } from "vitest";
import { run } from "../../src/cli/sign.ts";
import { createClient } from "../../src/index.ts";
import type { PathProblem } from "../../src/signing/canonicalPath.ts";
import { InvalidSigningInputError, signRequest } from "../../src/signing/index.ts";
import { fresh } from "./fresh.ts";

// The module under test, loaded anew for each test (fresh.ts); signRequest, the client and fo-sign keep their own copy.
let m: typeof import("../../src/signing/canonicalPath.ts");
beforeEach(async () => {
  m = await fresh(() => import("../../src/signing/canonicalPath.ts"));
});

/** The client's request method with a path the types would not take. */
type Loose = (method: string, path: string, init?: object) => Promise<unknown>;

const creds = { accessKey: "AK-canonical", secretKey: "ZXhhbXBsZS1zZWNyZXQta2V5LWJ5dGVzLTAxMjM0NTY" };
const time = new Date("2026-11-21T09:30:00Z");
const sign = (path: string) => signRequest({ ...creds, method: "GET", path, time });
const normalizePath = (p: string) =>
  (
    new OpenAPIRouter({
      definition: { openapi: "3.1.0", info: { title: "t", version: "1" }, paths: {} },
    }) as unknown as { normalizePath(p: string): string }
  ).normalizePath(p);

const piece = fc.constantFrom(
  "/",
  "/",
  "/",
  "\\",
  ".",
  "..",
  "%2e",
  "%2E",
  "%2F",
  "%2f",
  "%5c",
  "%41",
  "%7e",
  "%3A",
  "%25",
  "%C3%A9",
  "%E9",
  "%zz",
  "%",
  "a",
  "b",
  "c1",
  "-",
  "_",
  "~",
  "#",
  "?",
  " ",
  "é",
  "{",
  "}",
  "|",
  "^",
  "'",
  '"',
  "`",
  "<",
  ">",
  "\t",
  "@",
  ":",
  "!",
  "$",
  "&",
  "=",
  "+",
  ",",
  ";",
);
const paths = fc.array(piece, { maxLength: 12 }).map((parts) => `/${parts.join("")}`);

describe("canonical paths", () => {
  test("accepted paths read as written; refused ones are not signed", () => {
    fc.assert(
      fc.property(paths, (p) => {
        const problem = m.pathProblem(p);
        if (problem === undefined) {
          expect(new URL(p, "http://example.com").pathname).toBe(p);
          const segments = p === "/" ? [] : p.slice(1).split("/");
          for (const s of segments) {
            expect(s).not.toBe("");
            expect(decodeURIComponent(s)).not.toMatch(/[/\\]/);
          }
          expect(normalizePath(p)).toBe(p);
          expect(m.readTarget(`${p}?a=1`)).toEqual({ ok: true, path: p, query: "a=1" });
          expect(sign(p).stringToSign.split("\n")[3]).toBe(p);
        } else {
          expect(() => sign(p)).toThrow(InvalidSigningInputError);
          expect(() => sign(p)).toThrow(expect.objectContaining({ field: "path" }));
          // With a '?', the mock reads a query where the signer refuses one inside PATH.
          if (!p.includes("?")) expect(m.readTarget(p)).toMatchObject({ ok: false });
        }
      }),
      { seed: 23, numRuns: 3_000 },
    );
  });

  const REFUSED: Array<[string, string]> = [
    ["/v1/customers/c1/conversions\\hedge", "backslash"],
    ["/v1/customers/c1/conversions/hedge#x", "fragment"],
    ["/v1/portfolios/..\\customers\\c1\\rfi-cases#/conversions/quote", "fragment"],
    ["/v1/portfolios/../customers/c1/rfi-cases", "dot-segment"],
    ["/v1/customers/c1/./rfi-cases", "dot-segment"],
    ["/v1/customers/%2e%2e/rfi-cases", "dot-segment"],
    ["/v1/customers//rfi-cases", "empty-segment"],
    ["/v1/customers/c1/rfi-cases/", "empty-segment"],
    ["/deposit_instruction/dep%2F1", "encoded-character"],
    ["/v1/customers/c1/conversions/hedg%65", "encoded-character"],
    ["/v1/customers/caf\u00e9/rfi-cases", "not-canonical"],
    ["/v1/customers/a{b}/rfi-cases", "not-canonical"],
  ];

  test.each(REFUSED)("signRequest refuses %s (%s) with a message that says why", (p, problem) => {
    expect(m.pathProblem(p)).toBe(problem);
    expect(() => sign(p)).toThrow(m.PATH_PROBLEMS[problem as PathProblem]);
  });

  test("signRequest refuses a query inside PATH", () => {
    expect(() => sign("/v1/customers/c1/rfi-cases?page=2")).toThrow(/no query/);
  });

  // The client sends what fetch sends: a path it only percent-encodes (non-ASCII, braces) goes out encoded, as signed.
  test.each(REFUSED.filter(([, problem]) => problem !== "not-canonical"))(
    "the client refuses %s before sending",
    async (p) => {
      let sent = 0;
      const client = createClient({
        baseUrl: "https://svc.example",
        credentials: creds,
        portfolioToken: "pt",
        fetch: async () => {
          sent++;
          return new Response("{}", { status: 200 });
        },
      });
      await expect((client.request as unknown as Loose)("GET", p)).rejects.toThrow(/path/i);
      expect(sent).toBe(0);
    },
  );

  test.each(REFUSED.filter(([p]) => !p.includes("\u00e9")))("fo-sign refuses %s", (p) => {
    expect(() =>
      run(["GET", p, "--json"], { FO_ACCESS_KEY: creds.accessKey, FO_SECRET_KEY: creds.secretKey }),
    ).toThrow();
  });

  test("the client sends canonical paths", async () => {
    let url = "";
    const client = createClient({
      baseUrl: "https://svc.example/api",
      credentials: creds,
      fetch: async (u) => {
        url = u;
        return new Response("{}", { status: 200 });
      },
    });
    await (client.GET as unknown as (path: string, init: object) => Promise<unknown>)(
      "/v1/customers/{customer_id}/rfi-cases",
      {
        params: { path: { customer_id: "acme ltd é?#" }, query: { subject_id: "it's" } },
      },
    );
    expect(new URL(url).pathname).toBe("/api/v1/customers/acme%20ltd%20%C3%A9%3F%23/rfi-cases");
  });
});

describe("pathProblem", () => {
  test.each(["/", "/a|b", "/a[b]", "/%C3%A9", "/a%20b", "/a%3Ab", "/a%40b", "/a%5Bb", "/a'b", "/a.", "/.a", "/a..b"])(
    "accepts %s",
    (path) => {
      expect(m.pathProblem(path)).toBeUndefined();
    },
  );

  test.each([
    ["v1/x", "not-a-path"],
    ["", "not-a-path"],
    ["/a?b", "query-in-path"],
    ["/a#b", "fragment"],
    ["/a\\b", "backslash"],
    ["/a/./b", "dot-segment"],
    ["/a/%2E%2e", "dot-segment"],
    ["/a//b", "empty-segment"],
    ["/a%2fb", "encoded-character"],
    ["/a%7E", "encoded-character"],
    ["/a%E9", "malformed-percent-escape"],
    ["/a b", "not-canonical"],
    ["/a\u00e9", "not-canonical"],
  ])("refuses %j: %s", (path, problem) => {
    expect(m.pathProblem(path)).toBe(problem);
  });

  test("refuses what is not a string", () => {
    expect(m.pathProblem(7 as unknown as string)).toBe("not-a-path");
  });

  test.each([
    ["not-a-path", /path starting with '\/'/],
    ["fragment", /fragment/],
    ["query-in-path", /query/],
    ["backslash", /backslash/],
    ["dot-segment", /dot segment/],
    ["empty-segment", /empty segment/],
    ["encoded-character", /percent-encodes/],
    ["malformed-percent-escape", /'%'/],
    ["not-canonical", /not in the form a URL parser sends/],
  ] as const)("explains %s", (problem, words) => {
    expect(m.PATH_PROBLEMS[problem]).toMatch(words);
  });
});

describe("readTarget", () => {
  test("finds the absolute form only at the start", () => {
    expect(m.readTarget("abhttp://h/p")).toEqual({ ok: false, problem: "not-a-path", path: "abhttp://h/p" });
  });
});
