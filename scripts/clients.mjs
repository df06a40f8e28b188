#!/usr/bin/env node
// Clients in other languages: generates the Python and Go clients with OpenAPI Generator (pinned, options in
// python/openapi-generator.yaml and go/openapi-generator.yaml) into out/clients/; with `build`, packages them
// (a wheel and an sdist into out/sdk/python/dist; the Go module, zipped by Go's rules, into a module-proxy folder,
// out/sdk/go/proxy);
// with `test` (the fast tier), also checks the sources' format and lint (ruff for python/ and fuzz/; gofmt, go vet and
// staticcheck for go/) and runs their tests; with `artifacts` (the end-to-end tier, after `build`), installs what
// `build` wrote outside the repository (fresh virtual environments for each CPython from 3.10, a fresh Go module) and
// runs the tour of every operation against the mock in production-auth mode, printing the table operation x language.
// Usage: node scripts/clients.mjs [generate|build|test|artifacts] [python] [go]   (default: generate, both languages)
// Caches (git-ignored): .cache/m2 (the generator jar), .cache/venv and .cache/go/bin (staticcheck); downloads go to
// pip's and Go's own caches (scripts/tools.mjs toolEnv).
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseCommandLine, parseOrExit } from "./args.mjs";
import { ASYNC_CONFIG, asyncTemplates, checkAsyncExtra, dependencyBounds, stageAsync } from "./clients-async.mjs";
import { newKeyPair } from "../src/mock/launch/keys.ts";
import { startMock } from "../src/mock/launch/start.ts";
import { RunError, run as runProgram, runSync } from "./run.mjs";
import { packageInfo, paths, refuseWhileE2eReads, root, toolEnv } from "./tools.mjs";
import { publishGoModule } from "./tools/gomodzip.mjs";

/** OpenAPI Generator, from Maven Central through Maven; the checksum is the jar's own, checked on every run. */
export const GENERATOR = {
  version: "7.25.0",
  sha256: "41ce4f6b07f196676439d710759fa1ced7a08066d06ff1bf314681470289efae",
};

/**
 * The generator warnings that remain, each with why it is left. Any other warning fails the generation.
 * (The webhook pass that overwrote API files, "Duplicate file path detected", is switched off in the configs.)
 * @type {import("./generators/tools.mjs").KnownWarnings}
 */
export const KNOWN_WARNINGS = [
  [/OpenAPI 3\.1 support is still in beta/, "the generator says so of every OpenAPI 3.1 document"],
  // Seen with a logback %caller pattern: OpenAPINormalizer.fixSelfReferenceSchema -> isSelfReference ->
  // getSimpleRef(null).
  [
    /Failed to get the schema name: null/,
    "the normalizer's self-reference check asks the $ref name of an inline sub-schema (it has none); it only logs, " +
      "no schema is changed or skipped",
  ],
];

const require = createRequire(import.meta.url);
const cache = path.join(root, ".cache");
const out = path.join(root, "out/clients");
// The one document there is, as every consumer's generator takes it (docs/generating-clients.md).
const input = paths.bundleJson;

const env = {
  ...toolEnv,
  // The mock the Python and Go tests start (their fo_mock fixture and fomock.Start): fo-mock from source, on this Node.
  FO_MOCK_COMMAND: [process.execPath, "--import", require.resolve("tsx"), path.join(root, "src/mock/fo-mock.ts")]
    .map((word) => `'${word.replaceAll("'", "'\\''")}'`)
    .join(" "),
};

/**
 * Each generator run is a short-lived JVM: the quick (C1) compiler alone and the serial collector cut its CPU
 * time by about 40% (4.7 s to 2.8 s here), and three runs share two cores with vitest under `npm test`.
 */
const JVM = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"];

class StepError extends Error {}

/**
 * Pinned tools of the checks: staticcheck (Go proxy) on the Go sources and the consumer, mypy (PyPI) on the consumer.
 */
export const STATICCHECK = "v0.8.2";
export const MYPY = "1.20.2";
/** The oldest Go the module declares (go.mod: go 1.23): the tour runs on it too (its toolchain from the Go proxy). */
export const GO_FLOOR = "1.23.12";

