// The client guide's (docs/client.md) "Client" and "Flow helpers" examples compile: their ```ts blocks, joined in order
// into one module,
// are type-checked against the package (imported by its name, as a user would).
import path from "node:path";
import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const readme = readFileSync(path.join(root, "docs/client.md"), "utf8");

/** The text of the "## Flow helpers" section, up to the next second-level heading. */
function section(markdown: string, title: string): string {
  const start = markdown.indexOf(`\n## ${title}\n`);
  if (start < 0) return "";
  const rest = markdown.slice(start + 1);
  const end = rest.indexOf("\n## ", 3);
  return end < 0 ? rest : rest.slice(0, end);
}

const flowSection = section(readme, "Flow helpers");
const blocks = [...flowSection.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);

// Parsed files other than the example (lib, generated types, the package) are shared by both checks: parsing them twice
// only costs time.
const parsed = new Map<string, ts.SourceFile | undefined>();

/** Type-checks `source` as a module at `file` (in memory) with the project's compiler options. */
function typeCheck(file: string, source: string): string[] {
  const configPath = path.join(root, "tsconfig.json");
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) => {
    if (path.resolve(name) === file) return ts.createSourceFile(name, source, version, true);
    const key = `${name}\0${JSON.stringify(version)}`;
    if (!parsed.has(key)) parsed.set(key, getSourceFile(name, version, ...rest));
    return parsed.get(key);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => path.resolve(name) === file || fileExists(name);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (path.resolve(name) === file ? source : readFile(name));
  const program = ts.createProgram({ rootNames: [file], options, host });
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(file))
    .filter((d) => d.file === undefined || path.resolve(d.file.fileName) === file)
    .map((d) => {
      const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
      return `${where ? `line ${where.line + 1}: ` : ""}${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
    });
}

describe("README: Flow helpers", () => {
  test("has the section with its examples", () => {
    expect(flowSection).not.toBe("");
    expect(blocks.length).toBeGreaterThanOrEqual(6);
  });

  test.each([
    "rfiCasePages",
    "rfiCases",
    "getRfiCase",
    "createRfiPoller",
    "answerRfiCase",
    "handleRfiWebhook",
    "uploadBusinessDocument",
    "uploadBusinessControllerDocument",
    "uploadIndividualDocument",
    "createQuote",
    "executeQuote",
    "resolveExecuteOutcome",
    "createExternalAccount",
    "parseWebhookEvent",
  ])("an example uses %s", (name) => {
    expect(blocks.some((b) => new RegExp(`\\b${name}\\(`).test(b))).toBe(true);
  });

  test("the Client section's example compiles against the package too", () => {
    const clientBlocks = [...section(readme, "Client").matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
    expect(clientBlocks.length).toBeGreaterThanOrEqual(1);
    const file = path.join(root, "test/flows/readme-client.example.ts");
    expect(typeCheck(file, clientBlocks.join("\n"))).toEqual([]);
  }, 60_000);

  test("the examples compile against the package", () => {
    // Inside the package, so its own name resolves through package.json "exports", as for a user.
    const file = path.join(root, "test/flows/readme-flow-helpers.example.ts");
    expect(typeCheck(file, blocks.join("\n"))).toEqual([]);
  }, 60_000);
});
