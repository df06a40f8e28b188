// Breaking-change check: oasdiff (scripts/oasdiff.mjs) lists every change from the last released document
// (the newest baseline/openapi-<package version>.json) to the current one, webhooks included, each with its
// level: error (breaks a consumer), warning (may break one), info (compatible). The package's own semantic
// version (package.json) must say so: an error needs a major bump, a warning at least a minor one, any other
// change at least a patch; CHANGELOG.md needs a section for that version naming every change's oasdiff rule
// under the heading of its level. info.version stays the API's (the reference's); when it changes, the API's
// change record in openapi/info-description.md needs a "### <version>" section.
// Usage: node scripts/breaking.mjs [--document FILE] [--baseline FILE] [--package-version V] [--changelog FILE]
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseOrExit } from "./args.mjs";
import { bundle } from "./build.mjs";
import { oasdiffChanges } from "./oasdiff.mjs";
import { packageInfo, root } from "./tools.mjs";

export const baselineDir = path.join(root, "baseline");
export const changelogFile = path.join(root, "CHANGELOG.md");

/**
 * A package version: exactly MAJOR.MINOR.PATCH (no pre-release), as numbers.
 * @param {unknown} version
 * @returns {[number, number, number] | undefined}
 */
export function parseVersion(version) {
  const m = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/.exec(String(version));
  return m ? /** @type {[number, number, number]} */ (m.slice(1, 4).map(Number)) : undefined;
}

/**
 * parseVersion for a version that must be one: anything else is an error that names it.
 * @param {string} version
 */
function versionParts(version) {
  const parts = parseVersion(version);
  if (!parts) throw new Error(`${JSON.stringify(version)} is not a MAJOR.MINOR.PATCH version`);
  return parts;
}

/**
 * Compares two versions as dotted numbers (1.0.13 < 1.0.14 < 1.1.0 < 2.0.0).
 * @param {string} a @param {string} b
 */
export function compareVersions(a, b) {
  const pa = versionParts(a);
  const pb = versionParts(b);
  return pa[0] - pb[0] || pa[1] - pb[1] || pa[2] - pb[2];
}

/** The newest `baseline/openapi-<version>.json`. */
export function latestBaseline(dir = baselineDir) {
  const versions = readdirSync(dir)
    .map((f) => /^openapi-(\d+\.\d+\.\d+)\.json$/.exec(f)?.[1])
    .filter((v) => v !== undefined)
    .sort(compareVersions);
  if (versions.length === 0) throw new Error(`No baseline/openapi-<version>.json in ${path.relative(root, dir)}.`);
  return path.join(dir, `openapi-${versions.at(-1)}.json`);
}

/**
 * The level names of oasdiff's numbers, and the least bump of the package version each one asks for.
 * @type {Readonly<Record<number, { name: "error" | "warning" | "info", bump: Bump, heading: RegExp }>>}
 */
export const LEVELS = {
  3: { name: "error", bump: "major", heading: /breaking/i },
  2: { name: "warning", bump: "minor", heading: /potentially breaking/i },
  1: { name: "info", bump: "patch", heading: /compatible/i },
};

/**
 * The bump from `from` to `to`: "major", "minor", "patch", "none" or "backwards".
 * @param {string} from @param {string} to
 * @returns {Bump | "backwards"}
 */
export function bumpOf(from, to) {
  const [a, b] = [versionParts(from), versionParts(to)];
  if (b[0] !== a[0]) return b[0] > a[0] ? "major" : "backwards";
  if (b[1] !== a[1]) return b[1] > a[1] ? "minor" : "backwards";
  if (b[2] !== a[2]) return b[2] > a[2] ? "patch" : "backwards";
  return "none";
}
/** @typedef {"none" | "patch" | "minor" | "major"} Bump */
/** @type {Readonly<Record<Bump, number>>} */
const RANK = { none: 0, patch: 1, minor: 2, major: 3 };
/** The CHANGELOG.md heading each oasdiff level's rules go under (any other level: Compatible). */
/** @type {Readonly<Record<string, string>>} */
const HEADINGS = { error: "Breaking", warning: "Potentially breaking" };

