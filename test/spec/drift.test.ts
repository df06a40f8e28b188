import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test, vi } from "vitest";
import { render } from "../../scripts/build.mjs";

test("generated/ is up to date (else `npm run build`)", async () => {
  const files = await render();
  expect(
    Object.keys(files)
      .map((f) => path.basename(f))
      .sort(),
  ).toEqual([
    "financial-operations-api.postman_collection.json",
    "openapi.json",
    "openapi.yaml",
    "operations.ts",
    "production.postman_environment.json",
    "sandbox.postman_environment.json",
    "types.ts",
  ]);
  for (const [file, text] of Object.entries(files)) {
    const committed = await readFile(file, "utf8").catch(() => "(missing)");
    expect(committed === text, `${path.relative(process.cwd(), file)} is stale`).toBe(true);
    expect(committed).toMatch(/Do not edit by hand/);
  }
});

// Generation is a function of the document alone: not of which module copies a worker holds (vitest shares
// workers between files, and some reset the module registry) nor of Math.random. Converters that fake values
// draw from Math.random, and the Postman collection once went stale in CI because of a copy.
test("a fresh copy of every build module, with another Math.random, renders the same files", async () => {
  const committed = await render();
  vi.resetModules();
  const random = Math.random;
  Math.random = () => 0.75;
  try {
    const fresh = await import("../../scripts/build.mjs");
    expect(await fresh.render()).toEqual(committed);
  } finally {
    Math.random = random;
  }
});

const types = () => readFile(path.resolve(import.meta.dirname, "../../generated/types.ts"), "utf8");

test("types.ts types binary bodies as bytes", async () => {
  const text = await types();
  expect(text.match(/"application\/octet-stream": Blob \| Uint8Array \| ArrayBuffer;/g)).toHaveLength(3);
  expect(text.match(/"\*\/\*": Blob \| Uint8Array \| ArrayBuffer;/g)).toHaveLength(3);
  expect(text).toMatch(/RfiFileAnswer: \{\n(?:.*\n)*?\s+\[key: string\]: Blob \| Uint8Array \| ArrayBuffer;/);
});

test("types.ts types the banned requirement_id as never", async () => {
  const text = await types();
  // The document bans requirement_id by name (propertyNames); the types still refuse it.
  expect(text).toMatch(/RfiAnswer: \{\n(?:.*\n)*?\s+requirement_id\?: never;/);
  expect(text).toMatch(/RfiFileAnswer: \{\n(?:.*\n)*?\s+requirement_id\?: never;/);
});
