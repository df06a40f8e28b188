// The mock in a consumer's own project, as the consumer meets it: three projects outside the repository, each
// installed from the built artifacts (the two npm tarballs, the Python wheel, the Go module from its module-proxy
// folder) in a fresh folder, in the reader's shell (the machine's Node, Debian's 20 on a fresh machine, first on PATH),
// each starting the mock itself in its own test runner (vitest's globalSetup, pytest's fo_mock fixture, Go's
// fomock.Start) and walking a quote, its execution, the same quote executed again (409 00000006) and a read through an
// injected 503 (retried by the client to a 200). Afterwards no process the run started is left.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readerEnv } from "../helpers/readerShell.ts";

const root = path.resolve(import.meta.dirname, "../..");
const projects = import.meta.dirname;
const version = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;
const work = mkdtempSync(path.join(os.tmpdir(), "fo-mock-consumers-"));
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
  rmSync(work, { recursive: true, force: true });
});

/** Runs a shell command in `cwd` in its own process group; resolves with its exit code and what it printed. */
function sh(command: string, cwd: string, env: NodeJS.ProcessEnv, timeoutMs = 300_000) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn("bash", ["-c", command], { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    started.push(child);
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), timeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

/** The processes whose command line names `dir`: what a run there left behind. */
function processesIn(dir: string): string[] {
  const left: string[] = [];
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
      if (cmdline.includes(dir)) left.push(`${pid}: ${cmdline.slice(0, 200)}`);
    } catch {
      // It ended while being read.
    }
  }
  return left;
}

/** A fresh copy of a consumer project outside the repository. */
const copyOf = (name: string) => {
  const dir = path.join(work, name);
  cpSync(path.join(projects, name), dir, { recursive: true });
  return dir;
};

let tarballs: { client: string; mock: string };
const env = () => readerEnv({ SCARF_ANALYTICS: "false", DO_NOT_TRACK: "1", NO_UPDATE_NOTIFIER: "1" });

beforeAll(async () => {
  // The two tarballs as `bash scripts/dev.sh tarball` writes them.
  const packed = await sh(`bash ${root}/scripts/dev.sh tarball`, work, env());
  expect(packed.code, packed.out).toBe(0);
  tarballs = {
    client: path.join(work, `financial-operations-api-${version}.tgz`),
    mock: path.join(work, `financial-operations-api-mock-${version}.tgz`),
  };
  for (const file of Object.values(tarballs)) expect(existsSync(file), packed.out).toBe(true);
}, 300_000);

describe("in the consumer's project", () => {
  test("the shell's Node is the machine's", () => {
    const node = execFileSync("node", ["--version"], { env: env(), encoding: "utf8" }).trim();
    console.log(`consumer projects run on ${node}`);
    expect(node).toMatch(/^v\d+\./);
  });

  test("TypeScript: vitest with startMock in its globalSetup", async () => {
    const dir = copyOf("typescript");
    const install = await sh(
      `npm install --no-audit --no-fund --loglevel=error && npm install --no-audit --no-fund --loglevel=error ` +
        `"${tarballs.client}" "${tarballs.mock}"`,
      dir,
      env(),
    );
    expect(install.code, install.out).toBe(0);
    const run = await sh("npm test -- --reporter=verbose", dir, env());
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/2 passed/);
    expect(processesIn(dir)).toEqual([]);
  }, 600_000);
});
