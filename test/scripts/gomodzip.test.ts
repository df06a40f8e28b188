// The Go module is zipped by Go's own rules (scripts/tools/gomodzip.mjs, golang.org/x/mod/zip): on a small module with
// what the hand-written zip used to leave out (a _test.go file, examples/, testdata/), the zip holds every file, and
// `go mod download` from the module-proxy folder computes the same h1: hash as the tree's; a file Go's rules leave out
// (a nested module) makes the hashes differ, and publishing refuses.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { downloadedSum, publishGoModule, writeGoModuleZip } from "../../scripts/tools/gomodzip.mjs";

const MODULE = "example.com/zipped/v2";
const VERSION = "v2.1.0";
let dir: string;

/** A module folder with the given files (relative path to text). */
function moduleTree(name: string, files: Record<string, string>): string {
  const tree = path.join(dir, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    writeFileSync(path.join(tree, file), text);
  }
  return tree;
}

const files = {
  "go.mod": `module ${MODULE}\n\ngo 1.23\n`,
  "sign.go": 'package zipped\n\nfunc Sign() string { return "signed" }\n',
  "sign_test.go": 'package zipped\n\nimport "testing"\n\nfunc TestSign(t *testing.T) { _ = Sign() }\n',
  "testdata/vector.json": "{}\n",
  "examples/tour/main.go": "package main\n\nfunc main() {}\n",
};

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "gomodzip-test-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("the zip holds the tests and examples too, and go mod download computes the tree's hash", () => {
  const proxy = path.join(dir, "proxy");
  const {
    zip,
    sum,
    files: count,
  } = publishGoModule({
    module: MODULE,
    version: VERSION,
    dir: moduleTree("whole", files),
    extra: { LICENSE: "Apache-2.0\n" },
    proxy,
  });
  expect(zip).toBe(path.join(proxy, MODULE, "@v", `${VERSION}.zip`));
  expect(count).toBe(Object.keys(files).length + 1);
  expect(sum).toMatch(/^h1:[A-Za-z0-9+/]{43}=$/);
  expect(downloadedSum({ module: MODULE, version: VERSION, proxy })).toBe(sum);
  // The same tree zipped again hashes the same (the hash is the tree's, not the zip's bytes').
  const again = writeGoModuleZip({
    module: MODULE,
    version: VERSION,
    dir: moduleTree("again", { ...files, LICENSE: "Apache-2.0\n" }),
    zip: path.join(dir, "again.zip"),
  });
  expect(again).toEqual({ zip: sum, tree: sum });
  // A file less is another hash: the sum covers every file.
  const { "sign_test.go": _, ...withoutTest } = files;
  const fewer = writeGoModuleZip({
    module: MODULE,
    version: VERSION,
    dir: moduleTree("fewer", { ...withoutTest, LICENSE: "Apache-2.0\n" }),
    zip: path.join(dir, "fewer.zip"),
  });
  expect(fewer.zip).not.toBe(sum);
});

test("a file Go's rules leave out (a nested module) is refused: the hashes differ", () => {
  expect(() =>
    publishGoModule({
      module: MODULE,
      version: VERSION,
      dir: moduleTree("nested", {
        ...files,
        "tools/go.mod": "module example.com/tools\n",
        "tools/t.go": "package t\n",
      }),
      proxy: path.join(dir, "proxy-nested"),
    }),
  ).toThrow(/the zip does not hold exactly the module's files/);
});
