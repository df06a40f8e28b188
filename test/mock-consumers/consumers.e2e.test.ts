// The mock in a consumer's own project, as the consumer meets it: the guide "Test your integration against the mock"
// (docs/testing-with-the-mock.md) followed verbatim. Its artifacts section runs in a copy of this repository (the clone
// the guide names, `FO_REPO`); each language's
// section (TypeScript with vitest, Python with pytest, Go) runs in a fresh folder outside it, its files written from
// the guide and its shell blocks run in order in one shell, with the Node.js of the mock package's floor (24) first on
// PATH and nothing else of the project's on PATH or in the environment but `FO_REPO`, the clone the guide names. A
// fourth folder, without the mock package, gets the one short message that names the install command. The JavaScript
// project (jest) runs as the repository holds it. The four artifacts carry one version. Then the mock and the signing
// proxy are stopped every way their starter can end (issue 42: SIGKILL, SIGTERM, a test binary's -timeout panic,
// SIGINT to a process group, SIGTERM to npx), each while it serves, and within 5 s no process of the run is left and
// its port is free.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readerEnv } from "../helpers/readerShell.ts";
import { repoCopy } from "../helpers/repoCopy.ts";

const root = path.resolve(import.meta.dirname, "../..");
const projects = import.meta.dirname;
const version = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;
const guide = readFileSync(path.join(root, "docs/testing-with-the-mock.md"), "utf8");
const work = mkdtempSync(path.join(os.tmpdir(), "fo-mock-consumers-"));
/**
 * The clone the guide's reader builds in: a copy of this checkout (its files, node_modules linked), so the guide's
 * build writes its own artifacts and never those the other files of the tier read (test/helpers/e2eArtifacts.ts).
 */
const clone = repoCopy("fo-mock-consumers-clone-");
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) {
    try {
      // A group whose leader ended may still hold what it started.
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // The whole group is gone.
    }
  }
  rmSync(work, { recursive: true, force: true });
  rmSync(clone, { recursive: true, force: true });
});

/** The Node.js of the mock package's floor (24.18): the project's own Node 24, its folder first on PATH. */
const node24 = path.join(root, "runtimes/node_modules/node24/bin");
const floor = (
  JSON.parse(readFileSync(path.join(root, "packages/mock/manifest.json"), "utf8")) as {
    engines: { node: string };
  }
).engines.node;

/** The reader's shell with Node 24 first: no FO_ variable, no folder of the project's but `FO_REPO`. */
const env = (extra: NodeJS.ProcessEnv = {}) =>
  readerEnv({
    PATH: `${node24}${path.delimiter}${readerEnv().PATH}`,
    FO_REPO: clone,
    SCARF_ANALYTICS: "false",
    DO_NOT_TRACK: "1",
    NO_UPDATE_NOTIFIER: "1",
    PIP_DISABLE_PIP_VERSION_CHECK: "1",
    // A module cache of this run's own, writable so it goes with `work`: Go never refetches a version it holds.
    GOMODCACHE: path.join(work, "gomodcache"),
    GOFLAGS: "-modcacherw",
    GOTOOLCHAIN: "local",
    GOTELEMETRY: "off",
    ...extra,
  });

