import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "vitest";
// @ts-expect-error -- plain ESM script without type declarations
import { render } from "../../scripts/build.mjs";

test("generated/ is up to date (else `npm run build`)", async () => {
  const files: Record<string, string> = await render();
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
