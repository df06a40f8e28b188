// The stateful mode's modules import each other without a circle, type-only imports included: each type
// lives in the module that owns the thing it describes (records in store.ts, operations in operation.ts).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { expect, test } from "vitest";

const dir = path.resolve(import.meta.dirname, "../../src/mock/stateful");

/** Module file to the stateful modules it imports (import, import type, export ... from). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(path.join(dir, file), "utf8"), true, true);
    const local = importedFiles.map((i) => i.fileName).filter((f) => f.startsWith("./") && f.endsWith(".ts"));
    graph.set(
      file,
      local.map((f) => f.slice(2)),
    );
  }
  return graph;
}

/** Every circle found by a depth-first walk, each as the files along it. */
function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return found;
}

test("the walk finds a circle when there is one", () => {
  expect(
    circles(
      new Map([
        ["a.ts", ["b.ts"]],
        ["b.ts", ["c.ts"]],
        ["c.ts", ["a.ts"]],
      ]),
    ),
  ).toEqual([["a.ts", "b.ts", "c.ts", "a.ts"]]);
});

test("src/mock/stateful has no import circle", () => {
  const graph = importGraph();
  expect(graph.get("operation.ts")).toContain("store.ts");
  expect(circles(graph).map((c) => c.join(" -> "))).toEqual([]);
});
