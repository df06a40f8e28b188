#!/usr/bin/env node
// Clients in other languages: generates the Python and Go clients with OpenAPI Generator (pinned, options in
// python/openapi-generator.yaml and go/openapi-generator.yaml) into out/clients/, then, with `test`, runs each
// signing hook's tests and the generated client + hook round trips against the mock in production-auth mode.
// Usage: node scripts/clients.mjs [generate|test] [python] [go]   (default: generate, both languages)
// Caches (git-ignored): .cache/m2 (the generator jar), .cache/venv and .cache/pip, .cache/go/mod (Go's
// build cache stays Go's own, shared with the machine's other Go work).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { paths, quietEnv, root } from "./tools.mjs";

/** OpenAPI Generator, from Maven Central through Maven; the checksum is the jar's own, checked on every run. */
export const GENERATOR = {
  version: "7.25.0",
  sha256: "41ce4f6b07f196676439d710759fa1ced7a08066d06ff1bf314681470289efae",
};

/**
 * The generator warnings that remain, each with why it is left. Any other warning fails the generation.
 * (The webhook pass that overwrote API files, "Duplicate file path detected", is switched off in the configs.)
 */
export const KNOWN_WARNINGS = [
  [/OpenAPI 3\.1 support is still in beta/, "the generator says so of every OpenAPI 3.1 document"],
  // Seen with a logback %caller pattern: OpenAPINormalizer.fixSelfReferenceSchema -> isSelfReference -> getSimpleRef(null).
  [/Failed to get the schema name: null/, "the normalizer's self-reference check asks the $ref name of an inline sub-schema (it has none); it only logs, no schema is changed or skipped"],
];

const cache = path.join(root, ".cache");
const out = path.join(root, "out/clients");
// The one document there is, as every consumer's generator takes it (docs/generating-clients.md).
const input = paths.bundleJson;

const env = {
  ...quietEnv,
  PIP_CACHE_DIR: path.join(cache, "pip"),
  PIP_DISABLE_PIP_VERSION_CHECK: "1",
  PYTHONDONTWRITEBYTECODE: "1",
  GOMODCACHE: path.join(cache, "go/mod"),
  GOTOOLCHAIN: "local",
  GOFLAGS: "-mod=mod",
  // What the round-trip tests start the mock with: this Node and the project's mock script.
  FO_NODE: process.execPath,
  FO_MOCK_SCRIPT: path.join(root, "scripts/mock.mjs"),
};

/**
 * Each generator run is a short-lived JVM: the quick (C1) compiler alone and the serial collector cut its CPU
 * time by about 40% (4.7 s to 2.8 s here), and three runs share two cores with vitest under `npm test`.
 */
const JVM = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"];

class StepError extends Error {}

