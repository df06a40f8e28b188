import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { GENERATOR, generatorJar } from "../clients.mjs";
import { run as runProgram, tail } from "../run.mjs";
import { root, toolEnv } from "../tools.mjs";

const require = createRequire(import.meta.url);

/**
 * @typedef {object} Ran what a tool's run gave (run below): never a rejection
 * @property {number | string | null} code the exit code, a sentence when a signal or the time bound ended it, or null
 *   when it could not start
 * @property {string} [stdout]
 * @property {string} output stdout and stderr together
 *
 * @typedef {object} Context where a generator works and what it works on (scripts/generators.mjs)
 * @property {string} dir its folder under out/generators/
 * @property {string} document the bundled document
 * @property {any} scenario test/generators/matrix/scenario.json, as parsed
 * @property {string} baseUrl the recording server's
 * @property {string} scenarioFile the scenario's file, for the drivers
 * @property {string} driversDir test/generators/matrix/drivers/
 *
 * @typedef {object} Generator one row of the matrix
 * @property {string} id
 * @property {string} name
 * @property {"TypeScript" | "Python" | "Go" | "Java" | "Rust"} language
 * @property {() => string} version
 * @property {() => Promise<unknown>} install
 * @property {(ctx: Context) => Promise<Ran>} generate
 * @property {{ what: string, generate(ctx: Context): Promise<Ran> }} [again] the run with the option its stop names
 * @property {(output: string) => string[]} warnings
 * @property {(ctx: Context, ids: string[]) => Set<string>} operations
 * @property {(ctx: Context) => Promise<Ran>} build
 * @property {(ctx: Context) => Promise<Ran>} typed
 * @property {(ctx: Context) => Promise<Ran>} drive
 *
 * @typedef {[RegExp, string][]} KnownWarnings warnings that are not about the document, each with why
 */
export const cache = path.join(root, ".cache");
export const matrixDir = path.join(root, "test/generators/matrix");

/**
 * @typedef {{ module: string, version: string }} GoPin
 */

/** Exact versions of the tools that do not come from package.json (npm ones are read from node_modules). */
export const PINS = {
  openapiGenerator: GENERATOR.version,
  oapiCodegen: { module: "github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen", version: "v2.8.2" },
  ogen: { module: "github.com/ogen-go/ogen/cmd/ogen", version: "v1.24.0" },
  python: path.join(matrixDir, "python/requirements.txt"),
};

/**
 * What to install when a system tool is missing (CI installs them in .ci/run).
 * @type {Readonly<Record<string, string>>}
 */
const NEED = {
  java:
    "OpenAPI Generator and the Java client need Java 11 or newer " +
    "(Debian: apt-get install default-jre-headless; javac: default-jdk-headless)",
  javac: "the Java client is compiled with javac (Debian: apt-get install default-jdk-headless)",
  mvn: "the generator jar and the Java client's libraries come through Maven (Debian: apt-get install maven)",
  go:
    "the Go generators are installed and the Go clients built with Go 1.24 or newer " +
    "(Debian: apt-get install golang-go)",
  cargo:
    "the Rust client is built with Cargo and Rust 1.89 or newer, the oldest its locked crates take; " +
    "Debian 12: apt-get install cargo-web libssl-dev pkg-config (from bookworm-security), or rustup",
  python3:
    "the Python generators run in a venv made with python3 -m venv, 3.10 or newer " +
    "(Debian: apt-get install python3-venv)",
};

export const env = {
  ...toolEnv,
  NO_COLOR: "1",
  MAVEN_OPTS: "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC",
};

/**
 * Runs a command; never rejects, so a failing tool is a finding (its output kept), not a crash. `code` is the
 * exit code, a sentence when a signal or the time bound ended it, or null when it could not start.
 * @param {string} command @param {readonly string[]} args
 * @param {{ cwd?: string, extraEnv?: Record<string, string | undefined>, timeoutMs?: number }} [options]
 * @returns {Promise<Ran>}
 */
