// A consumer project outside the repository records through `fo-sign proxy --record` and gets the report with
// `fo-mock drift`, from the built tarballs: the section "Try it on the mock" of docs/checking-the-document.md followed
// verbatim (its shell blocks in order in one shell, its file written from the guide) in a fresh folder, with the
// Node.js of the mock package's floor (24) first on PATH and nothing of the project's but `FO_REPO` (here a folder
// that holds the tarballs the tier packed). The report says
// no error (the mock answers as the document says), the recording is the owner's alone and holds no key, and no
// process of the run is left.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { shellBlocks } from "../helpers/guideBlocks.ts";
import { readerEnv } from "../helpers/readerShell.ts";

const root = path.resolve(import.meta.dirname, "../..");
const GUIDE = "docs/checking-the-document.md";
const SECTION = "## Try it on the mock";
const work = mkdtempSync(path.join(os.tmpdir(), "fo-drift-consumer-"));
const node24 = path.join(root, "runtimes/node_modules/node24/bin");
const shell = (extra: NodeJS.ProcessEnv = {}) =>
  readerEnv({
    PATH: `${node24}${path.delimiter}${readerEnv().PATH}`,
    SCARF_ANALYTICS: "false",
    DO_NOT_TRACK: "1",
    NO_UPDATE_NOTIFIER: "1",
    ...extra,
  });
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started)
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // The group is gone.
    }
  rmSync(work, { recursive: true, force: true });
});

/** Runs `script` with bash in `cwd`, in a process group of its own; its exit code and what it printed. */
function bash(script: string, cwd: string, env: NodeJS.ProcessEnv) {
  const child = spawn("bash", ["-c", script], { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  started.push(child);
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 600_000);
  return new Promise<{ code: number | null; out: string }>((resolve) =>
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    }),
  );
}

/** Where the tarballs go: a folder of this run's, which the guide's `$FO_REPO` names (only they are read there). */
const artifacts = path.join(work, "artifacts");

beforeAll(() => {
  execFileSync("mkdir", ["-p", artifacts]);
  // The tarballs the tier packed before any file started (test/helpers/e2eArtifacts.ts).
  for (const file of [inject("tarballs").client, inject("tarballs").mock])
    cpSync(file, path.join(artifacts, path.basename(file)));
});

test("the guide's section, verbatim, from the tarballs: a recording, then the report, with no error", async () => {
  const guide = readFileSync(path.join(root, GUIDE), "utf8");
  const from = guide.indexOf(`\n${SECTION}\n`);
  expect(from, `${GUIDE} has no section "${SECTION}"`).toBeGreaterThan(0);
  const text = guide.slice(from);
  const firstLine = guide.slice(0, from).split("\n").length;
  const blocks = shellBlocks(GUIDE, guide).filter((b) => b.line > firstLine);
  expect(blocks.length).toBe(2);
  // The file the guide shows, as it shows it (test/docs/embedded-files.test.ts holds it equal to the repository's).
  const file = /<!-- file: (\S+) -->\n```js\n([\s\S]*?)\n```/.exec(text);
  expect(file, "the section shows record.mjs").not.toBeNull();
  const dir = path.join(work, "project");
  execFileSync("mkdir", ["-p", dir]);
  writeFileSync(path.join(dir, path.basename(file![1]!)), `${file![2]}\n`);

  const run = await bash(
    `set -eo pipefail\n${blocks.map((b) => b.code).join("\n")}`,
    dir,
    shell({ FO_REPO: artifacts }),
  );
  expect(run.code, run.out).toBe(0);
  expect(run.out).not.toMatch(/EBADENGINE/);
  expect(run.out).toMatch(/^201 \/conversions\/hedge$/m);
  expect(run.out).toMatch(/^fo-mock drift: wrote drift\.md: 0 error\(s\), 0 warning\(s\), \d+ information$/m);

  const report = readFileSync(path.join(dir, "drift.md"), "utf8");
  expect(report).toMatch(/^Recording `traffic\.har`: 4 exchanges, 4 of them routed to an operation/m);
  expect(report).toContain("| `listRfiCases` | answer status | shows 200 (documented as 2XX) | gap |");
  const har = readFileSync(path.join(dir, "traffic.har"), "utf8");
  expect(statSync(path.join(dir, "traffic.har")).mode & 0o777).toBe(0o600);
  const secret = Object.values(JSON.parse(readFileSync(path.join(dir, ".mock-keys.json"), "utf8")) as string[])[0]!;
  const accessKey = Object.keys(JSON.parse(readFileSync(path.join(dir, ".mock-keys.json"), "utf8")))[0]!;
  for (const text of [har, report]) {
    expect(text.includes(secret)).toBe(false);
    expect(text.includes(accessKey)).toBe(false);
  }
  const authorizations = [...har.matchAll(/"name":"Authorization","value":"([^"]*)"/g)].map((m) => m[1]);
  expect(authorizations).toHaveLength(4);
  for (const value of authorizations)
    expect(value).toMatch(/^Service-HMAC-SHA256 [aA1._~-]+:11111111A111111A:[a1]{64}$/);

  // Nothing of the run is left: the mock and the proxy ended with record.mjs, their tie.
  let left = "";
  try {
    left = execFileSync("pgrep", ["-af", dir], { encoding: "utf8" });
  } catch {
    // pgrep exits 1 when no process matches.
  }
  expect(left).toBe("");
}, 600_000);
