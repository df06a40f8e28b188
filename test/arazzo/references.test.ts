// The workflows (openapi/flows.arazzo.yaml) in standard Arazzo 1.0.1 refer only to what exists. Spectral's
// `spectral:arazzo` (npm run lint) checks the schema and the expressions' syntax; neither it nor `redocly lint` looks
// into the source descriptions, so this file checks, without a server: every step's operation is an operation of its
// source description, named `$sourceDescriptions.<name>.<operationId>` (Arazzo's form with several sources); every
// path parameter is one of the operation's path; every `$inputs.X` is an input of its workflow and every
// `$steps.S.outputs.O` an output of an earlier step; no runner's own construct ($faker, $file(), x-operation); and
// each fault a workflow stages is one the stateful mock takes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { FaultInjector } from "../../src/mock/stateful/faults.ts";
import { STATEFUL_OPERATIONS } from "../../src/mock/stateful/index.ts";
import { type Json, listOperations, loadBundle, METHODS } from "../helpers/document.ts";

const root = path.resolve(import.meta.dirname, "../..");
const flows: Json = parse(readFileSync(path.join(root, "openapi/flows.arazzo.yaml"), "utf8"));
const control: Json = parse(readFileSync(path.join(root, "src/mock/stateful/control.openapi.yaml"), "utf8"));

/** Each source description's operations by operationId: their path template. */
const sources: Record<string, Map<string, string>> = {
  api: new Map(listOperations(loadBundle()).map((o) => [o.operationId, o.path])),
  mock: new Map(
    Object.entries<Json>(control.paths).flatMap(([p, item]) =>
      METHODS.filter((m) => item[m]).map((m) => [item[m].operationId as string, p] as const),
    ),
  ),
};

/** Every string value under `node`, descriptions and summaries (prose) left out. */
function values(node: Json): string[] {
  if (typeof node === "string") return [node];
  if (Array.isArray(node)) return node.flatMap(values);
  if (node && typeof node === "object")
    return Object.entries(node)
      .filter(([k]) => k !== "description" && k !== "summary")
      .flatMap(([, v]) => values(v));
  return [];
}

/** Every key under `node`. */
function keys(node: Json): string[] {
  if (Array.isArray(node)) return node.flatMap(keys);
  if (node && typeof node === "object") return Object.entries(node).flatMap(([k, v]) => [k, ...keys(v)]);
  return [];
}

/** A step's parameters, a `reference` to a component parameter replaced by the component. */
const parametersOf = (step: Json): Json[] =>
  (step.parameters ?? []).map((p: Json) =>
    p.reference ? flows.components.parameters[p.reference.replace("$components.parameters.", "")] : p,
  );

const workflows: Json[] = flows.workflows;

test("the sources are the API's document and the mock's control API", () => {
  expect(flows.arazzo).toBe("1.0.1");
  expect(flows.sourceDescriptions.map((s: Json) => [s.name, s.url, s.type])).toEqual([
    ["api", "./openapi.yaml", "openapi"],
    ["mock", "../src/mock/stateful/control.openapi.yaml", "openapi"],
  ]);
  expect(sources.api!.size).toBeGreaterThan(20);
  expect([...sources.mock!.keys()]).toEqual(
    expect.arrayContaining(["getClock", "advanceClock", "addFault", "listMockTransactions"]),
  );
});

test("no runner's own construct: no extension, no $faker, no $file()", () => {
  expect(keys(flows).filter((k) => k.startsWith("x-"))).toEqual([]);
  expect(values(flows).filter((v) => /\$faker|\$file\(/.test(v))).toEqual([]);
});

describe.each(workflows.map((w) => [w.workflowId, w] as const))("%s", (_, workflow) => {
  const inputs = new Set(Object.keys(workflow.inputs?.properties ?? {}));

  test("every step calls an operation of its source description, with that operation's path parameters", () => {
    for (const step of workflow.steps) {
      expect(step.operationPath ?? step.workflowId, step.stepId).toBeUndefined();
      const [, source, id] = /^\$sourceDescriptions\.(\w+)\.(\w+)$/.exec(step.operationId ?? "") ?? [];
      expect(source && sources[source]?.has(id!), `${step.stepId}: ${step.operationId}`).toBe(true);
      const template = sources[source!]!.get(id!)!;
      const inPath = parametersOf(step)
        .filter((p) => p.in === "path")
        .map((p) => p.name);
      expect(inPath.sort(), step.stepId).toEqual([...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort());
      // The mock's steps are named for it, and only they (and the List Transactions stand-in) go to it.
      if (source === "mock")
        expect(step.stepId.startsWith("mock-") || id === "listMockTransactions", step.stepId).toBe(true);
    }
  });

  test("every $inputs is an input of the workflow, every $steps an output of an earlier step", () => {
    const outputs = new Map<string, Set<string>>();
    for (const step of workflow.steps) {
      const used = values({ ...step, parameters: parametersOf(step), outputs: undefined }).concat(
        values(step.outputs ?? {}),
      );
      for (const v of used) {
        for (const [, name] of v.matchAll(/\$inputs\.([A-Za-z0-9_]+)/g))
          expect(inputs.has(name!), `${step.stepId}: $inputs.${name}`).toBe(true);
        for (const [, from, output] of v.matchAll(/\$steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_]+)/g))
          expect(outputs.get(from!)?.has(output!), `${step.stepId}: $steps.${from}.outputs.${output}`).toBe(true);
      }
      outputs.set(step.stepId, new Set(Object.keys(step.outputs ?? {})));
    }
    for (const v of values(workflow.outputs ?? {}))
      for (const [, from, output] of v.matchAll(/\$steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_]+)/g))
        expect(outputs.get(from!)?.has(output!), `outputs: $steps.${from}.outputs.${output}`).toBe(true);
  });

  test("every goto names a step of the workflow", () => {
    const ids = new Set(workflow.steps.map((s: Json) => s.stepId));
    for (const step of workflow.steps)
      for (const action of [...(step.onSuccess ?? []), ...(step.onFailure ?? [])])
        if (action.type === "goto") expect(ids.has(action.stepId), `${step.stepId}: ${action.name}`).toBe(true);
  });

  test("every fault it stages is one the stateful mock takes", () => {
    const injector = new FaultInjector(new Set(sources.api!.keys()), new Set(Object.keys(STATEFUL_OPERATIONS)));
    for (const step of workflow.steps.filter((s: Json) => s.operationId === "$sourceDescriptions.mock.addFault"))
      expect(() => injector.add(step.requestBody.payload), step.stepId).not.toThrow();
  });
});

test("the unknown outcome is an answer the workflow branches on, not a dropped connection", () => {
  const workflow = workflows.find((w) => w.workflowId === "execute-outcome-unknown")!;
  const fault = workflow.steps.find((s: Json) => s.operationId === "$sourceDescriptions.mock.addFault");
  expect(fault.requestBody.payload).toEqual({ kind: "status", at: "after", status: 504, operation_id: "executeQuote" });
  const execute = workflow.steps.find((s: Json) => s.stepId === "execute-quote");
  expect(execute.onSuccess.map((a: Json) => [a.type, a.criteria[0].condition])).toEqual([
    ["end", "$statusCode == 201"],
    ["goto", "$statusCode == 504"],
  ]);
});