/**
 * @typedef {{ python: string, wheel: string, sdist: string }} PythonArtifacts what `build` wrote for Python
 * @typedef {{ proxy: string, version: string }} GoArtifacts the module-proxy folder and the module's version
 * @typedef {{ python?: PythonArtifacts, go?: GoArtifacts }} Artifacts
 * @typedef {Awaited<ReturnType<typeof startMock>>} Mock
 * @typedef {Record<string, Record<string, string>>} Columns each tour's results (operation to status) by its label
 */

/**
 * A step's command, blocking: its output shown as it comes, or held and returned (`capture`).
 * @param {string} command @param {string[]} args
 * @param {{ cwd?: string, capture?: boolean, env?: Record<string, string | undefined> }} [options]
 */
function run(command, args, { cwd = root, capture = false, env: extra = {} } = {}) {
  const result = runSync(command, args, {
    cwd,
    env: { ...env, ...extra },
    output: capture ? "hold" : "inherit",
    missing: need[command] ?? "install it",
  });
  return capture ? result.output : "";
}

/** @type {Readonly<Record<string, string>>} */
const need = {
  java: "OpenAPI Generator needs Java 11 or newer (Debian: apt-get install default-jre-headless)",
  mvn: "the generator jar is fetched with Maven (Debian: apt-get install maven)",
  go: "the Go client is built and tested with Go 1.23 or newer",
  python3: "the Python client is tested in a virtual environment made with python3 -m venv (3.10 or newer)",
  gofmt: "the Go sources are checked with gofmt, which comes with Go (Debian: apt-get install golang-go)",
};

/**
 * Runs `fn` and prints how long it took.
 * @template T
 * @param {string} label @param {() => T} fn
 */
function timed(label, fn) {
  const start = performance.now();
  const value = fn();
  console.log(`${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return value;
}

/** The OpenAPI Generator jar, fetched by Maven into .cache/m2 and checked against its SHA-256 on every run. */
export function generatorJar() {
  const { version, sha256 } = GENERATOR;
  const repo = path.join(cache, "m2");
  const inRepo = `org/openapitools/openapi-generator-cli/${version}/openapi-generator-cli-${version}.jar`;
  const jar = path.join(repo, inRepo);
  if (!existsSync(jar)) {
    // The Python and Go lanes run side by side (npm test) and may both fetch it: each into a repository of its own,
    // then a rename puts the whole jar in place (a lane never reads a jar another is still writing).
    mkdirSync(path.dirname(jar), { recursive: true });
    const own = mkdtempSync(path.join(cache, "m2-fetch-"));
    try {
      run("mvn", [
        "-q",
        "-B",
        "-Dstyle.color=never",
        "dependency:get",
        `-Dartifact=org.openapitools:openapi-generator-cli:${version}`,
        "-Dtransitive=false",
        `-Dmaven.repo.local=${own}`,
      ]);
      renameSync(path.join(own, inRepo), jar);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  }
  const actual = createHash("sha256").update(readFileSync(jar)).digest("hex");
  if (actual !== sha256) {
    rmSync(jar);
    throw new StepError(
      `openapi-generator-cli ${version}: the jar's SHA-256 is ${actual}, expected ${sha256}; removed it, run again ` +
        `to fetch it anew.`,
    );
  }
  return jar;
}

/**
 * Generates one client; returns the warnings the generator printed (each a known one, else it throws). `variant`: the
 * Python async run (scripts/clients-async.mjs), its own folder, options and templates.
 * @param {string} jar @param {string} language
 * @param {{ name?: string, config?: string, args?: string[] }} [variant]
 */
