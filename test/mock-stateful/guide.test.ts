// The guide's worked example of the execute-timeout procedure (docs/stateful-mock.md) runs as written
// (through tsx, the package name pointed at the source) against the stateful mock in sandbox mode, and passes.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type RunningFront, startFront } from "../../src/mock/front.ts";
import { statefulFrontOptions } from "../../src/mock/stateful/http.ts";
import { createStatefulMock } from "../../src/mock/stateful/index.ts";
import { type PrismInProcess, prismInProcess } from "../mock/prismInProcess.ts";

const root = path.resolve(import.meta.dirname, "../..");
const guide = readFileSync(path.join(root, "docs/stateful-mock.md"), "utf8");
const start = guide.indexOf("\n## Worked example");
const section = start < 0 ? "" : guide.slice(start + 1);
const example = /^```ts\n([\s\S]*?)^```$/m.exec(section)?.[1];
const dir = mkdtempSync(path.join(tmpdir(), "stateful-readme-"));

let prism: PrismInProcess;
let front: RunningFront;
beforeAll(async () => {
  prism = await prismInProcess();
  front = await startFront({
    prism: prism.mocker,
    auth: "sandbox",
    ...statefulFrontOptions(await createStatefulMock({ control: true })),
  });
});
afterAll(async () => {
  await front?.close();
  await prism?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Type errors of one file, with the project's compiler options. */
function typeErrors(file: string): string[] {
  const { config } = ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
  const program = ts.createProgram({ rootNames: [file], options: { ...options, noEmit: true } });
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(file))
    .filter((d) => d.file?.fileName === file)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

/** The worked example as a file that imports the source instead of the package. */
function exampleFile(): string {
  const file = path.join(dir, "execute-timeout.mts");
  writeFileSync(
    file,
    (example ?? "").replaceAll('"financial-operations-api"', JSON.stringify(path.join(root, "src/index.ts"))),
  );
  return file;
}

test("the guide has a worked example", () => {
  expect(example, 'a ```ts block in "## Worked example"').toMatch(/\S/);
});

test("the worked example type-checks", () => {
  expect(example).toMatch(/\S/);
  expect(typeErrors(exampleFile())).toEqual([]);
});

test("the worked example passes against the mock", async () => {
  expect(example).toMatch(/\S/);
  const file = exampleFile();
  const tsx = path.join(path.dirname(createRequire(import.meta.url).resolve("tsx/package.json")), "dist/cli.mjs");
  // Asynchronous: the mock answers from this very process.
  const run = await promisify(execFile)(process.execPath, [tsx, file], {
    env: { ...process.env, MOCK_URL: front.url },
    timeout: 60_000,
  });
  expect(run.stderr).toBe("");
  const log = await (
    await fetch(`${front.url}/__mock/requests`, { headers: { "Content-Type": "application/json" } })
  ).json();
  // The example did go through the drop and the procedure's reads, not around them.
  expect(log.requests.map((r: { operation_id: string; outcome: unknown }) => `${r.operation_id} ${r.outcome}`)).toEqual(
    ["createQuote 201", "executeQuote drop", "getConversion 200"],
  );
});
