// A guide that names a built artifact by its file name (a tarball, a wheel) names this release's: the version in it is
// package.json's, so a release cannot leave a command in the guides that installs a file the build no longer writes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { guides } from "../helpers/guideBlocks.ts";

const root = path.resolve(import.meta.dirname, "../..");
const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
const ARTIFACT = /financial[-_]operations[-_]api(?:-mock)?-(\d+\.\d+\.\d+)(?=[-.](?:tgz|tar\.gz|py3))/g;

const named = [...guides, "python/README.md", "go/README.md"].flatMap((file) =>
  [...readFileSync(path.join(root, file), "utf8").matchAll(ARTIFACT)].map((m) => ({ file, name: m[0], v: m[1] })),
);

test("the guides name artifacts by file", () => {
  expect(named.length).toBeGreaterThanOrEqual(3);
});

test.each(named)("$file names $name of this release", ({ v }) => {
  expect(v).toBe(version);
});
