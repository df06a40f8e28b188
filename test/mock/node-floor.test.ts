// The mock refuses a Node.js older than its package names, saying which it needs; the floor is the manifest's.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, test } from "vitest";
import { nodeFloor, nodeTooOld } from "../../src/mock/launch/node.ts";

test("the floor is the mock package's engines, and that is Prism's own", () => {
  const manifest = JSON.parse(readFileSync(new URL("../../packages/mock/manifest.json", import.meta.url), "utf8"));
  expect(`>=${nodeFloor()}`).toBe(manifest.engines.node);
  // Prism runs inside the mock: the mock can ask no less than its packages do.
  const require = createRequire(import.meta.url);
  for (const name of ["@stoplight/prism-core", "@stoplight/prism-http", "@stoplight/prism-http-server"]) {
    const engines = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), "utf8")).engines.node;
    expect(nodeTooOld(nodeFloor(), /^>=\s*(\d+\.\d+\.\d+)$/.exec(engines)![1]), name).toBeUndefined();
  }
});

test.each([
  ["20.20.2", false],
  ["24.17.9", false],
  ["24.18.0", true],
  ["24.21.0", true],
  ["25.0.0", true],
  ["100.1.1", true],
])("Node.js %s runs it: %s", (version, runs) => {
  const said = nodeTooOld(version, "24.18.0");
  expect(said === undefined).toBe(runs);
  if (!runs)
    expect(said).toBe(
      `The mock needs Node.js 24.18.0 or later (what its package and Prism declare); this is Node.js ${version}.`,
    );
});