export function run(command, args, { cwd = root, extraEnv = {}, timeoutMs = 300_000 } = {}) {
  const missing = NEED[path.basename(command)];
  return runProgram(command, args, { cwd, env: { ...env, ...extraEnv }, timeoutMs, check: false, missing }).then(
    ({ code, signal, timedOut, stdout, output }) => ({
      code: timedOut ? `stopped after ${timeoutMs / 1000} s` : signal ? `killed (${signal})` : code,
      stdout,
      output,
    }),
    (err) => ({ code: null, stdout: "", output: err.message }),
  );
}

export class ToolError extends Error {}

/**
 * Fails with the tool's own words when a step did not succeed.
 * @template {Ran} R
 * @param {Promise<R>} promise @param {string} what
 */
export async function must(promise, what) {
  const result = await promise;
  if (result.code !== 0) throw new ToolError(`${what} failed (exit ${result.code}):\n${tail(result.output)}`);
  return result;
}

export { tail };

/** @type {Map<string, Promise<any>>} */
const once = new Map();
/**
 * Runs an install at most once per process (generators share the jar, the venv, the Go cache).
 * @template T
 * @param {string} key @param {() => Promise<T>} fn
 * @returns {Promise<T>}
 */
function memo(key, fn) {
  const started = once.get(key) ?? fn();
  once.set(key, started);
  return started;
}

/**
 * The OpenAPI Generator jar: clients.mjs's (fetched by Maven into .cache/m2, checked against its SHA-256 on
 * every run), once per process; its failure becomes a ToolError.
 */
export function openapiGeneratorJar() {
  return memo("jar", async () => {
    try {
      return generatorJar();
    } catch (err) {
      throw new ToolError(/** @type {Error} */ (err).message);
    }
  });
}

/**
 * A Go generator at its pinned version, built by `go install module@version` into
 * .cache/generators/go-bin/<version>.
 * @param {GoPin} pin
 */
export function goTool(pin) {
  return memo(pin.module, async () => {
    const bin = path.join(cache, "generators/go-bin", pin.version);
    const exe = path.join(bin, path.basename(pin.module));
    if (!existsSync(exe))
      await must(
        run("go", ["install", `${pin.module}@${pin.version}`], { extraEnv: { GOBIN: bin } }),
        `go install ${pin.module}@${pin.version}`,
      );
    return exe;
  });
}

/** The venv of the Python generators and checkers, made here and kept in step with the pinned requirements. */
export function pythonVenv() {
  return memo("venv", async () => {
    const venv = path.join(cache, "generators/venv");
    const python = path.join(venv, "bin/python");
    const wanted = readFileSync(PINS.python, "utf8");
    const stamp = path.join(venv, "installed-requirements.txt");
    if (!existsSync(python)) await must(run("python3", ["-m", "venv", venv]), "python3 -m venv");
    if (!existsSync(stamp) || readFileSync(stamp, "utf8") !== wanted) {
      await must(
        run(python, ["-m", "pip", "install", "--quiet", "--require-virtualenv", "-r", PINS.python], {
          timeoutMs: 900_000,
        }),
        `pip install -r ${path.relative(root, PINS.python)}`,
      );
      writeFileSync(stamp, wanted);
    }
    return { python, bin: path.join(venv, "bin") };
  });
}

/**
 * An npm package's installed version and folder (pinned in package.json).
 * @param {string} name
 * @returns {{ dir: string, version: string }}
 */
export function npmPackage(name) {
  const dir = path.dirname(require.resolve(`${name}/package.json`));
  return { dir, version: JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).version };
}

/**
 * Every file under `dir` whose name ends with one of `exts`, as one text (for counting operations).
 * @param {string} dir @param {string[]} exts
 */
export function sources(dir, exts) {
  /** @type {string[]} */
  const texts = [];
  const walk = (/** @type {string} */ d) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (exts.some((e) => name.endsWith(e))) texts.push(readFileSync(p, "utf8"));
    }
  };
  if (existsSync(dir)) walk(dir);
  return texts.join("\n");
}

/** @param {string} dir */
export function ensureDir(dir) {
  mkdirSync(dir, { recursive: true });
  return dir;
}
