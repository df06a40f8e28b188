// What the README and the guides (docs/*.md) tell a reader to type runs as written on the shell's Node (Debian's 20
// is enough, the README says): a project command is `bash scripts/dev.sh <script>`, which fetches the project's own
// Node 24, never `npm run`, `npm test`, `npm start`, `node_modules/.bin/...` or `npx` of a development tool, which meet
// the repository's Node 24 requirement (EBADDEVENGINES) or run on the reader's Node what the project runs on 24. Checked
// in every shell block, run or not, and in every command quoted in the prose. The blocks themselves run in
// commands.e2e.test.ts.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { guides, shellBlocks } from "../helpers/guideBlocks.ts";

const root = path.resolve(import.meta.dirname, "../..");
const scripts = Object.keys(JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts);
const text = (f: string) => readFileSync(path.join(root, f), "utf8");
const all = guides.flatMap((f) => shellBlocks(f, text(f)));

/** A command that would not run on the shell's Node as written: the project's tools outside scripts/dev.sh. */
const NOT_ON_NODE_20 =
  /(^|[\s;&|(`])(npm (run|test|start|exec)\b|node_modules\/\.bin\/|npx (vitest|redocly|@redocly|spectral|prism|@stoplight|tsc|biome|stryker|tsx src|tsdown)\b)/;

describe("the guides' commands", () => {
  test("every skipped or server block says why", () => {
    expect(all.filter((b) => b.kind === "run" || b.kind === "server").length).toBeGreaterThanOrEqual(8);
    for (const b of all.filter((b) => b.kind !== "run"))
      expect(b.note.length, `${b.file}:${b.line}`).toBeGreaterThan(8);
  });

  test("the rule finds what it must (the check can fail)", () => {
    for (const bad of [
      "npm run mock -- --stateful",
      "npm test",
      "FO_X=1 npm start",
      "node_modules/.bin/redocly respect x",
      "npx redocly lint",
      "npx vitest run test/cli",
    ])
      expect(bad).toMatch(NOT_ON_NODE_20);
    for (const good of ["bash scripts/dev.sh mock -- --stateful", "npx fo-mock keys", "npx tsx example.mts", "npm ci"])
      expect(good).not.toMatch(NOT_ON_NODE_20);
  });

  test("every shell block runs on the shell's Node as written, run by the tests or not", () => {
    for (const b of all) {
      // Sourcing scripts/env.sh puts the project's Node 24 first on PATH: npm run works after it. A reader's own
      // project runs its own tools (npm test there is its test command).
      if (/source scripts\/env\.sh/.test(b.code) || b.kind === "project") continue;
      for (const line of b.code.split("\n")) {
        expect(line, `${b.file}:${b.line}: use bash scripts/dev.sh`).not.toMatch(NOT_ON_NODE_20);
        for (const m of line.matchAll(/bash scripts\/dev\.sh ([^-\s]\S*)/g))
          expect(scripts, `${b.file}:${b.line}`).toContain(m[1]);
      }
    }
  });

  test("every command quoted in the prose does too", () => {
    for (const f of guides) {
      const prose = text(f).replace(/^```[\s\S]*?^```/gm, "");
      for (const [, code] of prose.matchAll(/`([^`\n]+)`/g))
        expect(code, `${f}: \`${code}\``).not.toMatch(NOT_ON_NODE_20);
    }
  });
});

// `bash scripts/dev.sh tarball` writes the client's and the mock's tarballs into one folder, and the mock's name starts
// with the client's: a tarball pattern in a guide must pick out one of them, never both.
test("every tarball pattern in the guides names one of the two packages' tarballs", () => {
  const { name, version } = JSON.parse(text("package.json")) as { name: string; version: string };
  const tarballs = [`${name}-${version}.tgz`, `${name}-mock-${version}.tgz`];
  // Patterns the check must tell apart: it can fail.
  expect(tarballs.filter((t) => path.matchesGlob(t, `${name}-*.tgz`))).toHaveLength(2);
  expect(tarballs.filter((t) => path.matchesGlob(t, `${name}-[0-9]*.tgz`))).toEqual([tarballs[0]]);
  let patterns = 0;
  for (const f of guides)
    for (const [pattern] of text(f).matchAll(/[\w.[\]-]*\*[\w.*[\]-]*\.tgz/g)) {
      patterns++;
      expect(
        tarballs.filter((t) => path.matchesGlob(t, pattern)),
        `${f}: ${pattern}`,
      ).toHaveLength(1);
    }
  expect(patterns).toBeGreaterThanOrEqual(2);
});

test("the README stays short, lines at most 110 wide", () => {
  const readme = text("README.md").split("\n");
  expect(readme.length).toBeLessThanOrEqual(90);
  expect(readme.filter((l) => l.length > 110)).toEqual([]);
});

test("links between guides point at files", () => {
  let links = 0;
  for (const f of [...guides, "CONTRIBUTING.md", "CHANGELOG.md"]) {
    // Links in the prose only: a fenced code block's `](x)` is code (Go's generics, for one).
    const prose = text(f).replace(/^```[\s\S]*?^```/gm, "");
    for (const [, target] of prose.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      links++;
      const resolved = path.relative(root, path.resolve(path.dirname(path.join(root, f)), target!));
      expect(existsSync(path.join(root, resolved)), `${f} links ${target}`).toBe(true);
    }
  }
  expect(links).toBeGreaterThan(0);
});
