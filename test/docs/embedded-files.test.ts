// A guide that shows a file of the repository (a consumer project's setup, a test) shows it whole and as it is: a
// fenced block after `<!-- file: PATH -->` must equal that file, so the guide cannot drift from the code the tests run.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { guides } from "../helpers/guideBlocks.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** Every `<!-- file: PATH -->` of the guides with the fenced block right after it. */
const embedded = guides.flatMap((guide) => {
  const lines = readFileSync(path.join(root, guide), "utf8").split("\n");
  return lines.flatMap((line, i) => {
    const marker = /^<!--\s*file:\s*(\S+)\s*-->$/.exec(line.trim());
    if (!marker) return [];
    const open = lines.findIndex((l, j) => j > i && l.trim() !== "");
    const close = lines.findIndex((l, j) => j > open && /^```\s*$/.test(l));
    const fenced = /^```\w*\s*$/.test(lines[open] ?? "") && close > open;
    return [
      {
        where: `${guide}:${i + 1}`,
        file: marker[1]!,
        code: fenced ? lines.slice(open + 1, close).join("\n") : undefined,
      },
    ];
  });
});

test("the guides show files of the repository", () => {
  expect(embedded.length).toBeGreaterThanOrEqual(4);
});

test.each(embedded)("$where shows $file as it is", ({ file, code }) => {
  expect(code, "a fenced block must follow the marker").toBeDefined();
  expect(existsSync(path.join(root, file)), `${file} does not exist`).toBe(true);
  expect(`${code}\n`).toBe(readFileSync(path.join(root, file), "utf8"));
});
