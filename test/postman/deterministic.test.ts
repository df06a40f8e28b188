// The shipped collection is generated and drift-checked, so the same document must give the same collection
// whatever else the process did first: which copy of scripts/postman.mjs loaded Postman's converter, what
// Math.random was at the time, and whether another conversion was running. A copy of the module is imported
// under its own URL (vitest runs files in shared workers, and a copy is what a second instance there is).
import fc from "fast-check";
import { expect, test } from "vitest";
import { loadBundle } from "../helpers/document.ts";

type Postman = typeof import("../../scripts/postman.mjs");
const doc = loadBundle();
const script = new URL("../../scripts/postman.mjs", import.meta.url).href;
const copy = (n: number): Promise<Postman> => import(/* @vite-ignore */ `${script}?copy=${n}`);
const text = async (postman: Postman) => JSON.stringify(await postman.postmanFiles(doc));

test("the collection is the same from any copy of the module, whatever Math.random is", async () => {
  const expected = await text(await copy(0));
  const random = Math.random;
  try {
    await fc.assert(
      fc.asyncProperty(fc.nat(3), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), async (n, v) => {
        Math.random = () => v;
        expect(await text(await copy(n))).toBe(expected);
      }),
      { numRuns: 6 },
    );
  } finally {
    Math.random = random;
  }
});

test("two conversions at once give what each gives alone", async () => {
  const [a, b] = await Promise.all([copy(0), copy(1)]);
  const alone = await text(a);
  expect(await Promise.all([text(a), text(a), text(b)])).toEqual([alone, alone, alone]);
});

test("a conversion leaves Math.random as it found it", async () => {
  const mine = () => 0.5;
  const random = Math.random;
  Math.random = mine;
  try {
    await text(await copy(2));
    expect(Math.random).toBe(mine);
  } finally {
    Math.random = random;
  }
});