const escapeRegExp = (/** @type {string} */ s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The text of CHANGELOG.md's `## [<version>]` section (Keep a Changelog), or undefined.
 * @param {string} changelog @param {string} version
 */
export function changelogSection(changelog, version) {
  const lines = changelog.split("\n");
  const start = lines.findIndex((l) => new RegExp(`^## \\[${escapeRegExp(version)}\\](\\s|$)`).test(l));
  if (start < 0) return undefined;
  const end = lines.findIndex((l, i) => i > start && /^## /.test(l));
  return lines.slice(start, end < 0 ? undefined : end).join("\n");
}

/**
 * The `### ` subsections of a section: [{heading, text}].
 * @param {string} section
 */
function subsections(section) {
  return section
    .split(/^(?=### )/m)
    .slice(1)
    .map((part) => ({ heading: part.split("\n", 1)[0] ?? "", text: part }));
}

/**
 * True when the API description has a changelog heading for the version (`### 1.0.14`).
 * @param {string | undefined} description @param {string | undefined} version
 */
export function hasApiChangelogSection(description, version) {
  if (version === undefined) return false;
  return new RegExp(`^#{2,4}\\s+v?${escapeRegExp(version)}\\s*$`, "m").test(description ?? "");
}

/**
 * @typedef {{ id: string, level: number, text: string, operation?: string, path?: string }} Change oasdiff's, as
 *   `oasdiff changelog --format json` gives it
 */

/**
 * Rule ids by level, each with how often it was reported and one example text.
 * @param {Change[]} changes
 */
function byRule(changes) {
  /** @type {Map<string, { id: string, level: number, count: number, example: string }>} */
  const rules = new Map();
  for (const c of changes) {
    const key = `${c.level} ${c.id}`;
    const entry = rules.get(key) ?? {
      id: c.id,
      level: c.level,
      count: 0,
      example: `${c.operation ?? ""} ${c.path ?? ""}: ${c.text}`.trim(),
    };
    entry.count++;
    rules.set(key, entry);
  }
  return [...rules.values()].sort((a, b) => b.level - a.level || a.id.localeCompare(b.id));
}

/**
 * Decides whether the document may ship under the package version.
 * @param {{changes: Change[], baseVersion: string, packageVersion: string,
 *   changelog: string, apiVersionBefore?: string, apiVersionAfter?: string, apiDescription?: string}} input
 * @returns {{ ok: boolean, lines: string[], required: string }}
 */
export function check({
  changes,
  baseVersion,
  packageVersion,
  changelog,
  apiVersionBefore,
  apiVersionAfter,
  apiDescription,
}) {
  /** @type {string[]} */
  const lines = [];
  let ok = true;
  const fail = (/** @type {string} */ line) => {
    ok = false;
    lines.push(line);
  };
  if (!parseVersion(packageVersion)) {
    return {
      ok: false,
      required: "none",
      lines: [`package.json version ${JSON.stringify(packageVersion)} is not MAJOR.MINOR.PATCH.`],
    };
  }
  const rules = byRule(changes);
  const counts = [3, 2, 1].map((l) => `${changes.filter((c) => c.level === l).length} ${LEVELS[l]?.name}`).join(", ");
  const required = changes.reduce(
    /** @param {Bump} most @param {Change} c @returns {Bump} */
    (most, c) => (RANK[LEVELS[c.level]?.bump ?? "major"] > RANK[most] ? (LEVELS[c.level]?.bump ?? "major") : most),
    "none",
  );
  const bump = bumpOf(baseVersion, packageVersion);
  lines.push(
    `oasdiff against the ${baseVersion} release: ${changes.length} change(s) (${counts}); ` +
      `package version ${packageVersion} (${bump} bump), needed: ${required === "none" ? "none" : `${required} bump`}`,
  );

  if (bump === "backwards") fail(`package.json version ${packageVersion} is older than the released ${baseVersion}.`);
  else if (RANK[bump] < RANK[required]) {
    fail(
      `The document changed since ${baseVersion} in ways that need a ${required} bump of the package version ` +
        `(package.json says ${packageVersion}):`,
    );
    for (const r of rules.filter((r) => RANK[LEVELS[r.level]?.bump ?? "major"] > RANK[bump]).slice(0, 20))
      lines.push(`  - ${LEVELS[r.level]?.name ?? r.level} ${r.id} (x${r.count}), e.g. ${r.example}`);
  }

  if (bump !== "none" && bump !== "backwards") {
    const section = changelogSection(changelog, packageVersion);
    if (!section) fail(`CHANGELOG.md has no "## [${packageVersion}]" section.`);
    else {
      const parts = subsections(section);
      for (const r of rules) {
        const level = LEVELS[r.level];
        const under = parts.filter(
          (p) => level?.heading.test(p.heading) && !(level.name === "error" && /potentially/i.test(p.heading)),
        );
        if (!under.some((p) => p.text.includes(`\`${r.id}\``))) {
          const heading = (level && HEADINGS[level.name]) ?? "Compatible";
          fail(
            `CHANGELOG.md [${packageVersion}] does not name \`${r.id}\` (oasdiff ${level?.name ?? r.level}, ` +
              `x${r.count}) under a "### ${heading} ..." heading; e.g. ${r.example}`,
          );
        }
      }
    }
  }

  if (apiVersionBefore !== apiVersionAfter && !hasApiChangelogSection(apiDescription, apiVersionAfter)) {
    fail(
      `info.version is ${apiVersionAfter} (baseline ${apiVersionBefore}) but the API's change record in ` +
        `openapi/info-description.md has no "### ${apiVersionAfter}" section.`,
    );
  }
  if (ok)
    lines.push(
      changes.length
        ? `every change is in CHANGELOG.md [${packageVersion}] with its level`
        : "no change to the document",
    );
  return { ok, lines, required };
}

const readJson = (/** @type {string} */ file) => JSON.parse(readFileSync(file, "utf8"));

/** @satisfies {import("../src/cli/args.ts").Command} */
export const command = {
  name: "breaking",
  usage: "node scripts/breaking.mjs [--document FILE] [--baseline FILE] [--package-version V] [--changelog FILE]",
  options: {
    document: { type: "string" },
    baseline: { type: "string" },
    "package-version": { type: "string" },
    changelog: { type: "string" },
  },
};

async function main() {
  const { values: args } = parseOrExit(command, process.argv.slice(2), packageInfo);
  const baselineFile = args.baseline ?? latestBaseline();
  const baseVersion = /openapi-(\d+\.\d+\.\d+)\.json$/.exec(baselineFile)?.[1];
  if (!baseVersion) throw new Error(`${baselineFile}: a baseline is named openapi-<package version>.json`);
  // Without --document: a fresh bundle of openapi/, in a temporary file for oasdiff.
  const documentFile = args.document ?? path.join(mkdtempSync(path.join(os.tmpdir(), "breaking-")), "openapi.json");
  const tmp = args.document ? undefined : path.dirname(documentFile);
  const after = args.document ? readJson(documentFile) : await bundle();
  let changes;
  try {
    if (tmp) writeFileSync(documentFile, JSON.stringify(after));
    changes = oasdiffChanges(baselineFile, documentFile);
  } finally {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }
  const before = readJson(baselineFile);
  const result = check({
    changes,
    baseVersion,
    packageVersion: args["package-version"] ?? readJson(path.join(root, "package.json")).version,
    changelog: readFileSync(args.changelog ?? changelogFile, "utf8"),
    apiVersionBefore: before.info?.version,
    apiVersionAfter: after.info?.version,
    apiDescription: after.info?.description,
  });
  const out = `breaking-change check: ${result.lines.join("\n")}`;
  if (result.ok) console.log(out);
  else {
    console.error(out);
    process.exit(1);
  }
}

if (import.meta.main) {
  main().catch((err) => {
    console.error(`breaking-change check: ${err.message}`);
    process.exit(1);
  });
}
