// scripts/mutation.mjs reads StrykerJS's JSON report: per-file counts, Stryker's mutation score, group
// verdicts against the targets, and the exit status of `npm run mutation` on a report.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, test } from "vitest";
import {
  countStatuses,
  fileRows,
  formatResults,
  groupResults,
  missed,
  portableReport,
  type Report,
  score,
  underFloor,
} from "../../scripts/mutation.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "mutation-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const mutants = (spec: Record<string, number>) =>
  Object.entries(spec).flatMap(([status, n]) => Array.from({ length: n }, () => ({ status })));

/** Signing at 19 of 20 (95%), the mock at 18 of 20 (90%), one client file at 9 of 10 (90%). */
const report: Report = {
  files: {
    "src/signing/secret.ts": { mutants: mutants({ Killed: 17, Timeout: 2, Survived: 1, Ignored: 3 }) },
    "src/mock/auth/keys.ts": { mutants: mutants({ Killed: 10, NoCoverage: 1, CompileError: 4 }) },
    "src/mock/request/target.ts": { mutants: mutants({ Killed: 8, Survived: 1, RuntimeError: 2 }) },
    "src/client/retry.ts": { mutants: mutants({ Killed: 9, Survived: 1 }) },
  },
};

describe("score", () => {
  test("is killed plus timeout over all but ignored and errors", () => {
    expect(score(countStatuses(mutants({ Killed: 3, Timeout: 1, Survived: 3, NoCoverage: 1, Ignored: 9 })))).toBe(50);
  });

  test("is null with no valid mutant", () => {
    expect(score(countStatuses(mutants({ Ignored: 2, CompileError: 1 })))).toBeNull();
  });

  test("stays within 0-100 and grows with each kill", () => {
    const count = fc.nat(50);
    fc.assert(
      fc.property(count, count, count, count, (killed, timeout, survived, noCoverage) => {
        const counts = countStatuses(mutants({ Killed: killed, Timeout: timeout, Survived: survived }));
        counts.NoCoverage = noCoverage;
        const s = score(counts);
        if (killed + timeout + survived + noCoverage === 0) return s === null;
        const more = score({ ...counts, Killed: killed + 1 })!;
        return s! >= 0 && s! <= 100 && (s === 100 ? more === 100 : more > s!);
      }),
    );
  });
});

describe("groups", () => {
  const results = groupResults(fileRows(report));
  const byName = Object.fromEntries(results.map((g) => [g.name, g]));

  test("add up their files", () => {
    expect(byName.signing!.score).toBe(95);
    expect(byName["mock request reading and authentication"]!.score).toBe(90);
    expect(byName["client transport"]!.score).toBe(90);
  });

  test("fail under their target, and only then", () => {
    expect(missed(results).map((g) => g.name)).toEqual(["mock request reading and authentication"]);
  });

  test("with no file in the run are not judged", () => {
    const signingOnly = groupResults(
      fileRows({ files: { "src/signing/secret.ts": report.files!["src/signing/secret.ts"]! } }),
    );
    expect(signingOnly.map((g) => g.run)).toEqual(signingOnly.map((g) => g.name === "signing"));
    expect(missed(signingOnly)).toEqual([]);
  });

  test("leave out files outside every group", () => {
    const other = groupResults(fileRows({ files: { "src/other.ts": { mutants: mutants({ Survived: 5 }) } } }));
    expect(other.every((g) => !g.run)).toBe(true);
    expect(missed(other)).toEqual([]);
  });
});

describe("table", () => {
  const rows = fileRows(report);
  const text = formatResults(rows, groupResults(rows));

  test("has one line per file with its counts and score", () => {
    expect(text).toMatch(/^src\/signing\/secret\.ts +17 +1 +0 +2 +3 +95\.0%$/m);
    expect(text).toMatch(/^src\/mock\/auth\/keys\.ts +10 +0 +1 +0 +0 +90\.9%$/m);
  });

  test("names the missed group and its target", () => {
    expect(text).toContain(
      "mock request reading and authentication (src/mock/request/**/*.ts, src/mock/auth/**/*.ts, src/server/body.ts): 90.0%, target 95%: MISSED",
    );
    expect(text).toContain("signing (src/signing/**/*.ts): 95.0%, target 95%: met");
  });
});

