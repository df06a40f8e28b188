// Every control route docs/stateful-mock.md lists answers as listed, called over HTTP on the mock as a user starts it
// (`npm run mock -- --stateful --control`): the test reads the guide's table, so a route written the way the front
// refuses (`GET /__mock/` has an empty segment) or one the mock does not have fails here.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type RunningMock, startMock } from "../../src/mock/index.ts";

const root = path.resolve(import.meta.dirname, "../..");
const guide = readFileSync(path.join(root, "docs/stateful-mock.md"), "utf8");
const CUSTOMER = "c0ffee00-0000-4000-8000-000000000001";

/** The control table's rows: `| call | does |` after "## Control API", each call one or more methods and a path. */
function listedRoutes(): Array<{ method: string; path: string; row: string }> {
  const section = guide.slice(guide.indexOf("## Control API"));
  const table = section.slice(section.indexOf("| call | does |"));
  const rows = table.split("\n").slice(2);
  const routes = [];
  for (const row of rows) {
    if (!row.startsWith("|")) break;
    const call = row.split("|")[1]!;
    const codes = [...call.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    const target = codes.at(-1)!.split(" ").at(-1)!;
    const methods = codes.map((c) => c.split(" ")[0]!);
    for (const method of methods) routes.push({ method, path: target, row: row.trim() });
  }
  return routes;
}

let mock: RunningMock;
let base: string;

beforeAll(async () => {
  mock = await startMock({ auth: "sandbox", stateful: true, control: true });
  base = mock.url;
});

afterAll(() => mock?.close());

test("the guide lists the control routes", () => {
  const routes = listedRoutes();
  expect(routes.length).toBeGreaterThanOrEqual(13);
  for (const { method, path: route } of routes) {
    expect(["GET", "POST", "PUT", "PATCH", "DELETE"]).toContain(method);
    expect(route.startsWith("/__mock")).toBe(true);
  }
});

test("every listed control route answers, none refused as unknown, wrong method or malformed", async () => {
  const answered: string[] = [];
  // A known order and RFI case, so the routes with an id have something to find.
  await fetch(`${base}/__mock/reset`, { method: "POST", headers: { "Content-Type": "application/json" } });
  const cases = (await (await fetch(`${base}/__mock/customers/${CUSTOMER}/rfi-cases`)).json()) as {
    list?: Array<{ case_id: string }>;
  };
  const caseId = cases.list?.[0]?.case_id ?? "case-1";
  for (const { method, path: listed, row } of listedRoutes()) {
    const target = listed
      .replace("{customer_id}", CUSTOMER)
      .replace("{case_id}", caseId)
      .replace("{transaction_id}", "8d7c6b5a-0000-4000-8000-000000000001")
      .replace(/\?.*$/, `?customer_id=${CUSTOMER}`);
    const write = method !== "GET";
    const response = await fetch(`${base}${target}`, {
      method,
      headers: write ? { "Content-Type": "application/json" } : {},
      body: write ? "{}" : undefined,
    });
    const text = await response.text();
    const where = `${method} ${target} (docs: ${row})\n${response.status} ${text}`;
    expect(response.headers.get("x-mock-refusal"), where).toBeNull();
    expect(text, where).not.toMatch(/No control route/);
    expect(response.status, where).not.toBe(405);
    if (method === "GET") expect(response.status, where).toBe(200);
    else expect(response.status, where).toBeLessThan(500);
    answered.push(`${method} ${listed}: ${response.status}`);
  }
  expect(answered.length).toBe(listedRoutes().length);
});
