// The Python generators: run from the venv tools.mjs makes; each client with its driver
// (test/generators/matrix/drivers/<id>/) and the shared scenario.py in out/generators/<id>/.
// builds: mypy --strict over the generated package and the driver (a package that ships its own mypy settings
// is checked under those, the driver still under --strict); typed success: mypy --strict over typed.py
// (imports followed silently, so only the probe's own lines count).
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generateWith, openapiGeneratorVersion, openapiGeneratorWarnings } from "./openapi-generator.mjs";
import { cache, openapiGeneratorJar, PINS, pythonVenv, run, sources } from "./tools.mjs";

/** @typedef {import("./tools.mjs").Context} Context */

const pinned = (/** @type {string} */ name) =>
  readFileSync(PINS.python, "utf8").match(new RegExp(`^${name}==(\\S+)`, "m"))?.[1];

/**
 * The generated package: the folder under client/ that holds the client (found, as its name comes from the title).
 * @param {Context} ctx @param {string} marker
 */
function packageOf(ctx, marker) {
  const base = path.join(ctx.dir, "client");
  const found = existsSync(base) ? readdirSync(base).find((d) => existsSync(path.join(base, d, marker))) : undefined;
  if (!found) throw new Error(`no package with ${marker} under client/`);
  return found;
}

/**
 * Copies the driver files, with the generated package's name where they say __PACKAGE__.
 * @param {Context} ctx @param {string} id @param {string} pkg
 */
function drivers(ctx, id, pkg) {
  cpSync(path.join(ctx.driversDir, "python/scenario.py"), path.join(ctx.dir, "scenario.py"));
  for (const name of ["driver.py", "typed.py"]) {
    writeFileSync(
      path.join(ctx.dir, name),
      readFileSync(path.join(ctx.driversDir, id, name), "utf8").replaceAll("__PACKAGE__", pkg),
    );
  }
}

/**
 * A Python generator's row: its own generate step, mypy and the venv's Python for the rest.
 * @param {Pick<import("./tools.mjs").Generator, "id" | "name" | "version" | "generate" | "warnings"> & {
 *   marker: string, operation: (op: string) => { test(text: string): boolean }, files?: boolean,
 *   ownConfig?: boolean }} spec
 * @returns {import("./tools.mjs").Generator}
 */
function pythonGenerator({
  id,
  name,
  version,
  generate,
  warnings,
  marker,
  operation,
  files = false,
  ownConfig = false,
}) {
  const mypy = async (/** @type {Context} */ ctx, /** @type {string[]} */ args) => {
    const { python } = await pythonVenv();
    return run(
      python,
      ["-m", "mypy", "--strict", "--no-color-output", "--cache-dir", path.join(cache, "generators/mypy", id), ...args],
      { cwd: ctx.dir, extraEnv: { MYPYPATH: path.join(ctx.dir, "client") } },
    );
  };
  return {
    id,
    install: () => Promise.all([pythonVenv(), ownConfig ? openapiGeneratorJar() : undefined]),
    name,
    language: "Python",
    version,
    async generate(ctx) {
      const result = await generate(ctx);
      if (result.code === 0) drivers(ctx, id, packageOf(ctx, marker));
      return result;
    },
    warnings,
    operations(ctx, ids) {
      const dir = path.join(ctx.dir, "client", packageOf(ctx, marker));
      const text = files
        ? `${readdirSync(dir, { recursive: true })
            .map((f) => `/${f}`)
            .join("\n")}\n`
        : sources(dir, [".py"]);
      return new Set(ids.filter((op) => operation(op).test(text)));
    },
    async build(ctx) {
      const pkg = path.join("client", packageOf(ctx, marker));
      if (!ownConfig) return mypy(ctx, [pkg, "driver.py", "scenario.py"]);
      // The package under the mypy settings it ships (its pyproject), the consumer's code under --strict.
      const { python } = await pythonVenv();
      const own = await run(
        python,
        [
          "-m",
          "mypy",
          "--no-color-output",
          "--cache-dir",
          path.join(cache, "generators/mypy", `${id}-own`),
          packageOf(ctx, marker),
        ],
        { cwd: path.join(ctx.dir, "client") },
      );
      const consumer = await mypy(ctx, ["--follow-imports=silent", "driver.py", "scenario.py"]);
      return {
        code: own.code === 0 ? consumer.code : own.code,
        output: `${own.code === 0 ? "" : `${pkg} under its own mypy settings:\n${own.output}`}${consumer.output}`,
      };
    },
    typed: (ctx) => mypy(ctx, ["--follow-imports=silent", "typed.py"]),
    async drive(ctx) {
      const { python } = await pythonVenv();
      return run(python, ["driver.py"], {
        cwd: ctx.dir,
        extraEnv: {
          PYTHONPATH: `${path.join(ctx.dir, "client")}:${ctx.dir}`,
          MATRIX_BASE_URL: ctx.baseUrl,
          MATRIX_SCENARIO: ctx.scenarioFile,
        },
        timeoutMs: 60_000,
      });
    },
  };
}

const snake = (/** @type {string} */ op) => op.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export const pythonGenerators = [
  pythonGenerator({
    id: "openapi-python-client",
    name: "openapi-python-client",
    version: () => `openapi-python-client ${pinned("openapi-python-client")}`,
    async generate(ctx) {
      const { bin } = await pythonVenv();
      // Its own post-generation step runs ruff (a dependency of it) from PATH, as in a consumer's venv.
      return run(
        path.join(bin, "openapi-python-client"),
        ["generate", "--path", ctx.document, "--output-path", "client"],
        { cwd: ctx.dir, extraEnv: { PATH: `${bin}:${process.env.PATH}` } },
      );
    },
    // Its report lists what it skipped or could not read; the progress lines are not warnings.
    warnings: (output) => [
      ...new Set(
        output
          .split("\n")
          .map((l) => l.trim())
          .filter((l) => /warn|unsupported|failure|could not|cannot|invalid|removal|skipp/i.test(l)),
      ),
    ],
    marker: "client.py",
    // One module per operation, named after its operationId: api/<tag>/<operation>.py.
    operation: (op) => ({ test: (files) => files.includes(`/${snake(op)}.py\n`) }),
    files: true,
  }),
  pythonGenerator({
    id: "oag-python",
    name: "OpenAPI Generator python",
    version: openapiGeneratorVersion,
    generate: (ctx) => generateWith("python", ctx),
    warnings: openapiGeneratorWarnings,
    marker: "api_client.py",
    // Its pyproject declares the mypy settings its output meets ("TODO: enable strict"): 220 errors under
    // --strict, all in its templates (untyped defs, Any returns), none a property of the document.
    ownConfig: true,
    operation: (op) => new RegExp(`def ${snake(op)}\\(`),
  }),
];