describe("npm run mutation -- --report", () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [path.join(root, "scripts/mutation.mjs"), ...args], { encoding: "utf8" });

  test("exits 1 on a report under target", () => {
    const file = path.join(dir, "under.json");
    writeFileSync(file, JSON.stringify(report));
    const r = run("--report", file);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/under target: mock request reading and authentication/);
  });

  test("exits 0 on a report that meets every target", () => {
    const file = path.join(dir, "met.json");
    writeFileSync(file, JSON.stringify({ files: { "src/signing/a.ts": { mutants: mutants({ Killed: 2 }) } } }));
    const r = run("--report", file);
    expect(r.stdout).toMatch(/signing \(src\/signing\/\*\*\/\*\.ts\): 100\.0%, target 95%: met/);
    expect(r.status).toBe(0);
  });

  test("refuses a time bound that is not a positive number", () => {
    const r = run("--minutes", "0");
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/invalid --minutes "0"/);
  });
});

describe("the floor every file reaches on its own", () => {
  // A group at 95.2% (20 of 21) that carries one file at 50% (1 of 2): the group meets its target, the file does not.
  const carried: Report = {
    files: {
      "src/proxy/strong.ts": { mutants: mutants({ Killed: 19 }) },
      "src/proxy/weak.ts": { mutants: mutants({ Killed: 1, NoCoverage: 1 }) },
      "src/other.ts": { mutants: mutants({ Survived: 3 }) },
    },
  };

  test("names each file of a group under 95%, even when its group meets its target", () => {
    const rows = fileRows(carried);
    expect(missed(groupResults(rows))).toEqual([]);
    expect(underFloor(rows).map((r) => [r.file, r.score])).toEqual([["src/proxy/weak.ts", 50]]);
    expect(underFloor(fileRows(report)).map((r) => r.file)).toEqual(
      ["src/mock/auth/keys.ts", "src/mock/request/target.ts", "src/client/retry.ts"].sort(),
    );
  });

  test("fails the run and names the file and its score", () => {
    const file = path.join(dir, "carried.json");
    writeFileSync(file, JSON.stringify(carried));
    const r = spawnSync(process.execPath, [path.join(root, "scripts/mutation.mjs"), "--report", file], {
      encoding: "utf8",
    });
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(
      /signing proxy \(src\/proxy\/\*\*\/\*\.ts, src\/server\/masked\.ts\): 95\.2%, target 95%: met/,
    );
    expect(r.stderr).toContain(
      "mutation: under the floor of 95% that every file must reach on its own: src/proxy/weak.ts 50.0%",
    );
    expect(r.stderr).not.toMatch(/under target/);
  });
});

describe("the incremental report", () => {
  test("keeps no path of the machine that wrote it, and nothing else changes", () => {
    const file = path.join(dir, "incremental.json");
    const reason = (at: string) => `An error occurred outside of a test run: ${at}test/proxy/x.test.ts: boom`;
    const failed = (at: string) => ({ mutants: [{ status: "Killed", statusReason: reason(at) }] });
    const written = {
      files: {
        ...report.files,
        "src/a.ts": failed("/home/someone/checkout/out/stryker-tmp/sandbox-GsNCj8/"),
        "src/b.ts": failed(`${root}/`),
      },
      schemaVersion: "1.0",
      projectRoot: "/home/someone/checkout",
      config: {},
    };
    writeFileSync(file, JSON.stringify(written, null, 2));
    expect(portableReport(file)).toBe(true);
    const { projectRoot: _, ...rest } = written;
    const portable = { ...rest, files: { ...rest.files, "src/a.ts": failed(""), "src/b.ts": failed("") } };
    expect(readFileSync(file, "utf8")).toBe(JSON.stringify(portable, null, 2));
    expect(portableReport(file)).toBe(false);
  });

  test("committed: no absolute path, marked as generated for diffs", () => {
    const committed = readFileSync(path.join(root, "reports/stryker-incremental.json"), "utf8");
    expect(JSON.parse(committed)).not.toHaveProperty("projectRoot");
    expect(committed).not.toContain(root);
    expect(readFileSync(path.join(root, ".gitattributes"), "utf8")).toMatch(
      /^reports\/stryker-incremental\.json .*linguist-generated=true.* -diff/m,
    );
  });
});