function generate(jar, language, variant = {}) {
  const { name = language, config = path.join(root, language, "openapi-generator.yaml"), args = [] } = variant;
  const target = path.join(out, name);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const log = run("java", [...JVM, "-jar", jar, "generate", "-c", config, ...args, "-i", input, "-o", target], {
    capture: true,
  });
  const errors = log.split("\n").filter((l) => /\bERROR\b/.test(l));
  if (errors.length) throw new StepError(`OpenAPI Generator reported errors for ${language}:\n${errors.join("\n")}`);
  const warnings = [
    ...new Set(
      log
        .split("\n")
        .filter((l) => /\bWARN\b/.test(l))
        .map((l) => l.replace(/^.*?WARN\s+\S+\s+-\s+/, "")),
    ),
  ];
  const unknown = warnings.filter((w) => !KNOWN_WARNINGS.some(([pattern]) => pattern.test(w)));
  if (unknown.length)
    throw new StepError(
      `New OpenAPI Generator warnings for ${language} (fix, or list with a reason in scripts/clients.mjs):\n` +
        `${unknown.join("\n")}`,
    );
  for (const w of warnings)
    console.log(`  warning (known: ${KNOWN_WARNINGS.find(([p]) => p.test(w))?.[1]}): ${w.slice(0, 100)}`);
  return warnings;
}

// ---- Packaging: one Python distribution (wheel and sdist) and one Go module, both at the npm package's version.

const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const sdk = path.join(out, "..", "sdk");
const GO_MODULE = "example.com/financial-operations-api/v2";

/** The licence text shipped in both artifacts: the repository's LICENSE (Apache-2.0, as the npm package). */
function licence() {
  const file = path.join(root, "LICENSE");
  if (existsSync(file)) return readFileSync(file, "utf8");
  if (pkg.license && pkg.license !== "Apache-2.0")
    throw new StepError(
      `package.json names licence ${pkg.license}; the Python and Go packages are declared Apache-2.0: make them agree.`,
    );
  return (
    "Licensed under the Apache License, Version 2.0 (SPDX: Apache-2.0).\n" +
    "The full text: https://www.apache.org/licenses/LICENSE-2.0\n"
  );
}

/** @type {string | undefined} */
let devPythonPath;

/** The build and test environment (.cache/venv) with python/requirements-test.txt installed; once per run. */
function devPython() {
  if (devPythonPath) return devPythonPath;
  const venv = path.join(cache, "venv");
  const python = path.join(venv, "bin/python");
  if (!existsSync(python)) run("python3", ["-m", "venv", venv]);
  run(python, [
    "-m",
    "pip",
    "install",
    "--quiet",
    "--require-virtualenv",
    // No .pyc files written at install (PYTHONDONTWRITEBYTECODE says the same for the runs): 5 s of CPU less.
    "--no-compile",
    "-r",
    path.join(root, "python/requirements-test.txt"),
  ]);
  devPythonPath = python;
  return python;
}

/** What the generated code needs must be what the distribution declares (names and lower bounds). */
function checkPythonDependencies() {
  const declared = (/** @type {string} */ file) => dependencyBounds(readFileSync(file, "utf8"));
  const generated = declared(path.join(out, "python/pyproject.toml"));
  const ours = declared(path.join(root, "python/pyproject.toml"));
  for (const [name, bound] of generated) {
    if (ours.get(name) !== bound)
      throw new StepError(
        `The generated client needs ${name}>=${bound}; python/pyproject.toml declares ` +
          `${ours.has(name) ? `>=${ours.get(name)}` : "nothing"}: update its dependencies.`,
      );
  }
}

