// The layering of src/ (issue 23): no module imports itself through others (type-only imports count: a
// cycle closed by a type is a type living in the wrong module), and signing never imports the mock.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

const src = path.resolve(import.meta.dirname, "../../src");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : /\.(ts|mts)$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );
}

// Static imports and re-exports (`import ... from`, `import type`, `export ... from`, side-effect imports) and
// dynamic `import("...")`.
const SPECIFIER = new RegExp(
  [
    /(?:^|[;\n])\s*(?:import|export)\s[^"';]*?from\s*["']([^"']+)["']/.source,
    /(?:^|[;\n])\s*import\s*["']([^"']+)["']/.source,
    /\bimport\(\s*["']([^"']+)["']\s*\)/.source,
  ].join("|"),
  "g",
);

/** Relative imports of each file under src/, resolved to files. */
function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const targets: string[] = [];
    for (const m of text.matchAll(SPECIFIER)) {
      const spec = m[1] ?? m[2] ?? m[3]!;
      if (spec.startsWith(".")) targets.push(path.resolve(path.dirname(file), spec));
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Strongly connected components with more than one member, or a member that imports itself (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return found;
}

const files = sources(src);
const graph = importGraph(files);
const rel = (f: string) => path.relative(src, f);

describe("the import graph of src/", () => {
  test("reads the imports it must (the check can fail)", () => {
    expect(graph.get(path.join(src, "mock/front.ts"))).toContain(path.join(src, "mock/prism/handOver.ts"));
    expect(graph.get(path.join(src, "mock/stateful/store.ts"))).toContain(path.join(src, "mock/stateful/rfiCase.ts"));
    expect(graph.get(path.join(src, "mock/prism/inPrism.ts"))).toContain(path.join(src, "mock/stateful/start.ts"));
    const a = "/x/a.ts",
      b = "/x/b.ts",
      c = "/x/c.ts";
    expect(
      cycles(
        new Map([
          [a, [b]],
          [b, [c]],
          [c, [a]],
        ]),
      ),
    ).toEqual([[a, b, c]]);
    expect(
      cycles(
        new Map([
          [a, [b]],
          [b, [c]],
          [c, []],
        ]),
      ),
    ).toEqual([]);
  });

  test("has no import cycle", () => {
    expect(cycles(graph).map((c) => c.map(rel))).toEqual([]);
  });

  /** The imports of files under `from` that reach files under `to`, as "a -> b". */
  const importsFrom = (from: string, to: string) =>
    files
      .filter((f) => rel(f).startsWith(from))
      .flatMap((f) =>
        graph
          .get(f)!
          .filter((t) => rel(t).startsWith(to))
          .map((t) => `${rel(f)} -> ${rel(t)}`),
      );

  test("finds the mock's imports of signing (so the two checks below can fail)", () => {
    expect(importsFrom("mock/", "signing/")).toContain("mock/auth/signature.ts -> signing/hmac.ts");
  });

  test("signing never imports the mock (the mock may import signing)", () => {
    expect(importsFrom("signing/", "mock/")).toEqual([]);
  });

  test("the shipped fo-sign CLI imports nothing from the mock", () => {
    expect(importsFrom("cli/", "mock/")).toEqual([]);
  });
});
