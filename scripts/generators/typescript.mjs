// The TypeScript generators: each client goes into a consumer project (ESM, `tsc --strict`, Node's types) under
// out/generators/<id>/ with its driver (test/generators/matrix/drivers/<id>/) and the shared scenario.ts.
// builds: tsc over the generated code and the driver; typed success: tsc over typed.ts alone.
import { cpSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generateWith, openapiGeneratorVersion, openapiGeneratorWarnings } from "./openapi-generator.mjs";
import { npmPackage, openapiGeneratorJar, run, sources } from "./tools.mjs";

const tsc = () => path.join(npmPackage("typescript").dir, "bin/tsc");
const node = process.execPath;

/**
 * The consumer's project: ESM with Node's own resolution, or CommonJS for a generator whose output imports
 * without file extensions (OpenAPI Generator typescript-fetch, written for bundlers and CommonJS).
 * @param {import("./tools.mjs").Context} ctx @param {string} id @param {boolean} commonjs
 */
function project(ctx, id, commonjs) {
  writeFileSync(
    path.join(ctx.dir, "package.json"),
    JSON.stringify({ type: commonjs ? "commonjs" : "module", private: true }),
  );
  const modules = commonjs
    ? { module: "CommonJS", moduleResolution: "Node10" }
    : { module: "NodeNext", moduleResolution: "NodeNext" };
  const compilerOptions = {
    strict: true,
    target: "ES2022",
    ...modules,
    outDir: "dist",
    rootDir: ".",
    skipLibCheck: true,
    types: ["node"],
    pretty: false,
  };
  writeFileSync(
    path.join(ctx.dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions, include: ["client", "driver.ts", "scenario.ts"] }),
  );
  writeFileSync(
    path.join(ctx.dir, "tsconfig.typed.json"),
    JSON.stringify({ compilerOptions: { ...compilerOptions, noEmit: true }, include: ["typed.ts"] }),
  );
  cpSync(path.join(ctx.driversDir, "typescript/scenario.ts"), path.join(ctx.dir, "scenario.ts"));
  cpSync(path.join(ctx.driversDir, id), ctx.dir, { recursive: true });
}

/** Lines a Node generator printed that warn about the document (its progress lines are not warnings). */
const nodeWarnings = (/** @type {string} */ output) => [
  ...new Set(
    output
      .split("\n")
      .filter((l) => /\bwarn(ing)?\b|⚠/i.test(l))
      .map((l) => l.trim()),
  ),
];

/**
 * A TypeScript generator's row: its own generate step in the consumer's project, tsc and Node for the rest.
 * @param {Pick<import("./tools.mjs").Generator, "id" | "name" | "generate"> & { pkg?: string,
 *   warnings?: (output: string) => string[], operation: (op: string) => RegExp, version?: () => string,
 *   commonjs?: boolean, install?: () => Promise<unknown> }} spec
 * @returns {import("./tools.mjs").Generator}
 */
function typescriptGenerator({
  id,
  name,
  pkg,
  generate,
  warnings = nodeWarnings,
  operation,
  version,
  commonjs = false,
  install = async () => {},
}) {
  return {
    id,
    install,
    name,
    language: "TypeScript",
    version:
      version ??
      (() => {
        if (!pkg) throw new Error(`${id}: a generator names its npm package (pkg) or its version()`);
        return `${pkg} ${npmPackage(pkg).version}`;
      }),
    async generate(ctx) {
      project(ctx, id, commonjs);
      return generate(ctx);
    },
    warnings,
    operations(ctx, ids) {
      const text = sources(path.join(ctx.dir, "client"), [".ts"]);
      return new Set(ids.filter((op) => operation(op).test(text)));
    },
    build: (ctx) => run(node, [tsc(), "-p", "tsconfig.json"], { cwd: ctx.dir }),
    // Only the probe's own diagnostics count (the generated code's are the build's).
    async typed(ctx) {
      const result = await run(node, [tsc(), "-p", "tsconfig.typed.json"], { cwd: ctx.dir });
      const own = result.output.split("\n").filter((l) => l.startsWith("typed.ts("));
      return { ...result, code: own.length ? 1 : 0, output: own.join("\n") };
    },
    drive: (ctx) =>
      run(node, ["dist/driver.js"], {
        cwd: ctx.dir,
        extraEnv: { MATRIX_BASE_URL: ctx.baseUrl, MATRIX_SCENARIO: ctx.scenarioFile },
        timeoutMs: 60_000,
      }),
  };
}

export const typescriptGenerators = [
  typescriptGenerator({
    id: "hey-api",
    name: "@hey-api/openapi-ts",
    pkg: "@hey-api/openapi-ts",
    generate: (ctx) =>
      run(
        node,
        [
          path.join(npmPackage("@hey-api/openapi-ts").dir, "bin/run.js"),
          "--input",
          ctx.document,
          "--output",
          "client",
          "--no-log-file",
        ],
        { cwd: ctx.dir },
      ),
    operation: (op) => new RegExp(`export const ${op}\\b`),
  }),
  typescriptGenerator({
    id: "orval",
    name: "orval (fetch client)",
    pkg: "orval",
    async generate(ctx) {
      const config = {
        api: {
          input: { target: ctx.document },
          output: { target: "./client/api.ts", client: "fetch", mode: "single", baseUrl: ctx.baseUrl },
        },
      };
      writeFileSync(path.join(ctx.dir, "orval.config.mjs"), `export default ${JSON.stringify(config)};\n`);
      return run(node, [path.join(npmPackage("orval").dir, "dist/bin/orval.mjs"), "--config", "orval.config.mjs"], {
        cwd: ctx.dir,
      });
    },
    operation: (op) => new RegExp(`export const ${op}\\b`),
  }),
  typescriptGenerator({
    id: "openapi-fetch",
    name: "openapi-typescript + openapi-fetch",
    pkg: "openapi-typescript",
    version: () =>
      `openapi-typescript ${npmPackage("openapi-typescript").version}, ` +
      `openapi-fetch ${npmPackage("openapi-fetch").version}`,
    generate: (ctx) =>
      run(
        node,
        [path.join(npmPackage("openapi-typescript").dir, "bin/cli.js"), ctx.document, "-o", "client/schema.ts"],
        { cwd: ctx.dir },
      ),
    operation: (op) => new RegExp(`^\\s+${op}: \\{`, "m"),
  }),
  typescriptGenerator({
    id: "oag-typescript-fetch",
    name: "OpenAPI Generator typescript-fetch",
    version: openapiGeneratorVersion,
    generate: (ctx) => generateWith("typescript-fetch", ctx),
    warnings: openapiGeneratorWarnings,
    operation: (op) => new RegExp(`async ${op}\\(`),
    commonjs: true,
    install: openapiGeneratorJar,
  }),
];