/** Stages the distribution (hand-written packages, the generated fo_api, VERSION, LICENSE) and builds it. */
function buildPython() {
  checkPythonDependencies();
  const asyncProblems = checkAsyncExtra(out);
  if (asyncProblems.length) throw new StepError(`${asyncProblems.join("; ")}: update the async extra.`);
  const stage = path.join(sdk, "python/stage");
  const dist = path.join(sdk, "python/dist");
  rmSync(path.join(sdk, "python"), { recursive: true, force: true });
  mkdirSync(path.join(stage, "src"), { recursive: true });
  for (const name of ["fo_signing", "financial_operations_api"])
    cpSync(path.join(root, "python/src", name), path.join(stage, "src", name), {
      recursive: true,
      filter: (f) => !f.includes("__pycache__"),
    });
  cpSync(path.join(out, "python/fo_api"), path.join(stage, "src/fo_api"), { recursive: true });
  stageAsync(out, path.join(stage, "src/fo_api"));
  for (const name of ["pyproject.toml", "README.md"]) cpSync(path.join(root, "python", name), path.join(stage, name));
  writeFileSync(path.join(stage, "VERSION"), `${pkg.version}\n`);
  writeFileSync(path.join(stage, "LICENSE"), licence());
  const python = devPython();
  run(python, ["-m", "build", "--no-isolation", "--sdist", "--wheel", "--outdir", dist, stage], { capture: true });
  const files = readdirSync(dist).map((f) => path.join(dist, f));
  const wheel = files.find((f) => f.endsWith(".whl"));
  const sdist = files.find((f) => f.endsWith(".tar.gz"));
  if (!wheel || !sdist)
    throw new StepError(`python -m build wrote ${files.join(", ") || "nothing"}, not a wheel and an sdist.`);
  for (const f of [wheel, sdist])
    console.log(`  ${path.relative(root, f)}: ${(statSync(f).size / 1024).toFixed(0)} KiB`);
  return { python, wheel, sdist };
}

/** Copies the generated client into go/foapi (git-ignored), then writes the module into a module-proxy folder. */
function buildGo() {
  const foapi = path.join(root, "go/foapi");
  rmSync(foapi, { recursive: true, force: true });
  mkdirSync(foapi);
  for (const f of readdirSync(path.join(out, "go")).filter((f) => f.endsWith(".go")))
    cpSync(path.join(out, "go", f), path.join(foapi, f));
  run("gofmt", ["-w", foapi]);
  const version = `v${pkg.version}`;
  const proxy = path.join(sdk, "go/proxy");
  rmSync(path.join(sdk, "go"), { recursive: true, force: true });
  // By Go's own rules, checked against what `go mod download` computes (scripts/tools/gomodzip.mjs).
  const { zip, sum, files } = publishGoModule({
    module: GO_MODULE,
    version,
    dir: path.join(root, "go"),
    extra: { LICENSE: licence() },
    proxy,
  });
  console.log(`  ${path.relative(root, zip)}: ${(statSync(zip).size / 1024).toFixed(0)} KiB, ${files} files, ${sum}`);
  return { proxy, version };
}

// ---- Tests: the sources' own tests, then the artifacts installed outside the repository against the mock.

/** staticcheck at the pinned version in .cache/go/bin (installed from the Go proxy when missing or another). */
function staticcheck() {
  const gobin = path.join(cache, "go/bin");
  const tool = path.join(gobin, "staticcheck");
  const current = existsSync(tool) ? runSync(tool, ["-version"], { env, check: false }).stdout : "";
  if (!current.includes(`(${STATICCHECK.slice(1)})`))
    run("go", ["install", `honnef.co/go/tools/cmd/staticcheck@${STATICCHECK}`], { env: { GOBIN: gobin } });
  return tool;
}

/**
 * The pinned version of a tool in python/requirements-test.txt.
 * @param {string} name @param {string} [text]
 */
export function pinnedPython(name, text = readFileSync(path.join(root, "python/requirements-test.txt"), "utf8")) {
  const pin = new RegExp(`^${name}==(\\S+)$`, "m").exec(text);
  if (!pin) throw new StepError(`python/requirements-test.txt pins no ${name} (a line ${name}==<version>).`);
  return String(pin[1]);
}

/** ruff in check mode over python/ and fuzz/ (rules: python/pyproject.toml; fuzz/ruff.toml extends them). */
function lintPython() {
  const python = devPython();
  const version = pinnedPython("ruff");
  const installed = runSync(python, ["-m", "ruff", "--version"], { env, check: false });
  if (!installed.ok || installed.stdout.trim() !== `ruff ${version}`)
    throw new StepError(
      `ruff ${version} is not what .cache/venv runs ` +
        `(${(installed.stdout || installed.stderr).trim() || "nothing"}): it comes from ` +
        `python/requirements-test.txt; remove .cache/venv and run again.`,
    );
  const dirs = ["python", "fuzz"];
  run(python, ["-m", "ruff", "check", "--no-cache", ...dirs]);
  run(python, ["-m", "ruff", "format", "--check", "--no-cache", ...dirs]);
}

