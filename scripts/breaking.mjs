// Breaking-change check: compares the bundled document with the last released one (baseline/) using
// api-smart-diff, and fails on a change it classifies as breaking unless info.version changed and the
// changelog (openapi/info-description.md) has a section for the new version.
// Usage: node scripts/breaking.mjs [--document FILE] [--baseline FILE]
// Without --document it bundles openapi/ afresh; without --baseline it takes the newest baseline/openapi-*.json.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { apiCompare } from "api-smart-diff";
import { parseOrExit } from "./args.mjs";
import { bundle } from "./build.mjs";
import { packageInfo, root } from "./tools.mjs";

export const baselineDir = path.join(root, "baseline");

/** Compares two versions as dotted numbers (1.0.13 < 1.0.14 < 1.1.0). */
function byVersion(a, b) {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}

/** The newest `baseline/openapi-<version>.json`. */
export function latestBaseline(dir = baselineDir) {
  const versions = readdirSync(dir)
    .map((f) => /^openapi-(\d+(?:\.\d+)*)\.json$/.exec(f)?.[1])
    .filter(Boolean)
    .sort(byVersion);
  if (versions.length === 0) throw new Error(`No baseline/openapi-<version>.json in ${path.relative(root, dir)}.`);
  return path.join(dir, `openapi-${versions.at(-1)}.json`);
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** True when the description has a changelog heading for the version (`### 1.0.14`, `## v1.0.14`). */
export function hasChangelogSection(description, version) {
  return new RegExp(`^#{2,4}\\s+v?${escape(version)}\\s*$`, "m").test(description ?? "");
}

/**
 * `additionalProperties: true` is JSON Schema's default, yet api-smart-diff reports adding it as
 * breaking; both documents drop it before comparing, so spelling out an open schema is no change.
 */
export function dropDefaults(node) {
  if (Array.isArray(node)) return node.map(dropDefaults);
  if (!node || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k, v]) => !(k === "additionalProperties" && v === true))
      .map(([k, v]) => [k, dropDefaults(v)]),
  );
}

const where = (d) => d.path.map(String).join(" > ");

/**
 * A readable list. A change reached through a `$ref` is reported at every use and once where it is defined:
 * `preferDefinitions` lists the definitions (components, webhooks), otherwise the described uses come first.
 */
function summarize(diffs, { max = 12, preferDefinitions = false } = {}) {
  const pick = preferDefinitions ? diffs.filter((d) => d.path[0] !== "paths") : diffs.filter((d) => d.description);
  const shown = pick.length ? pick : diffs;
  const text = (d) => (d.description && !preferDefinitions ? `${d.description}   [${where(d)}]` : `${d.action} at ${where(d)}`);
  const lines = [...new Set(shown.map(text))];
  const out = lines.slice(0, max).map((l) => `  - ${l}`);
  if (lines.length > max) out.push(`  - ... and ${lines.length - max} more`);
  return out;
}

/** The breaking changes accepted against a baseline without a new version: baseline/accepted-<version>.json, if any. */
export function acceptedFor(baselineFile) {
  const file = baselineFile.replace(/openapi-([\d.]+)\.json$/, "accepted-$1.json");
  if (file === baselineFile || !existsSync(file)) return [];
  return JSON.parse(readFileSync(file, "utf8")).accepted.map(({ match, reason }) => ({ match: new RegExp(match), reason }));
}

/**
 * Classifies the changes from `before` to `after` with api-smart-diff and decides whether they may ship.
 * `accepted`: breaking changes that ship anyway, each matched on `<action> <location>` and given a reason.
 * @returns {{ ok: boolean, breaking: object[], unclassified: object[], lines: string[] }}
 */
export function check(before, after, accepted = []) {
  const { diffs } = apiCompare(dropDefaults(before), dropDefaults(after));
  const acceptedBy = (d) => accepted.find(({ match }) => match.test(`${d.action} ${where(d)}`));
  const breaking = diffs.filter((d) => d.type === "breaking" && !acceptedBy(d));
  const reasons = [...new Set(diffs.filter((d) => d.type === "breaking" && acceptedBy(d)).map((d) => acceptedBy(d).reason))];
  const unclassified = diffs.filter((d) => d.type === "unclassified");
  const from = before.info?.version;
  const to = after.info?.version;
  const versionChanged = from !== to;
  const changelogged = hasChangelogSection(after.info?.description, to);
  const lines = [];
  let ok = true;

  if (versionChanged && !changelogged) {
    ok = false;
    lines.push(`info.version is ${to} (baseline ${from}) but the changelog in openapi/info-description.md has no "### ${to}" section.`);
  }
  if (breaking.length) {
    const acknowledged = versionChanged && changelogged;
    if (!acknowledged) ok = false;
    lines.push(`${breaking.length} breaking change(s) against ${from}${acknowledged ? `, released as ${to} with a changelog section` : ""}:`);
    lines.push(...summarize(breaking, { max: 50 }));
    if (!acknowledged) lines.push(`Undo the change, or bump info.version and add a "### <new version>" section to the changelog in openapi/info-description.md.`);
  }
  if (unclassified.length) {
    // api-smart-diff has no rules for some parts (3.1 webhooks, vendor extensions): shown for a human to judge.
    lines.push(`${unclassified.length} change(s) the tool does not classify (not failing; review them):`);
    lines.push(...summarize(unclassified, { preferDefinitions: true }));
  }
  if (reasons.length) lines.push(`breaking changes accepted against ${from} (baseline/accepted-${from}.json):`, ...reasons.map((r) => `  - ${r}`));
  if (ok && !breaking.length) lines.unshift(`no breaking change against ${from} (${diffs.length} change(s) in all)`);
  return { ok, breaking, unclassified, lines };
}

const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));

const command = {
  name: "breaking",
  usage: "node scripts/breaking.mjs [--document FILE] [--baseline FILE]",
  options: { document: { type: "string" }, baseline: { type: "string" } },
};

async function main() {
  const { values } = parseOrExit(command, process.argv.slice(2), packageInfo);
  const baselineFile = values.baseline ?? latestBaseline();
  const documentFile = values.document;
  const after = documentFile ? readJson(documentFile) : await bundle();
  const result = check(readJson(baselineFile), after, acceptedFor(baselineFile));
  const out = `breaking-change check: ${result.lines.join("\n")}`;
  if (result.ok) console.log(out);
  else {
    console.error(out);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(`breaking-change check: ${err.message}`);
    process.exit(1);
  });
}
