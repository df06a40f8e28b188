// Every error the package makes is a member of the family: the TypeScript compiler reads src/ and lists each
// `new X(...)` whose type is an Error and each thrown call result that is not a FinancialOperationsError.
// The mock, the fo-sign CLI and its signing proxy (`fo-sign proxy`, src/proxy/) are programs with errors of their own
// (MockKeysError, UsageError, the proxy's option checks, ...): they print them and exit, and no user code catches
// them, so they are outside the package's family.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const src = path.join(root, "src");
const OUTSIDE = ["src/mock/", "src/cli/", "src/proxy/"];
// Files that still throw non-members, each with why; each entry must still hold (the test fails once the file is
// fixed, so the entry is removed with the fix). None today.
const PENDING: Record<string, string> = {};

/** Each file's `line: type` of the errors it makes that are not members, in the files given. */
function violations(files: string[]): Map<string, string[]> {
  const { config } = ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
  const program = ts.createProgram({ rootNames: files, options });
  const checker = program.getTypeChecker();

  // True when the type, or a base of it, is the class `name` (for Error: the lib's interface, for the base: ours).
  const derives = (type: ts.Type, test: (t: ts.Type) => boolean, depth = 0): boolean => {
    if (depth > 20) return false;
    if (type.isIntersection()) return type.types.some((t) => derives(t, test, depth + 1));
    if (type.isUnion()) return type.types.every((t) => derives(t, test, depth + 1));
    if (test(type)) return true;
    const target = (type as ts.TypeReference).target ?? type;
    if (
      !(target.flags & ts.TypeFlags.Object) ||
      !((target as ts.ObjectType).objectFlags & ts.ObjectFlags.ClassOrInterface)
    )
      return false;
    return (checker.getBaseTypes(target as ts.InterfaceType) ?? []).some((b) => derives(b, test, depth + 1));
  };
  const named = (name: string, file?: string) => (t: ts.Type) => {
    const symbol = t.getSymbol();
    return (
      symbol?.getName() === name &&
      (file === undefined || symbol.declarations?.some((d) => d.getSourceFile().fileName.endsWith(file)) === true)
    );
  };
  const isError = (t: ts.Type) => derives(t, named("Error"));
  const isMember = (t: ts.Type) =>
    derives(t, named("FinancialOperationsError", "src/errors/FinancialOperationsError.ts"));

  const found = new Map<string, string[]>();
  for (const file of program.getSourceFiles().filter((f) => files.includes(f.fileName))) {
    const where = path.relative(root, file.fileName);
    const visit = (node: ts.Node) => {
      const made = ts.isNewExpression(node) ? node : undefined;
      const thrown = ts.isThrowStatement(node) && ts.isCallExpression(node.expression) ? node.expression : undefined;
      const expr = made ?? thrown;
      if (expr) {
        const type = checker.getTypeAtLocation(expr);
        if ((thrown || isError(type)) && !isMember(type)) {
          const line = file.getLineAndCharacterOfPosition(expr.getStart()).line + 1;
          found.set(where, [...(found.get(where) ?? []), `${line}: ${checker.typeToString(type)}`]);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}

const packageFiles = ts.sys
  .readDirectory(src, [".ts"])
  .filter((f) => !OUTSIDE.some((o) => path.relative(root, f).startsWith(o)));
const found = violations(packageFiles);

test("every error src/ makes is a member", () => {
  expect(Object.fromEntries([...found].filter(([file]) => !(file in PENDING)))).toEqual({});
});

test.each(Object.keys(PENDING))("%s still throws non-members (pending; remove it once fixed)", (file) => {
  expect(found.get(file)?.length, PENDING[file]).toBeGreaterThan(0);
});

test("the scan reports non-members, made or thrown, and only those", () => {
  const fixture = path.join(import.meta.dirname, "fixtures/throws.ts");
  const reported = [...readFileSync(fixture, "utf8").split("\n").entries()]
    .filter(([, line]) => line.endsWith("// reported"))
    .map(([i]) => i + 1);
  const lines = violations([fixture]).get(path.relative(root, fixture)) ?? [];
  expect(lines.map((l) => Number(l.split(":")[0]))).toEqual(reported);
  expect(reported).toHaveLength(4);
});