/** gofmt over the hand-written Go (go/foapi is generated and formatted at build): it must list no file. */
function gofmtGo() {
  const dirs = ["fosign", "foclient", "fomock", "examples"];
  const unformatted = run("gofmt", ["-l", ...dirs], { cwd: path.join(root, "go"), capture: true }).trim();
  if (unformatted)
    throw new StepError(`gofmt would change these files (run gofmt -w go/${dirs[0]} ... on them):\n${unformatted}`);
}

/** @param {PythonArtifacts | undefined} built the build environment and the wheel (`test` builds first) */
function testPythonSources(built) {
  if (!built) throw new StepError("The Python sources are tested with the built wheel installed: build first.");
  const { python, wheel } = built;
  run(python, ["-m", "pip", "install", "--quiet", "--require-virtualenv", "--no-deps", "--force-reinstall", wheel]);
  run(python, ["-m", "pytest", "-q"], { cwd: path.join(root, "python") });
}

function testGoSources() {
  const cwd = path.join(root, "go");
  timed("Checked the Go format (gofmt -l)", gofmtGo);
  run("go", ["vet", "./..."], { cwd });
  run(staticcheck(), ["./fosign/...", "./foclient/...", "./fomock/...", "./examples/..."], { cwd });
  run("go", ["test", "-count=1", "./fosign/...", "./foclient/...", "./fomock/..."], { cwd });
}

/** The CPython versions here from 3.10 on: on PATH, or installed by pyenv. 3.10 must be among them. */
export function pythons() {
  const found = [];
  const pyenv = process.env.PYENV_ROOT ?? path.join(process.env.HOME ?? "/root", ".pyenv");
  for (let minor = 10; minor <= 15; minor++) {
    const name = `python3.${minor}`;
    const candidates = [name];
    if (existsSync(path.join(pyenv, "versions"))) {
      for (const v of readdirSync(path.join(pyenv, "versions"))
        .filter((v) => v.startsWith(`3.${minor}.`))
        .sort()
        .reverse())
        candidates.push(path.join(pyenv, "versions", v, "bin", name));
    }
    const works = candidates.find((c) => {
      try {
        return runSync(c, ["-c", "import venv, ensurepip"], { env, output: "ignore", check: false }).ok;
      } catch {
        return false; // not installed
      }
    });
    if (works) found.push({ version: `3.${minor}`, python: works });
  }
  if (!found.some((p) => p.version === "3.10"))
    throw new StepError(
      "No CPython 3.10 found (on PATH or under pyenv): the package's oldest supported version must be tested.",
    );
  return found;
}

/**
 * Reads the tour's last line: `RESULTS name=value ...`.
 * @param {string} output
 * @returns {Record<string, string>}
 */
export function readResults(output) {
  const line = output
    .split("\n")
    .reverse()
    .find((l) => l.startsWith("RESULTS "));
  if (!line) throw new StepError(`The tour printed no RESULTS line:\n${output.slice(-2000)}`);
  return Object.fromEntries(
    line
      .slice(8)
      .trim()
      .split(" ")
      .map((pair) => pair.split("=")),
  );
}

/**
 * run, without waiting: resolves with the output, rejects with a RunError that ends with it.
 * @param {string} command @param {string[]} args
 * @param {{ cwd?: string, env?: Record<string, string | undefined> }} [options]
 */
async function runAsync(command, args, { cwd = root, env: extra = {} } = {}) {
  return (await runProgram(command, args, { cwd, env: { ...env, ...extra }, missing: need[command] })).output;
}

/**
 * A fresh virtual environment outside the repository per CPython: the sdist on the oldest, the wheel on the
 * others, mypy --strict on the newest; then the tour in each, and the async tour (the wheel's `async` extra) in the
 * newest. The installs run side by side: they mostly wait on the package index.
 * @param {PythonArtifacts} artifacts @param {Mock} mock @param {string} dir
 * @returns {Promise<Columns>}
 */
