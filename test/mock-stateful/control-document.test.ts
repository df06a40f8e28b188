// The control API's document (src/mock/stateful/control.openapi.yaml, shipped in the mock package) describes every
// route the control API has and no other: its paths and methods are exactly the route table the dispatch reads
// (CONTROL_ROUTES), so a route added on one side alone fails here.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { expect, test } from "vitest";
import { CONTROL_ROUTES } from "../../src/mock/stateful/control.ts";

const root = path.resolve(import.meta.dirname, "../..");
const document = parse(readFileSync(path.join(root, "src/mock/stateful/control.openapi.yaml"), "utf8")) as {
  paths: Record<string, Record<string, unknown>>;
};
const METHODS = ["get", "put", "post", "delete", "patch"];

test("the control document describes exactly the control API's routes", () => {
  const documented = Object.entries(document.paths).flatMap(([p, item]) =>
    METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${p.replace(/^\/__mock/, "")}`),
  );
  const routed = Object.entries(CONTROL_ROUTES).flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m} ${p}`));
  expect(documented.sort()).toEqual(routed.sort());
  expect(routed.length).toBeGreaterThan(10);
});
