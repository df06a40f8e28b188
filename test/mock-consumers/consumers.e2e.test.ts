// The mock in a consumer's own project, as the consumer meets it: three projects outside the repository, each
// installed from the built artifacts (the two npm tarballs, the Python wheel, the Go module from its module-proxy
// folder) in a fresh folder, in the reader's shell (the machine's Node, Debian's 20 on a fresh machine, first on PATH),
// each starting the mock itself in its own test runner (vitest's globalSetup, pytest's fo_mock fixture, Go's
// fomock.Start) and walking a quote, its execution, the same quote executed again (409 00000006) and a read through an
// injected 503 (retried by the client to a 200). Afterwards no process the run started is left.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
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
  for (const child of started) {
    try {
      // A group whose leader ended may still hold what it started.
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // The whole group is gone.
    }
  }
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

/** The newest modification time of these files and of the files under these folders. */
function newest(paths: string[]): number {
  let latest = 0;
  for (const p of paths) {
    const stat = statSync(p);
    if (stat.isDirectory()) latest = Math.max(latest, newest(readdirSync(p).map((name) => path.join(p, name))));
    else latest = Math.max(latest, stat.mtimeMs);
  }
  return latest;
}

/**
 * An SDK artifact as `node scripts/clients.mjs build <language>` writes it, built first (on the project's Node) when
 * missing or older than its sources: one left from before a change would test the old SDK.
 */
async function built(language: "python" | "go", artifact: string, sources: string[]) {
  if (existsSync(artifact) && statSync(artifact).mtimeMs >= newest(sources.map((s) => path.join(root, s))))
    return artifact;
  const build = await sh(`"${process.execPath}" scripts/clients.mjs build ${language}`, root, process.env, 600_000);
  expect(build.code, build.out).toBe(0);
  expect(existsSync(artifact), build.out).toBe(true);
  return artifact;
}