async function tourPython({ python: build, wheel, sdist }, mock, dir) {
  /** @type {Columns} */
  const columns = {};
  const tour = path.join(dir, "python-tour.py");
  cpSync(path.join(root, "python/examples/tour.py"), tour);
  const tourAsync = path.join(dir, "python-tour-async.py");
  cpSync(path.join(root, "python/examples/tour_async.py"), tourAsync);
  const all = pythons();
  const newest = all.at(-1)?.version;
  const environments = await Promise.all(
    all.map(async ({ version, python }, i) => {
      const venv = path.join(dir, `venv-${version}`);
      // An empty environment: the build environment's pip installs into it (no pip bootstrap per version).
      await runAsync(python, ["-m", "venv", "--without-pip", venv]);
      const vpython = path.join(venv, "bin/python");
      const artifact = i === 0 ? sdist : wheel;
      const extra = version === newest ? [`mypy==${MYPY}`] : [];
      const spec = version === newest ? `${artifact}[async]` : artifact;
      await runAsync(build, ["-m", "pip", "--python", vpython, "install", "--quiet", "--no-compile", spec, ...extra], {
        cwd: dir,
      });
      return { version, vpython, label: `Python ${version}${artifact === sdist ? " (sdist)" : ""}` };
    }),
  );
  for (const { version, vpython, label } of environments) {
    // A consumer's code under mypy --strict, in the newest CPython: the package's types (py.typed) carry it.
    if (version === newest) run(vpython, ["-m", "mypy", "--strict", "--no-incremental", tour, tourAsync], { cwd: dir });
    const output = run(vpython, [tour], { cwd: dir, capture: true, env: tourEnv(mock) });
    columns[label] = readResults(output);
    if (version === newest) {
      process.stdout.write(`${output.trimEnd().replace(/^/gm, "    ")}\n`);
      columns[`${label} async`] = readResults(
        run(vpython, [tourAsync], { cwd: dir, capture: true, env: tourEnv(mock) }),
      );
    }
  }
  return columns;
}

/** @param {Mock} mock */
function tourEnv(mock) {
  return { FO_BASE_URL: mock.url, FO_ACCESS_KEY: mock.accessKey, FO_SECRET_KEY: mock.secretKey };
}

/** The Go toolchains the tour runs on: the machine's, and the oldest the module declares (from the Go proxy). */
function goToolchains() {
  // The first call downloads the toolchain and says so ("go: downloading ..."): the answer is the line that is a path.
  const output = run("go", ["env", "GOROOT"], { capture: true, env: { GOTOOLCHAIN: `go${GO_FLOOR}` } });
  const goroot =
    output
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => path.isAbsolute(line))
      .at(-1) ?? output.trim();
  const floor = path.join(goroot, "bin/go");
  if (!existsSync(floor))
    throw new StepError(`Go ${GO_FLOOR} was not found at ${floor} after GOTOOLCHAIN=go${GO_FLOOR}.`);
  return [
    { label: `Go ${goVersion()}`, go: "go", staticcheck: true },
    { label: `Go ${GO_FLOOR}`, go: floor, staticcheck: false },
  ];
}

/**
 * A fresh Go module outside the repository that gets the module from a module-proxy folder, as from any proxy.
 * @param {GoArtifacts} artifacts @param {Mock} mock @param {string} dir
 * @returns {Columns}
 */
