// While the end-to-end tier reads this checkout's artifacts (test/helpers/e2eArtifacts.ts sets E2E_READS), every
// script that writes them refuses before it touches anything; in another checkout (a test's copy) it is not held.
import { execFileSync, spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "vitest";
import { E2E_READS } from "../../scripts/tools.mjs";

const root = path.resolve(import.meta.dirname, "../..");

/** The builders of the packages and the clients, with arguments that would build. */
const BUILDERS: [script: string, args: string[]][] = [
  ["scripts/build-package.mjs", []],
  ["scripts/tarball.mjs", []],
  ["scripts/clients.mjs", ["build", "python"]],
];

test.each(BUILDERS)("%s refuses while the end-to-end tier reads this checkout", (script, args) => {
  const run = spawnSync(process.execPath, [path.join(root, script), ...args], {
    cwd: root,
    env: { ...process.env, [E2E_READS]: `${root}/` },
    encoding: "utf8",
    timeout: 20_000,
  });
  expect(run.status, run.stderr).toBe(2);
  expect(run.stderr).toContain("the end-to-end tier built this checkout's artifacts");
  expect(run.stderr).toContain("test/helpers/repoCopy.ts");
  expect(run.stdout).toBe("");
});

test("another checkout is not held: the guard returns there", () => {
  // The guard alone, in a process that names another folder: it goes on to print.
  const out = execFileSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const t = await import(${JSON.stringify(path.join(root, "scripts/tools.mjs"))}); t.refuseWhileE2eReads("x"); console.log("went on");`,
    ],
    { env: { ...process.env, [E2E_READS]: path.join(root, "..", "another-checkout") }, encoding: "utf8" },
  );
  expect(out.trim()).toBe("went on");
});
