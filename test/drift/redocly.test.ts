// Redocly's problems as the report counts them (src/mock/drift/redocly.ts), from `redocly drift --format json` output
// written here by hand: each at its place (a header, a parameter, a body pointer with items as `*`, the path), the same
// problem at another item or another customer's path counted as one, and X-SVC-Date (an apiKey scheme's header, which
// Redocly 2.77 calls undocumented) left out.
import { describe, expect, test } from "vitest";
import { documentOf } from "../../src/mock/drift/document.ts";
import { createFindings } from "../../src/mock/drift/findings.ts";
import { addRedoclyProblems, type RedoclyProblem } from "../../src/mock/drift/redocly.ts";

const doc = documentOf(
  {
    info: { title: "Fixture", version: "1" },
    paths: { "/v1/customers/{customer_id}/cases": {}, "/v1/customers/{customer_id}/cases/{case_id}": {} },
    components: {
      securitySchemes: {
        Signature: { type: "apiKey", in: "header", name: "Authorization" },
        Date: { type: "apiKey", in: "header", name: "X-SVC-Date" },
      },
    },
  },
  [
    { method: "get", path: "/v1/customers/{customer_id}/cases", iid: "listCases" },
    { method: "get", path: "/v1/customers/{customer_id}/cases/{case_id}", iid: "getCase" },
  ],
);

const problem = (p: Partial<RedoclyProblem>): RedoclyProblem => ({
  ruleId: "schema-consistency",
  severity: "error",
  message: "",
  operationId: "listCases",
  target: "request",
  ...p,
});

function places(problems: RedoclyProblem[]) {
  const findings = createFindings();
  addRedoclyProblems(problems, doc, findings);
  return findings.list().map((f) => [f.severity, f.kind, f.operation, `${f.in} ${f.at}`, f.message, f.exchanges]);
}

describe("Redocly's problems, placed and counted", () => {
  test("headers and parameters by name; X-SVC-Date, a documented credential header, left out", () => {
    expect(
      places([
        problem({ severity: "info", message: 'Undocumented header in traffic: "x-svc-date"' }),
        problem({ severity: "info", message: 'Undocumented header in traffic: "x-trace"', occurrences: 3 }),
        problem({ severity: "warning", message: 'Undocumented query parameter in traffic: "sort"' }),
        problem({ message: 'Missing required header parameter: "Content-Disposition"' }),
        problem({
          message: 'Invalid query parameter "size": must be <= 100',
          details: { parameter: { name: "size", in: "query" } },
        }),
        problem({
          ruleId: "security-baseline",
          message: "Request does not satisfy documented OpenAPI security requirements",
        }),
      ]),
    ).toEqual([
      [
        "error",
        "schema-consistency",
        "listCases",
        "request header Content-Disposition",
        'Missing required header parameter: "Content-Disposition"',
        1,
      ],
      [
        "error",
        "schema-consistency",
        "listCases",
        "request query size",
        'Invalid query parameter "size": must be <= 100',
        1,
      ],
      [
        "error",
        "security-baseline",
        "listCases",
        "request header Authorization",
        "Request does not satisfy documented OpenAPI security requirements",
        1,
      ],
      [
        "warning",
        "schema-consistency",
        "listCases",
        "request query sort",
        'Undocumented query parameter in traffic: "sort"',
        1,
      ],
      [
        "info",
        "schema-consistency",
        "listCases",
        "request header x-trace",
        'Undocumented header in traffic: "x-trace"',
        3,
      ],
    ]);
  });

  test("the same field of another item is one place; its reports add up", () => {
    expect(
      places([
        problem({
          target: "response",
          dataPath: "/list/0/case_id",
          message: 'Response field "list/0/case_id" must be string.',
        }),
        problem({
          target: "response",
          dataPath: "/list/7/case_id",
          message: 'Response field "list/7/case_id" must be string.',
          occurrences: 2,
        }),
        problem({ target: "response", message: "Response body is not valid JSON for JSON content-type" }),
      ]),
    ).toEqual([
      [
        "error",
        "schema-consistency",
        "listCases",
        "answer body",
        "Response body is not valid JSON for JSON content-type",
        1,
      ],
      [
        "error",
        "schema-consistency",
        "listCases",
        "answer body /list/*/case_id",
        'Response field "list/*/case_id" must be string.',
        3,
      ],
    ]);
  });

  test("an undocumented endpoint of two customers is one, named by its shape", () => {
    const endpoint = (customer: string) =>
      problem({
        ruleId: "undocumented-endpoint",
        operationId: undefined,
        method: "GET",
        path: `/v1/customers/${customer}/cases/c-1/notes`,
        message: `Undocumented endpoint: GET /v1/customers/${customer}/cases/c-1/notes`,
      });
    expect(places([endpoint("c0ffee00"), endpoint("c0ffee01")])).toEqual([
      [
        "error",
        "undocumented-endpoint",
        "GET /v1/customers/{customer_id}/cases/{case_id}/notes",
        "request path",
        "Undocumented endpoint: GET /v1/customers/{customer_id}/cases/{case_id}/notes",
        2,
      ],
    ]);
  });

  test("each names its place to edit: the operation, its answers, or the paths for an endpoint the document lacks", () => {
    const findings = createFindings();
    addRedoclyProblems(
      [
        problem({ message: 'Missing required query parameter: "size"' }),
        problem({ target: "response", dataPath: "/total", message: 'Response field "total" must be integer.' }),
        problem({ ruleId: "undocumented-endpoint", operationId: undefined, method: "GET", path: "/v9/x", message: "" }),
      ],
      doc,
      findings,
    );
    expect(findings.list().map((f) => f.document)).toEqual([
      "/paths",
      "/paths/~1v1~1customers~1{customer_id}~1cases/get/responses",
      "/paths/~1v1~1customers~1{customer_id}~1cases/get",
    ]);
  });
});