function tourGo({ proxy, version }, mock, dir) {
  /** @type {Columns} */
  const columns = {};
  for (const [i, { label, go, staticcheck: check }] of goToolchains().entries()) {
    const consumer = path.join(dir, `go-tour-${i}`);
    mkdirSync(consumer);
    writeFileSync(path.join(consumer, "go.mod"), "module tour\n\ngo 1.23\n");
    cpSync(path.join(root, "go/examples/tour/main.go"), path.join(consumer, "main.go"));
    const goEnv = {
      GOPROXY: `file://${proxy}`,
      GOSUMDB: "off",
      GOFLAGS: "-mod=mod",
      GOTOOLCHAIN: "local",
      GOMODCACHE: path.join(dir, `gomodcache-${i}`),
    };
    run(go, ["get", `${GO_MODULE}@${version}`], { cwd: consumer, env: goEnv });
    run(go, ["vet", "./..."], { cwd: consumer, env: goEnv });
    if (check) run(staticcheck(), ["./..."], { cwd: consumer, env: goEnv });
    const output = run(go, ["run", "."], { cwd: consumer, env: { ...goEnv, ...tourEnv(mock) }, capture: true });
    if (i === 0) process.stdout.write(`${output.trimEnd().replace(/^/gm, "    ")}\n`);
    columns[label] = readResults(output);
    // The module cache is written read-only; let it go with the folder.
    run(go, ["clean", "-modcache"], { cwd: consumer, env: goEnv });
  }
  return columns;
}

function goVersion() {
  return run("go", ["env", "GOVERSION"], { capture: true }).trim().replace(/^go/, "");
}

/**
 * What every column must show: every operation a 2xx, and each refusal as documented.
 * @type {Readonly<Record<string, RegExp>>}
 */
export const EXPECTED_CHECKS = {
  wrong_secret: /^401_00010000$/,
  redirect: /^refused_30[1278]$/,
  oversized_body: /^refused$/,
  upload_byte_exact: /^yes$/,
};

/**
 * The table operation x language, and the cells that are not what they must be.
 * @param {Columns} columns @param {string[]} operations
 */
export function resultTable(columns, operations) {
  const names = Object.keys(columns);
  const rows = [
    [`operation`, ...names],
    ["---", ...names.map(() => "---")],
  ];
  /** @type {string[]} */
  const failures = [];
  for (const op of [...operations, ...Object.keys(EXPECTED_CHECKS)]) {
    const cells = names.map((name) => ({ name, cell: columns[name]?.[op] ?? "missing" }));
    const must = EXPECTED_CHECKS[op] ?? /^2\d\d$/;
    for (const { name, cell } of cells) if (!must.test(cell)) failures.push(`${name} ${op}: ${cell}`);
    rows.push([op.replaceAll("_", " "), ...cells.map(({ cell }) => cell.replaceAll("_", " "))]);
  }
  return { table: rows.map((r) => `| ${r.join(" | ")} |`).join("\n"), failures };
}

function operationIds() {
  const doc = JSON.parse(readFileSync(input, "utf8"));
  return Object.values(doc.paths).flatMap((item) =>
    Object.values(item)
      .filter((op) => op?.operationId)
      .map((op) => op.operationId),
  );
}