function run(command, args, { cwd = root, capture = false } = {}) {
  const result = spawnSync(command, args, { cwd, env, stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit", encoding: "utf8", maxBuffer: 64 << 20 });
  if (result.error?.code === "ENOENT") throw new StepError(`${command} is not installed: ${need[command] ?? "install it"}.`);
  if (result.status !== 0) {
    if (capture) process.stderr.write(result.stdout + result.stderr);
    throw new StepError(`${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal}).`);
  }
  return capture ? result.stdout + result.stderr : "";
}

const need = {
  java: "OpenAPI Generator needs Java 11 or newer (Debian: apt-get install default-jre-headless)",
  mvn: "the generator jar is fetched with Maven (Debian: apt-get install maven)",
  go: "the Go client is built and tested with Go 1.23 or newer",
  python3: "the Python client is tested in a virtual environment made with python3 -m venv (3.10 or newer)",
};

function timed(label, fn) {
  const start = performance.now();
  const value = fn();
  console.log(`${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return value;
}

function generatorJar() {
  const { version, sha256 } = GENERATOR;
  const repo = path.join(cache, "m2");
  const jar = path.join(repo, `org/openapitools/openapi-generator-cli/${version}/openapi-generator-cli-${version}.jar`);
  if (!existsSync(jar)) {
    run("mvn", ["-q", "-B", "-Dstyle.color=never", "dependency:get", `-Dartifact=org.openapitools:openapi-generator-cli:${version}`, "-Dtransitive=false", `-Dmaven.repo.local=${repo}`]);
  }
  const actual = createHash("sha256").update(readFileSync(jar)).digest("hex");
  if (actual !== sha256) {
    rmSync(jar);
    throw new StepError(`openapi-generator-cli ${version}: the jar's SHA-256 is ${actual}, expected ${sha256}; removed it, run again to fetch it anew.`);
  }
  return jar;
}

/** Generates one client; returns the warnings the generator printed (each a known one, else it throws). */
function generate(jar, language) {
  const target = path.join(out, language);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const log = run("java", [...JVM, "-jar", jar, "generate", "-c", path.join(root, language, "openapi-generator.yaml"), "-i", input, "-o", target], { capture: true });
  const errors = log.split("\n").filter((l) => /\bERROR\b/.test(l));
  if (errors.length) throw new StepError(`OpenAPI Generator reported errors for ${language}:\n${errors.join("\n")}`);
  const warnings = [...new Set(log.split("\n").filter((l) => /\bWARN\b/.test(l)).map((l) => l.replace(/^.*?WARN\s+\S+\s+-\s+/, "")))];
  const unknown = warnings.filter((w) => !KNOWN_WARNINGS.some(([pattern]) => pattern.test(w)));
  if (unknown.length) throw new StepError(`New OpenAPI Generator warnings for ${language} (fix, or list with a reason in scripts/clients.mjs):\n${unknown.join("\n")}`);
  for (const w of warnings) console.log(`  warning (known: ${KNOWN_WARNINGS.find(([p]) => p.test(w))[1]}): ${w.slice(0, 100)}`);
  return warnings;
}

function testPython() {
  const venv = path.join(cache, "venv");
  const python = path.join(venv, "bin/python");
  if (!existsSync(python)) run("python3", ["-m", "venv", venv]);
  const pip = (...args) => run(python, ["-m", "pip", "install", "--quiet", "--require-virtualenv", ...args]);
  pip("-r", path.join(root, "python/requirements-test.txt"));
  // Installed as a consumer installs them: the generated client and the hook, from their folders. Both build
  // with setuptools, pinned in requirements-test.txt, so pip builds them in this environment instead of
  // making a fresh one with setuptools for each (6.5 s down to about 2 s).
  pip("--no-deps", "--force-reinstall", "--no-build-isolation", path.join(out, "python"), path.join(root, "python"));
  run(python, ["-m", "pytest", "-q"], { cwd: path.join(root, "python") });
}

function testGo() {
  for (const dir of ["go", "go/roundtrip"]) {
    const cwd = path.join(root, dir);
    run("go", ["vet", "./..."], { cwd });
    run("go", ["test", "-count=1", "./..."], { cwd });
  }
}

/** Reads the command line: what to do and for which languages. */
export function parseArgs(args) {
  const unknown = args.filter((a) => !["generate", "test", "python", "go"].includes(a));
  if (unknown.length) throw new StepError(`Unknown argument ${unknown.join(" ")}. Usage: node scripts/clients.mjs [generate|test] [python] [go]`);
  const chosen = args.filter((a) => a === "python" || a === "go");
  return { test: args.includes("test"), languages: chosen.length ? chosen : ["python", "go"] };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const { test, languages } = parseArgs(process.argv.slice(2));
    if (!existsSync(input)) throw new StepError(`${path.relative(root, input)} is missing: run npm run build first.`);
    const jar = timed(`OpenAPI Generator ${GENERATOR.version} jar`, generatorJar);
    for (const language of languages) {
      timed(`Generated the ${language} client from ${path.relative(root, input)} into ${path.relative(root, path.join(out, language))}`, () => generate(jar, language));
      if (test) timed(`Tested the ${language} hook and client`, language === "python" ? testPython : testGo);
    }
  } catch (err) {
    console.error(err instanceof StepError ? err.message : err);
    process.exitCode = 1;
  }
}
