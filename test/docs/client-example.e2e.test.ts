// The client guide's first example, run the way docs/client.md tells its reader to run it: saved as example.mts in a
// project of their own outside the repository (the packed packages installed with the shell's npm and Node, Debian's
// 20 on a fresh machine), the mock started there with the guide's own commands (the mock package's fo-mock, with the
// Node 24 its package names first on PATH), the guide's run block typed verbatim in that project. Only the mock's free port differs from what the reader types; the
// example must list RFI cases, execute a quote once and print what it signed.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { freePort, stopChild } from "../helpers/processes.ts";
import { readerEnv } from "../helpers/readerShell.ts";

const root = path.resolve(import.meta.dirname, "../..");
const guide = readFileSync(path.join(root, "docs/client.md"), "utf8");
const STEP_TIMEOUT = 240_000;

/** The text between `## Client` and the next second-level heading. */
const clientSection = guide.slice(
  guide.indexOf("\n## Client\n"),
  guide.indexOf("\n## ", guide.indexOf("\n## Client\n") + 4),
);
const example = /^```ts\n([\s\S]*?)^```$/m.exec(clientSection)?.[1];
const runSection = clientSection.slice(clientSection.indexOf("### Run the example"));
const [startBlock, runBlock] = [...runSection.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);

function sh(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    execFile(
      "bash",
      ["-euo", "pipefail", "-c", script],
      { cwd, env, timeout: STEP_TIMEOUT, killSignal: "SIGKILL", maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === "number" ? err.code : null) : 0, out: stdout + stderr }),
    );
  });
}

/** The reader's shell with a Node 24 first on PATH, as the guide says the mock package needs (the client does not). */
const mockEnv = () =>
  readerEnv({ PATH: `${path.join(root, "runtimes/node_modules/node24/bin")}${path.delimiter}${readerEnv().PATH}` });

const work = mkdtempSync(path.join(os.tmpdir(), "fo-client-example-"));
const app = path.join(work, "my-app");
const started: ChildProcess[] = [];
let port: number;

beforeAll(async () => {
  // A project of the reader's own, outside the repository, with the packed client (install.md's way) and the tarballs
  // in the folder above it.
  // The tarballs the tier packed before any file started (test/helpers/e2eArtifacts.ts), as `npm run tarball` writes them.
  for (const file of [inject("tarballs").client, inject("tarballs").mock])
    cpSync(file, path.join(work, path.basename(file)));
  const made = await sh(
    `mkdir my-app && cd my-app && npm init -y >/dev/null && npm install --no-audit --no-fund "$(ls ${work}/financial-operations-api-[0-9]*.tgz)"`,
    work,
    readerEnv(),
  );
  expect(made.code, made.out).toBe(0);
  writeFileSync(path.join(app, "example.mts"), example ?? "");
  // The guide's start block in the project, as typed, but for the mock's port: a free one instead of 4010.
  const lines = startBlock!.trim().split("\n");
  const setup = await sh(lines.slice(0, -1).join("\n"), app, mockEnv());
  expect(setup.code, setup.out).toBe(0);
  port = await freePort();
  // Its own process group, stopped whole at the end (npx runs fo-mock through a shell of its own).
  const child = spawn("bash", ["-c", `exec ${lines.at(-1)} --port ${port}`], {
    cwd: app,
    env: mockEnv(),
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let out = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the mock was not ready in 60 s:\n${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d;
      if (out.includes("fo-mock ready: ")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`the mock exited (${code}):\n${out}`)));
  });
}, 2 * STEP_TIMEOUT);

afterAll(async () => {
  for (const child of started) if (child.exitCode === null) process.kill(-child.pid!, "SIGTERM");
  await Promise.all(started.map(stopChild));
  rmSync(work, { recursive: true, force: true });
});

test("the guide has the example, the mock's start and the run block", () => {
  expect(example).toContain("createClient");
  expect(startBlock).toMatch(/npx fo-mock --stateful --auth production --keys \.mock-keys\.json\s*$/);
  expect(runBlock).toMatch(/npx tsx example\.mts/);
});

test(
  "the first example runs with the command the guide gives, in the reader's shell, against the stateful mock",
  async () => {
    const script = runBlock!.replaceAll("127.0.0.1:4010", `127.0.0.1:${port}`);
    const { code, out } = await sh(script, app, readerEnv());
    expect(code, out).toBe(0);
    expect(out).toMatch(/^RFI cases: \d+ /m);
    expect(out).toMatch(/^order: [0-9a-f-]{36} PENDING$/m);
    // The string it signed: access key, timestamp, method, path, body hash (five lines, no trailing newline).
    expect(out).toMatch(/^GET\n\/v1\/customers\/c1\/rfi-cases\n[0-9a-f]{64}$/m);
  },
  STEP_TIMEOUT,
);