/** Runs a bash script in `cwd` in its own process group; resolves with its exit code and what it printed. */
function sh(script: string, cwd: string, environment = env(), timeoutMs = 600_000) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn("bash", ["-c", script], {
      cwd,
      env: environment,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
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

type Step = { kind: "sh"; code: string } | { kind: "file"; name: string; code: string };

/** A section of the guide (from its `## ` heading to the next) as steps: its shell blocks and its files, in order. */
function section(title: string): Step[] {
  const start = guide.indexOf(`\n## ${title}\n`);
  expect(start, `the guide has no section "${title}"`).toBeGreaterThan(0);
  const end = guide.indexOf("\n## ", start + 1);
  const lines = guide.slice(start, end < 0 ? undefined : end).split("\n");
  const steps: Step[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = /^```(\w*)\s*$/.exec(lines[i]!);
    if (!fence) continue;
    const close = lines.findIndex((l, j) => j > i && /^```\s*$/.test(l));
    const code = lines.slice(i + 1, close).join("\n");
    const marker = lines
      .slice(0, i)
      .reverse()
      .find((l) => l.trim() !== "");
    const file = /^<!--\s*file:\s*(\S+)\s*-->$/.exec(marker?.trim() ?? "")?.[1];
    if (file) steps.push({ kind: "file", name: path.basename(file), code: `${code}\n` });
    else if (fence[1] === "sh") steps.push({ kind: "sh", code });
    i = close;
  }
  return steps;
}

/** Writes a section's files into `dir` and runs its shell blocks, in order, as one script there. */
async function follow(title: string, dir: string, skip: (line: string) => boolean = () => false) {
  mkdirSync(dir, { recursive: true });
  const steps = section(title);
  for (const step of steps) if (step.kind === "file") writeFileSync(path.join(dir, step.name), step.code);
  const script = steps
    .filter((s) => s.kind === "sh")
    .flatMap((s) => s.code.split("\n"))
    .filter((line) => !skip(line))
    .join("\n");
  return sh(`set -eo pipefail\n${script}`, dir);
}

/** Seconds since `start` (performance.now()), for the log. */
const since = (start: number) => `${((performance.now() - start) / 1000).toFixed(1)} s`;

const dirs = {
  typescript: path.join(work, "typescript"),
  python: path.join(work, "python"),
  go: path.join(work, "go"),
  jest: path.join(work, "jest"),
  missing: path.join(work, "python-without-the-mock"),
};

beforeAll(async () => {
  const start = performance.now();
  // In the clone, as the guide's reader runs it: the reader's shell with Node 24 first.
  const build = await sh(
    `set -eo pipefail\n${section("Build the artifacts")
      .map((s) => s.code)
      .join("\n")}`,
    clone,
    readerEnv({ PATH: `${node24}${path.delimiter}${readerEnv().PATH}` }),
  );
  console.log(`the guide's artifacts: ${since(start)}`);
  expect(build.code, build.out).toBe(0);
}, 900_000);

describe("the guide, verbatim, in fresh folders", () => {
  test("the shell's Node is the mock package's floor, Node 24", () => {
    const node = execFileSync("node", ["--version"], { env: env(), encoding: "utf8" }).trim();
    expect(floor).toBe(">=24.18.0");
    expect(node).toMatch(/^v24\./);
    const [, minor] = /^v24\.(\d+)\./.exec(node)!;
    expect(Number(minor)).toBeGreaterThanOrEqual(18);
  });

  test("the four artifacts carry one version", () => {
    const inTar = (file: string) =>
      (
        JSON.parse(execFileSync("tar", ["-xzOf", file, "package/package.json"], { encoding: "utf8" })) as {
          version: string;
        }
      ).version;
    const wheel = path.join(clone, `out/sdk/python/dist/financial_operations_api-${version}-py3-none-any.whl`);
    const metadata = execFileSync("unzip", ["-p", wheel, `financial_operations_api-${version}.dist-info/METADATA`], {
      encoding: "utf8",
    });
    const goModule = path.join(clone, "out/sdk/go/proxy/example.com/financial-operations-api/v2/@v");
    expect({
      client: inTar(path.join(clone, `financial-operations-api-${version}.tgz`)),
      mock: inTar(path.join(clone, `financial-operations-api-mock-${version}.tgz`)),
      wheel: /^Version: (.+)$/m.exec(metadata)?.[1],
      go: readFileSync(path.join(goModule, "list"), "utf8").trim().replace(/^v/, ""),
    }).toEqual({ client: version, mock: version, wheel: version, go: version });
  });

  test("TypeScript with vitest", async () => {
    const start = performance.now();
    const run = await follow("TypeScript with vitest", dirs.typescript);
    console.log(`TypeScript: ${since(start)}`);
    expect(run.code, run.out).toBe(0);
    // Installed at the floor its engines name, nothing warns of an engine.
    expect(run.out).not.toMatch(/EBADENGINE/);
    expect(stripVTControlCharacters(run.out)).toMatch(/Tests +2 passed/);
    expect(processesIn(dirs.typescript)).toEqual([]);
  }, 900_000);

  test("Python with pytest", async () => {
    const start = performance.now();
    const run = await follow("Python with pytest", dirs.python);
    console.log(`Python: ${since(start)}`);
    expect(run.code, run.out).toBe(0);
    expect(run.out).not.toMatch(/EBADENGINE/);
    expect(run.out).toMatch(/2 passed/);
    expect(processesIn(dirs.python)).toEqual([]);
  }, 900_000);

  test("Go", async () => {
    const start = performance.now();
    const run = await follow("Go", dirs.go);
    console.log(`Go: ${since(start)}`);
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/^ok\s+example\.com\/conversions\s/m);
    expect(processesIn(dirs.go)).toEqual([]);
  }, 900_000);

  test("without the mock package: one short message that names the install command", async () => {
    const run = await follow("Python with pytest", dirs.missing, (line) => line.startsWith("npm install"));
    expect(run.code).not.toBe(0);
    expect(run.out).toContain(`npm install --save-dev financial-operations-api-mock@${version}`);
    expect(run.out).toContain("npx could not run financial-operations-api-mock");
    // pytest shows the reason alone: no frames of the helper's code.
    expect(run.out).not.toMatch(/Traceback|testing\.py|pytest_plugin\.py/);
  }, 600_000);

  test("JavaScript with jest (the repository's project)", async () => {
    cpSync(path.join(projects, "jest"), dirs.jest, { recursive: true });
    const tarballs = `"${clone}/financial-operations-api-${version}.tgz" "${clone}/financial-operations-api-mock-${version}.tgz"`;
    const run = await sh(
      `npm install --no-audit --no-fund --loglevel=error && npm install --no-audit --no-fund --loglevel=error ${tarballs} && npm test`,
      dirs.jest,
    );
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/Tests: +1 passed, 1 total/);
    expect(processesIn(dirs.jest)).toEqual([]);
  }, 600_000);
});

