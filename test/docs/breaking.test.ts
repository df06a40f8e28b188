// The breaking-change check (scripts/breaking.mjs on oasdiff): the real document agrees with the package
// version and CHANGELOG.md; generated breaking changes (operations, request fields, response fields, webhooks,
// picked by a seeded random walk over the document) fail a release without a major bump and pass with one; the
// version rule itself is checked over generated versions and levels.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { bumpOf, changelogSection, check, compareVersions, LEVELS, parseVersion } from "../../scripts/breaking.mjs";
import { oasdiffChanges } from "../../scripts/oasdiff.mjs";
import { seededRandom } from "../../scripts/seeded-random.mjs";
import { loadBundle, type Json } from "../helpers/document.ts";

const root = path.resolve(import.meta.dirname, "../..");
const script = path.join(root, "scripts/breaking.mjs");
const dir = mkdtempSync(path.join(os.tmpdir(), "breaking-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const current = loadBundle();
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const changelog = readFileSync(path.join(root, "CHANGELOG.md"), "utf8");

const seed = Number(process.env.BREAKING_SEED ?? Date.now() % 100000);
// A failing case is replayed with BREAKING_SEED=<the seed in its title>.
const rnd = seededRandom(seed);
const pick = <T>(items: T[]): T => items[Math.floor(rnd() * items.length)]!;

function writeDoc(name: string, doc: Json) {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(doc));
  return file;
}

/** Runs the script as `npm run lint` does; returns its exit code and output. */
function run(args: string[]) {
  const res = spawnSync(process.execPath, [script, ...args], { cwd: root, encoding: "utf8" });
  return { status: res.status, output: res.stdout + res.stderr };
}

const METHODS = ["get", "put", "post", "patch", "delete"];
const operations = Object.entries(current.paths as Record<string, Json>).flatMap(([p, item]) =>
  Object.keys(item)
    .filter((m) => METHODS.includes(m))
    .map((m) => [p, m] as const),
);
const jsonBodies = operations.filter(
  ([p, m]) => current.paths[p][m].requestBody?.content?.["application/json"]?.schema,
);

/** Breaking changes a consumer would feel, each made on a copy of the document at a random place. */
const mutations: Record<string, (doc: Json) => string> = {
  "remove an operation": (doc) => {
    const [p, m] = pick(operations);
    delete doc.paths[p][m];
    return `${m.toUpperCase()} ${p}`;
  },
  "require a new request field": (doc) => {
    const [p, m] = pick(jsonBodies);
    const media = doc.paths[p][m].requestBody.content["application/json"];
    media.schema = {
      allOf: [
        media.schema,
        { type: "object", required: ["added_field"], properties: { added_field: { type: "string" } } },
      ],
    };
    return `${m.toUpperCase()} ${p}`;
  },
  "add a required query parameter": (doc) => {
    const [p, m] = pick(operations);
    const op = doc.paths[p][m];
    op.parameters = [
      ...(op.parameters ?? []),
      { name: "added_param", in: "query", required: true, schema: { type: "string" } },
    ];
    return `${m.toUpperCase()} ${p}`;
  },
  "remove a webhook": (doc) => {
    const name = pick(Object.keys(doc.webhooks));
    delete doc.webhooks[name];
    return `webhook ${name}`;
  },
};

describe("breaking-change check against the released baseline", () => {
  test("keeps the first release's document, 1.0.13, as the baseline, and waives nothing", () => {
    const files = readdirSync(path.join(root, "baseline"));
    expect(files).toContain("openapi-1.0.13.json");
    expect(files.filter((f) => f.startsWith("accepted-"))).toEqual([]);
  });

  test("the real document agrees with the package version and CHANGELOG.md", () => {
    const { status, output } = run([]);
    expect(output).toContain(`package version ${pkg.version}`);
    expect(output).toContain(`every change is in CHANGELOG.md [${pkg.version}] with its level`);
    expect(status).toBe(0);
  });

  test("the same document released as a patch or minor version fails, naming the major bump it needs", () => {
    const { status, output } = run(["--package-version", "1.1.0"]);
    expect(output).toContain("need a major bump of the package version (package.json says 1.1.0)");
    expect(status).toBe(1);
  });

  test("the package version is the package's own; info.version stays the API's", () => {
    expect(parseVersion(pkg.version)).toBeDefined();
    expect(current.info.version).toBe("1.0.13");
    expect(changelogSection(changelog, pkg.version)).toBeDefined();
  });

  test("CHANGELOG.md is in Keep a Changelog form: dated releases, newest first, the newest the package version", () => {
    const releases = [...changelog.matchAll(/^## \[([^\]]+)\] - (\d{4}-\d{2}-\d{2})$/gm)].map((m) => m[1]!);
    expect(releases[0]).toBe(pkg.version);
    expect(releases).toContain("1.0.13");
    for (const v of releases) expect(parseVersion(v), v).toBeDefined();
    expect([...releases].sort((a, b) => compareVersions(b, a))).toEqual(releases);
    // Every second-level heading is a release, except Keep a Changelog's "Unreleased" (first, if any) and the
    // API's own change record at the end.
    expect(changelog.match(/^## .*$/gm)).toEqual([
      ...(/^## \[Unreleased\]$/m.test(changelog) ? ["## [Unreleased]"] : []),
      ...releases.map((v) => expect.stringMatching(`^## \\[${v.replaceAll(".", "\\.")}\\]`)),
      "## API change record",
    ]);
  });

  test("one licence, Apache-2.0, for the package, the Python hook and the Go hook", () => {
    expect(readFileSync(path.join(root, "LICENSE"), "utf8")).toMatch(/^\s*Apache License\s+Version 2\.0, January 2004/);
    expect(pkg.license).toBe("Apache-2.0");
    expect(readFileSync(path.join(root, "python/pyproject.toml"), "utf8")).toMatch(/^license = "Apache-2\.0"$/m);
    expect(readFileSync(path.join(root, "go/README.md"), "utf8")).toMatch(/## Licence\s+Apache-2\.0.*LICENSE/);
  });

  test("the API's change record (docs page) is in CHANGELOG.md", () => {
    const record = String(current.info.description).split(/^## Changelog\s*$/m)[1] ?? "";
    const bullets = record
      .split(/^- /m)
      .slice(1)
      .map((b) => b.split(/^#/m)[0]!.replace(/\s+/g, " ").trim());
    expect(bullets.length).toBeGreaterThan(0);
    const flat = changelog.replace(/\s+/g, " ");
    for (const b of bullets) expect(flat).toContain(b);
    for (const v of record.match(/^### \d+\.\d+\.\d+/gm) ?? []) expect(changelog).toContain(`### API ${v.slice(4)}`);
  });

  test.each(Object.keys(mutations))(
    `a generated breaking change (%s, seed ${seed}) needs a major version and its changelog entry`,
    (kind) => {
      const doc = structuredClone(current);
      const where = mutations[kind]!(doc);
      // The current document as a released 4.2.1, so the diff is the one change.
      const base = writeDoc("openapi-4.2.1.json", current);
      const changes = oasdiffChanges(base, writeDoc(`${kind.replace(/\W+/g, "-")}.json`, doc));
      const errors = changes.filter((c: { level: number }) => c.level === 3);
      expect(errors.length, `${kind} at ${where}`).toBeGreaterThan(0);
      // A changelog entry as a release would write it: each reported rule under the heading of its level.
      const listed = (level: number) =>
        [
          ...new Set(
            changes.filter((c: { level: number }) => c.level === level).map((c: { id: string }) => `\`${c.id}\``),
          ),
        ].join(", ");
      const entry = (version: string) =>
        `## [${version}] - 2026-01-01\n\n### Breaking (oasdiff error)\n\n- ${kind}: ${listed(3)}\n\n` +
        `### Potentially breaking (oasdiff warning)\n\n- ${listed(2)}\n\n` +
        `### Compatible (oasdiff info)\n\n- ${listed(1)}\n`;
      const common = { changes, baseVersion: "4.2.1", apiVersionBefore: "1.0.13", apiVersionAfter: "1.0.13" };
      for (const version of ["4.2.2", "4.3.0"]) {
        const res = check({ ...common, packageVersion: version, changelog: entry(version) });
        expect(res.ok, `${kind} at ${where} released as ${version}`).toBe(false);
        expect(res.lines.join("\n")).toContain("need a major bump");
      }
      expect(
        check({ ...common, packageVersion: "5.0.0", changelog: entry("5.0.0") }).ok,
        `${kind} at ${where} as 5.0.0`,
      ).toBe(true);
      // A major version whose changelog leaves the change out still fails, naming the rule.
      const missing = check({
        ...common,
        packageVersion: "5.0.0",
        changelog: "## [5.0.0] - 2026-01-01\n\n### Breaking (oasdiff error)\n\n- something else\n",
      });
      expect(missing.ok).toBe(false);
      expect(missing.lines.join("\n")).toContain(`does not name \`${errors[0]!.id}\``);
    },
  );

  test(
    "the version rule over generated versions and levels: ok exactly when the bump covers the worst level " +
      "and every rule is listed",
    () => {
      for (let i = 0; i < 500; i++) {
        const base = [0, 1, 2].map(() => Math.floor(rnd() * 4)).join(".");
        const [M, m, p] = parseVersion(base)!;
        const next = pick([
          `${M}.${m}.${p}`,
          `${M}.${m}.${p + 1}`,
          `${M}.${m + 1}.0`,
          `${M + 1}.0.0`,
          `${M}.${m}.${Math.max(0, p - 1)}`,
        ]);
        const levels = [1, 2, 3].filter(() => rnd() < 0.4);
        const changes = levels.map((level) => ({ id: `rule-${level}`, level, text: "t" }));
        const listed = rnd() < 0.8;
        const changelog = listed
          ? `## [${next}]\n### Breaking (oasdiff error)\n- \`rule-3\`\n` +
            `### Potentially breaking (oasdiff warning)\n- \`rule-2\`\n` +
            `### Compatible (oasdiff info)\n- \`rule-1\`\n`
          : `## [${next}]\n### Breaking (oasdiff error)\n- \`rule-2\` \`rule-1\`\n`;
        const res = check({ changes, baseVersion: base, packageVersion: next, changelog });
        const rank = { none: 0, patch: 1, minor: 2, major: 3, backwards: -1 } as const;
        const bump = bumpOf(base, next);
        const need = Math.max(0, ...levels);
        const expected =
          bump !== "backwards" && rank[bump] >= need && (bump === "none" || listed || levels.length === 0);
        expect(res.ok, `${base} -> ${next}, levels ${levels}, listed ${listed}: ${res.lines.join(" | ")}`).toBe(
          expected,
        );
      }
      expect(Object.values(LEVELS).map((l) => l.bump)).toEqual(["patch", "minor", "major"]);
      expect(compareVersions("1.0.13", "1.0.9")).toBeGreaterThan(0);
    },
  );

  test("a new API version needs its section in the API's change record", () => {
    const doc = structuredClone(current);
    doc.info.version = "1.0.14";
    const { status, output } = run(["--document", writeDoc("api-version.json", doc)]);
    expect(output).toContain('has no "### 1.0.14" section');
    expect(status).toBe(1);
  });

  test("refuses an unknown option or a missing value with the usage line", () => {
    for (const args of [["--bogus"], ["--document"], ["stray"]]) {
      const { status, output } = run(args);
      expect(output).toMatch(/node scripts\/breaking\.mjs \[--document FILE\]/);
      expect(status).toBe(2);
    }
  });
});
