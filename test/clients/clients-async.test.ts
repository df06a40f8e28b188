// scripts/clients-async.mjs, the Python async client's generation: the template edits that point the client modules at
// fo_api.aio fail loudly when the generator's templates change, the shared files of the two runs must be identical,
// and the async extra must declare what only the async run's code imports.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { asyncExtraProblems, editTemplate, sharedDifferences, TEMPLATE_EDITS } from "../../scripts/clients-async.mjs";

test("each edit replaces its line in its template, and only there", () => {
  const text = "from {{packageName}}.api_client import ApiClient\nfrom {{packageName}}.rest import RESTResponseType\n";
  expect(editTemplate("api.mustache", text)).toBe(
    "from {{packageName}}.aio.api_client import ApiClient\nfrom {{packageName}}.aio.rest import RESTResponseType\n",
  );
  expect(editTemplate("model.mustache", text)).toBe(text);
  expect(new Set(TEMPLATE_EDITS.map(([template]) => template))).toEqual(
    new Set(["api.mustache", "api_client.mustache", "exports_package.mustache", "exports_api.mustache"]),
  );
});

test("an edit that does not match exactly as often as listed names the template and the line", () => {
  expect(() => editTemplate("api.mustache", "from {{packageName}}.rest import X\n")).toThrow(
    /api\.mustache has "from \{\{packageName\}\}\.api_client import" 0 times, expected 1/,
  );
  const twice = "from {{apiPackage}}.a import A\nfrom {{apiPackage}}.b import B\n";
  expect(() => editTemplate("exports_api.mustache", twice)).toThrow(/2 times, expected 1/);
});

test("the shared files of the two runs are compared byte for byte, file lists included", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "clients-async-"));
  const write = (run: string, files: Record<string, string>) => {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, run, name)), { recursive: true });
      writeFileSync(path.join(dir, run, name), text);
    }
  };
  const same = { "models/a.py": "A", "exceptions.py": "E", "api_response.py": "R" };
  write("sync", same);
  write("async", same);
  expect(sharedDifferences(path.join(dir, "sync"), path.join(dir, "async"))).toEqual([]);
  write("async", { "models/a.py": "A2", "exceptions.py": "E2" });
  expect(sharedDifferences(path.join(dir, "sync"), path.join(dir, "async"))).toEqual(["models/a.py", "exceptions.py"]);
  write("async", { "models/b.py": "B" });
  expect(sharedDifferences(path.join(dir, "sync"), path.join(dir, "async"))).toContain("models (other files)");
});

test("the async extra must declare what only the async code imports, at the generator's lower bounds", () => {
  const sync = 'dependencies = [\n  "pydantic (>=2.11)",\n]\n';
  const generated =
    'dependencies = [\n  "pydantic (>=2.11)",\n  "aiohttp (>=3.14.1)",\n  "aiohttp-retry (>=2.8.3)",\n]\n';
  const ours = (extra: string) => `dependencies = [\n  "pydantic>=2.11,<3",\n]\n[x]\nasync = [${extra}]\n`;
  expect(asyncExtraProblems(sync, generated, ours('"aiohttp>=3.14.1,<4", "aiohttp-retry>=2.8.3,<3"'))).toEqual([]);
  expect(asyncExtraProblems(sync, generated, ours('"aiohttp>=3.9,<4"'))).toEqual([
    "the async client needs aiohttp>=3.14.1; the async extra of python/pyproject.toml declares >=3.9",
    "the async client needs aiohttp-retry>=2.8.3; the async extra of python/pyproject.toml declares nothing",
  ]);
});