/** @param {Artifacts} artifacts */
async function testArtifacts(artifacts) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "fo-artifacts-"));
  const { accessKey, secretKey } = newKeyPair("AK_artifacts");
  const mock = await startMock({ stateful: true, auth: "production", keys: { [accessKey]: secretKey }, log: "ignore" });
  try {
    /** @type {Columns} */
    const columns = {};
    if (artifacts.python) {
      const start = performance.now();
      Object.assign(columns, await tourPython(artifacts.python, mock, dir));
      console.log(
        `Python: the sdist and the wheel in fresh virtual environments, the tour against the mock: ` +
          `${((performance.now() - start) / 1000).toFixed(1)} s`,
      );
    }
    const { go } = artifacts;
    if (go)
      Object.assign(
        columns,
        timed("Go: the module from a module-proxy folder in a fresh module, the tour against the mock", () =>
          tourGo(go, mock, dir),
        ),
      );
    const { table, failures } = resultTable(columns, operationIds());
    console.log(
      `\nOperation x language, from the built artifacts against the stateful production-auth mock:\n\n${table}\n`,
    );
    if (failures.length) throw new StepError(`Not as they must be:\n${failures.join("\n")}`);
  } finally {
    await mock.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** @satisfies {import("../src/cli/args.ts").Command} */
export const command = {
  name: "clients",
  usage:
    "npm run clients [-- generate|build|test|artifacts] [python] [go]   (default: generate, both languages)\n" +
    "  test: lint, build and test the sources (the fast tier); artifacts: the tours of what `build` wrote (end-to-end)",
  positionals: { max: 3, choices: ["generate", "build", "test", "artifacts", "python", "go"] },
};

/**
 * Reads the command line: what to do and for which languages. @throws UsageError (scripts/args.mjs)
 * @param {string[]} args
 */
export function parseArgs(args) {
  parseCommandLine(command, args);
  const chosen = args.filter((a) => a === "python" || a === "go");
  const test = args.includes("test");
  return {
    test,
    artifacts: args.includes("artifacts"),
    build: test || args.includes("build"),
    languages: chosen.length ? chosen : ["python", "go"],
  };
}

/**
 * What `build` wrote for each language, for the tours; a language not built yet stops with the command to run.
 * @param {string[]} languages
 */
function builtArtifacts(languages) {
  /** @type {Artifacts} */
  const artifacts = {};
  const build = `run \`bash scripts/dev.sh clients -- build\` first`;
  if (languages.includes("python")) {
    const dist = path.join(sdk, "python/dist");
    const files = existsSync(dist) ? readdirSync(dist).map((f) => path.join(dist, f)) : [];
    const wheel = files.find((f) => f.endsWith(`-${pkg.version}-py3-none-any.whl`));
    const sdist = files.find((f) => f.endsWith(`-${pkg.version}.tar.gz`));
    if (!wheel || !sdist)
      throw new StepError(`No Python package ${pkg.version} in ${path.relative(root, dist)}: ${build}.`);
    artifacts.python = { python: devPython(), wheel, sdist };
  }
  if (languages.includes("go")) {
    const proxy = path.join(sdk, "go/proxy");
    const version = `v${pkg.version}`;
    if (!existsSync(path.join(proxy, GO_MODULE, "@v", `${version}.zip`)))
      throw new StepError(`No Go module ${version} in ${path.relative(root, proxy)}: ${build}.`);
    artifacts.go = { proxy, version };
  }
  return artifacts;
}

if (import.meta.main) {
  try {
    parseOrExit(command, process.argv.slice(2), packageInfo);
    const { test, artifacts: tours, build, languages } = parseArgs(process.argv.slice(2));
    if (tours) {
      const start = performance.now();
      await testArtifacts(builtArtifacts(languages));
      console.log(`Tested the artifacts outside the repository: ${((performance.now() - start) / 1000).toFixed(1)} s`);
      process.exit();
    }
    // Generating and building rewrite out/: not while the end-to-end tier reads this checkout's artifacts.
    refuseWhileE2eReads("clients");
    if (!existsSync(input)) throw new StepError(`${path.relative(root, input)} is missing: run npm run build first.`);
    /** @type {Artifacts} */
    const artifacts = {};
    // The Python lint needs no generated code nor the generator: it runs first, so a finding fails in seconds.
    if (test && languages.includes("python"))
      timed(`Linted python/ and fuzz/ (ruff ${pinnedPython("ruff")}: check, format --check)`, lintPython);
    const jar = timed(`OpenAPI Generator ${GENERATOR.version} jar`, generatorJar);
    for (const language of languages) {
      timed(
        `Generated the ${language} client from ${path.relative(root, input)} into ` +
          `${path.relative(root, path.join(out, language))}`,
        () => generate(jar, language),
      );
      if (language === "python")
        timed(
          `Generated the Python async client (fo_api.aio) into ${path.relative(root, path.join(out, "python-async"))}`,
          () =>
            generate(jar, language, {
              name: "python-async",
              config: ASYNC_CONFIG,
              args: ["-t", asyncTemplates(jar, path.join(out, "python-async-templates"), JVM)],
            }),
        );
      const built = `Built the ${language} package ${pkg.version}`;
      if (build && language === "python") artifacts.python = timed(built, buildPython);
      if (build && language === "go") artifacts.go = timed(built, buildGo);
      if (test)
        timed(`Tested the ${language} sources`, () =>
          language === "python" ? testPythonSources(artifacts.python) : testGoSources(),
        );
    }
  } catch (err) {
    console.error(err instanceof StepError || err instanceof RunError ? err.message : err);
    process.exitCode = 1;
  }
}