/** Seconds since `start` (performance.now()), for the log. */
const since = (start: number) => `${((performance.now() - start) / 1000).toFixed(1)} s`;

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

  test("Python: pytest with the fo_mock fixture", async () => {
    const wheel = await built(
      "python",
      path.join(root, `out/sdk/python/dist/financial_operations_api-${version}-py3-none-any.whl`),
      ["python/src", "python/pyproject.toml", "python/README.md", "generated/openapi.json"],
    );
    const dir = copyOf("python");
    // fo_mock finds the mock as `fo-mock` on PATH, from the npm package installed in the project (readerEnv leaves
    // out FO_MOCK_COMMAND, which would win).
    const pyEnv = {
      ...env(),
      PATH: `${path.join(dir, "node_modules/.bin")}${path.delimiter}${env().PATH}`,
      PIP_DISABLE_PIP_VERSION_CHECK: "1",
    };
    const start = performance.now();
    const [mock, venv] = await Promise.all([
      sh(`npm install --no-audit --no-fund --loglevel=error "${tarballs.mock}"`, dir, env()),
      sh(
        `python3 -m venv .venv && . .venv/bin/activate && pip install --quiet "${wheel}" -r requirements.txt`,
        dir,
        pyEnv,
      ),
    ]);
    expect(mock.code, mock.out).toBe(0);
    expect(venv.code, venv.out).toBe(0);
    const installed = since(start);
    const ran = performance.now();
    const run = await sh(". .venv/bin/activate && pytest -v", dir, pyEnv);
    console.log(`Python: npm and pip install ${installed}, pytest ${since(ran)}`);
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/2 passed/);
    expect(processesIn(dir)).toEqual([]);
  }, 900_000);

  test("Go: go test with fomock.Start", async () => {
    const goVersion = `v${version}`;
    const proxy = path.join(root, "out/sdk/go/proxy");
    await built("go", path.join(proxy, `example.com/financial-operations-api/v2/@v/${goVersion}.zip`), [
      "go",
      "generated/openapi.json",
    ]);
    const dir = copyOf("go");
    const goEnv = {
      ...env(),
      PATH: `${path.join(dir, "node_modules/.bin")}${path.delimiter}${env().PATH}`,
      // The module from its module-proxy folder, as the Go README says; no checksum database knows it.
      GOPROXY: `file://${proxy}`,
      GONOSUMDB: "example.com/financial-operations-api/v2",
      // A module cache of this run's own: Go never refetches a version it holds (nor re-reads its package index), so
      // a shared cache would keep serving a module rebuilt under the same version. Writable, so it goes with `work`.
      GOMODCACHE: path.join(work, "gomodcache"),
      GOFLAGS: "-modcacherw",
      GOTOOLCHAIN: "local",
      GOTELEMETRY: "off",
    };
    const start = performance.now();
    const [mock, get] = await Promise.all([
      sh(`npm install --no-audit --no-fund --loglevel=error "${tarballs.mock}"`, dir, env()),
      sh(`go get example.com/financial-operations-api/v2@${goVersion}`, dir, goEnv),
    ]);
    expect(mock.code, mock.out).toBe(0);
    expect(get.code, get.out).toBe(0);
    const installed = since(start);
    const ran = performance.now();
    // -count=1: a result from Go's test cache would show nothing about this run.
    const run = await sh("go test -count=1 -v ./...", dir, goEnv);
    console.log(`Go: npm install and go get ${installed}, go test ${since(ran)}`);
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/--- PASS: TestConversions \(/);
    expect(run.out).not.toMatch(/--- (FAIL|SKIP)/);
    expect(processesIn(dir)).toEqual([]);
  }, 900_000);

  test("JavaScript: jest with startMock in its globalSetup", async () => {
    const dir = copyOf("jest");
    const install = await sh(
      `npm install --no-audit --no-fund --loglevel=error && npm install --no-audit --no-fund --loglevel=error ` +
        `"${tarballs.client}" "${tarballs.mock}"`,
      dir,
      env(),
    );
    expect(install.code, install.out).toBe(0);
    const run = await sh("npm test", dir, env());
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/Tests: +1 passed, 1 total/);
    expect(processesIn(dir)).toEqual([]);
  }, 600_000);

  test("the command: npx fo-mock answers a request the installed client signs, and stops whole on SIGINT", async () => {
    const dir = path.join(work, "cli");
    mkdirSync(dir);
    const install = await sh(
      `npm init -y >/dev/null && npm install --no-audit --no-fund --loglevel=error "${tarballs.client}" "${tarballs.mock}" ` +
        "&& npx fo-mock keys --out keys.json --env-out keys.env",
      dir,
      env(),
    );
    expect(install.code, install.out).toBe(0);
    const mock = spawn("bash", ["-c", "exec npx fo-mock --stateful --auth production --keys keys.json --port 0"], {
      cwd: dir,
      env: env(),
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    started.push(mock);
    let out = "";
    mock.stdout.on("data", (d) => (out += d));
    mock.stderr.on("data", (d) => (out += d));
    for (let i = 0; i < 600 && !/fo-mock ready: /.test(out) && mock.exitCode === null; i++)
      await new Promise((r) => setTimeout(r, 100));
    const url = /fo-mock ready: (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
    expect(url, out).toBeDefined();
    // A signed read with the installed client, keys from the env file the keys command wrote.
    const script =
      'const { createClient } = await import("financial-operations-api");' +
      "const client = createClient({ baseUrl: process.argv[1], credentials: { accessKey: process.env.FO_ACCESS_KEY, " +
      "secretKey: process.env.FO_SECRET_KEY } });" +
      'const r = await client.GET("/v1/customers/{customer_id}/rfi-cases", { params: { path: { customer_id: "c1" } } });' +
      "console.log(r.response.status);";
    const read = await sh(`source keys.env && node --input-type=module -e '${script}' "${url}"`, dir, env());
    expect(read.out.trim(), read.out).toBe("200");
    // Ctrl-C reaches the whole process group in a terminal; everything it started must end.
    process.kill(-mock.pid!, "SIGINT");
    for (let i = 0; i < 100 && processesIn(dir).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(processesIn(dir)).toEqual([]);
    expect(out).not.toContain(readFileSync(path.join(dir, "keys.json"), "utf8").split('"')[3]);
  }, 600_000);
});