/** Whether something accepts connections on 127.0.0.1:port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Starts `script` in `dir` (its own process group), waits until it says the port it serves on (`port N` on its
 * output, or the file `mock-port`), stops it with `stop`, and expects, within 5 s of the stop's end, no process of the
 * run and the port free.
 */
async function starterGone(dir: string, script: string, stop: (child: ChildProcess) => Promise<void>, extra = {}) {
  const portFile = path.join(dir, "mock-port");
  rmSync(portFile, { force: true });
  const child = spawn("bash", ["-c", script], {
    cwd: dir,
    env: env(extra),
    detached: true,
    stdio: ["pipe", "pipe", "pipe"],
  });
  started.push(child);
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  let port = 0;
  for (let i = 0; i < 1200 && !port; i++) {
    port = Number(/\bport (\d+)/.exec(out)?.[1] ?? (existsSync(portFile) ? readFileSync(portFile, "utf8") : 0));
    if (child.exitCode !== null) break;
    if (!port) await new Promise((r) => setTimeout(r, 100));
  }
  expect(port, `no port said:\n${out}`).toBeGreaterThan(0);
  expect(await listening(port), out).toBe(true);
  await stop(child);
  const stopped = performance.now();
  while ((processesIn(dir).length > 0 || (await listening(port))) && performance.now() - stopped < 5_000)
    await new Promise((r) => setTimeout(r, 100));
  expect(processesIn(dir), out).toEqual([]);
  expect(await listening(port), `port ${port} still taken 5 s after the stop:\n${out}`).toBe(false);
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((r) => child.once("exit", () => r()));
const signal =
  (sig: NodeJS.Signals, group = false) =>
  async (child: ChildProcess) => {
    process.kill(group ? -child.pid! : child.pid!, sig);
    await exited(child);
  };

describe("gone when its starter is gone, however it went", () => {
  test("a node script with startMock(), stopped with SIGKILL", async () => {
    const script =
      'const { startMock } = await import("financial-operations-api-mock"); const m = await startMock(); ' +
      'console.log("port", m.port); setInterval(() => {}, 60000);';
    await starterGone(dirs.typescript, `exec node --input-type=module -e '${script}'`, signal("SIGKILL"));
  }, 120_000);

  test.each(["SIGKILL", "SIGTERM"] as const)(
    "pytest with fo_mock, stopped with %s",
    async (sig) => {
      writeFileSync(
        path.join(dirs.python, "test_hold.py"),
        'import time\n\n\ndef test_hold(fo_mock):\n    open("mock-port", "w").write(str(fo_mock.port))\n    time.sleep(120)\n',
      );
      await starterGone(dirs.python, ". .venv/bin/activate && exec pytest test_hold.py", signal(sig));
    },
    120_000,
  );

  const hold =
    'package conversions_test\n\nimport (\n\t"os"\n\t"strconv"\n\t"testing"\n\t"time"\n\n' +
    '\t"example.com/financial-operations-api/v2/fomock"\n)\n\nfunc TestHold(t *testing.T) {\n' +
    "\tm := fomock.Start(t, fomock.Options{})\n" +
    '\t_ = os.WriteFile("mock-port", []byte(strconv.Itoa(m.Port)), 0o644)\n\ttime.Sleep(2 * time.Minute)\n}\n';

  test("go test -timeout, ending in its panic", async () => {
    writeFileSync(path.join(dirs.go, "hold_test.go"), hold);
    // The panic ends the test binary without its cleanups; the wait is for go test to end on its own.
    await starterGone(dirs.go, "exec go test -count=1 -run TestHold -timeout 15s ./...", exited);
  }, 180_000);

  test("SIGINT to go test's process group (Ctrl-C)", async () => {
    writeFileSync(path.join(dirs.go, "hold_test.go"), hold);
    await starterGone(dirs.go, "exec go test -count=1 -run TestHold ./...", signal("SIGINT", true));
  }, 180_000);

  test("npx fo-mock, SIGTERM to npx's PID", async () => {
    await starterGone(
      dirs.typescript,
      "exec npx fo-mock --port 0 | sed -u 's/.*ready: http:[^:]*:\\([0-9]*\\).*/port \\1/'",
      async (child) => {
        // npx is the bash's child here (the pipe keeps bash): its PID is the one a script holds.
        const npx = Number(
          execFileSync("pgrep", ["-P", String(child.pid), "-f", "npm exec"], { encoding: "utf8" }).trim(),
        );
        process.kill(npx, "SIGTERM");
      },
    );
  }, 120_000);

  test("npx fo-sign proxy, SIGTERM to npx's PID", async () => {
    const keys = { FO_ACCESS_KEY: "AK-gone", FO_SECRET_KEY: randomBytes(32).toString("base64url") };
    await starterGone(
      dirs.typescript,
      "exec npx fo-sign proxy --upstream http://127.0.0.1:9 --port 0 | sed -u 's/.*listening on http:[^:]*:\\([0-9]*\\).*/port \\1/'",
      async (child) => {
        const npx = Number(
          execFileSync("pgrep", ["-P", String(child.pid), "-f", "npm exec"], { encoding: "utf8" }).trim(),
        );
        process.kill(npx, "SIGTERM");
      },
      keys,
    );
  }, 120_000);
});
