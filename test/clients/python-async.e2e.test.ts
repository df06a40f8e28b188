// The guide's async Python, as a reader runs it: docs/python-go.md's async example and async pytest module, taken
// from the guide verbatim into a fresh folder outside the repository, with a fresh virtual environment that has the
// built wheel with its `async` extra, pytest and pytest-asyncio (the pins of python/requirements-test.txt). The mock
// is the mock package's tarball installed into that folder with npm, Node 24 first on PATH: pytest's `fo_mock`
// starts it for the module, and the example runs against one started with the CLI's own options.
import { type ChildProcess, spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { pinnedPython } from "../../scripts/clients.mjs";
import { run } from "../../scripts/run.mjs";
import { readerEnv } from "../helpers/readerShell.ts";

const root = path.resolve(import.meta.dirname, "../..");
const version = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;
const wheel = path.join(root, `out/sdk/python/dist/financial_operations_api-${version}-py3-none-any.whl`);
const work = mkdtempSync(path.join(os.tmpdir(), "fo-python-async-"));
const started: ChildProcess[] = [];

afterAll(() => {
  for (const child of started) {
    try {
      process.kill(-child.pid!, "SIGKILL"); // the mock's group: whatever it started goes too
    } catch {
      // Already gone.
    }
  }
  rmSync(work, { recursive: true, force: true });
});

/** Runs a shell command in `cwd`: its exit code and everything it printed. */
async function sh(command: string, cwd: string, env: NodeJS.ProcessEnv, timeoutMs = 600_000) {
  const { code, output } = await run("bash", ["-c", command], { cwd, env, check: false, timeoutMs });
  return { code, out: output };
}

/** The fenced block right after `<!-- file: PATH -->` in the guide: what a reader copies. */
function guideBlock(file: string): string {
  const guide = readFileSync(path.join(root, "docs/python-go.md"), "utf8");
  const marker = guide.indexOf(`<!-- file: ${file} -->`);
  expect(marker, `docs/python-go.md shows ${file}`).toBeGreaterThan(0);
  const open = guide.indexOf("```python\n", marker) + "```python\n".length;
  return guide.slice(open, guide.indexOf("\n```", open) + 1);
}

/** The newest modification time under these paths of the repository. */
function newest(paths: string[]): number {
  return Math.max(
    ...paths.map((p) => {
      const stat = statSync(p);
      return stat.isDirectory() ? newest(readdirSync(p).map((name) => path.join(p, name))) : stat.mtimeMs;
    }),
  );
}

let env: NodeJS.ProcessEnv;
const project = path.join(work, "project");

beforeAll(async () => {
  const sources = ["python/src", "python/pyproject.toml", "generated/openapi.json"].map((p) => path.join(root, p));
  // The tier's first step builds the wheel (scripts/test.mjs), its global setup the mock's tarball
  // (test/helpers/e2eArtifacts.ts); this file only reads them.
  if (!existsSync(wheel) || statSync(wheel).mtimeMs < newest(sources))
    throw new Error(
      `${path.relative(root, wheel)} is missing or older than its sources: build it with ` +
        "`bash scripts/dev.sh clients -- build python` (npm run e2e does, before its files).",
    );
  // The mock as a project installs it: its tarball into the project, with the Node of its floor (24) first on PATH;
  // pytest's fo_mock finds node_modules/.bin itself, the example's shell has it on PATH.
  const node24 = path.join(root, "runtimes/node_modules/node24/bin");
  env = {
    ...readerEnv(),
    PATH: [node24, path.join(project, "node_modules/.bin"), readerEnv().PATH].join(path.delimiter),
    PIP_DISABLE_PIP_VERSION_CHECK: "1",
  };
  mkdirSync(project);
  writeFileSync(path.join(project, "async_quickstart.py"), guideBlock("python/examples/async_quickstart.py"));
  writeFileSync(
    path.join(project, "test_async_quotes.py"),
    guideBlock("python/examples/async_pytest/test_async_quotes.py"),
  );
  const pins = ["pytest", "pytest-asyncio"].map((name) => `${name}==${pinnedPython(name)}`).join(" ");
  const venv = await sh(
    `npm init -y >/dev/null && npm install --no-audit --no-fund --loglevel=error --save-dev "${inject("tarballs").mock}" && ` +
      `python3 -m venv .venv && .venv/bin/pip install --quiet "${wheel}[async]" ${pins}`,
    project,
    env,
  );
  expect(venv.code, venv.out).toBe(0);
}, 900_000);

test("the guide's async pytest module passes with fo_mock and pytest-asyncio", async () => {
  const run = await sh(".venv/bin/python -m pytest -v -p no:cacheprovider test_async_quotes.py", project, env);
  expect(run.code, run.out).toBe(0);
  expect(run.out).toMatch(/2 passed/);
  expect(run.out).toMatch(/plugins: .*asyncio-.*financial-operations-api-/);
}, 300_000);

test("the guide's async example runs against the mock and gets the documented 409", async () => {
  const keys = await sh("fo-mock keys --out keys.json --env-out keys.env", project, env);
  expect(keys.code, keys.out).toBe(0);
  const mock = spawn("fo-mock", ["--stateful", "--auth", "production", "--keys", "keys.json", "--port", "0"], {
    cwd: project,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(mock);
  let printed = "";
  const url = await new Promise<string>((resolve, reject) => {
    const read = (d: Buffer) => {
      printed += d;
      const ready = /fo-mock ready: (http:\/\/127\.0\.0\.1:\d+)/.exec(printed);
      if (ready) resolve(ready[1]!);
    };
    mock.stdout.on("data", read);
    mock.stderr.on("data", read);
    mock.once("exit", (code) => reject(new Error(`fo-mock ended (${code}) before it was ready:\n${printed}`)));
  });
  const run = await sh(`. ./keys.env && FO_BASE_URL=${url} .venv/bin/python async_quickstart.py`, project, env);
  process.kill(-mock.pid!, "SIGTERM");
  expect(run.code, run.out).toBe(0);
  expect(run.out).toMatch(/^RFI cases: \d+$/m);
  expect(run.out).toMatch(/^order: PENDING$/m);
  expect(run.out).toMatch(/^executed again: HTTP 409 flat error 00000006: /m);
}, 300_000);
