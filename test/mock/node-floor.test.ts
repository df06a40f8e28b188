// The mock refuses a Node.js older than its package names, saying which it needs; the floor is the manifest's.
import { expect, test } from "vitest";
import { nodeFloor, nodeTooOld } from "../../src/mock/launch/node.ts";

test("the floor is the mock package's engines", () => {
  expect(nodeFloor()).toBe("24.18.0");
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
