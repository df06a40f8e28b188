// OpenAPI Generator java (okhttp-gson, its default library) in out/generators/oag-java/: the client's compile
// libraries come through Maven (the generated pom, `dependency:build-classpath`, into .cache/m2); builds: javac
// over the generated sources and the driver (test/generators/matrix/drivers/oag-java/Driver.java);
// typed success: javac over Typed.java alone.
import { cpSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  generateWith,
  JAVA_KNOWN_WARNINGS,
  JVM,
  openapiGeneratorVersion,
  openapiGeneratorWarnings,
} from "./openapi-generator.mjs";
import { cache, openapiGeneratorJar, run, sources } from "./tools.mjs";

const classpath = (/** @type {import("./tools.mjs").Context} */ ctx) =>
  readFileSync(path.join(ctx.dir, "client/cp.txt"), "utf8").trim();
const javaSources = (/** @type {string} */ dir) =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".java"))
    .map((f) => path.join(dir, f));

/** @type {import("./tools.mjs").Generator[]} */
export const javaGenerators = [
  {
    id: "oag-java",
    install: openapiGeneratorJar,
    name: "OpenAPI Generator java",
    language: "Java",
    version: openapiGeneratorVersion,
    async generate(ctx) {
      for (const f of ["Driver.java", "Typed.java"])
        cpSync(path.join(ctx.driversDir, "oag-java", f), path.join(ctx.dir, f));
      return generateWith("java", ctx);
    },
    warnings: (output) => openapiGeneratorWarnings(output, JAVA_KNOWN_WARNINGS),
    operations(ctx, ids) {
      const text = sources(path.join(ctx.dir, "client/src/main/java"), [".java"]);
      return new Set(ids.filter((op) => new RegExp(`public \\S.* ${op}\\(`).test(text)));
    },
    async build(ctx) {
      const client = path.join(ctx.dir, "client");
      const deps = await run(
        "mvn",
        [
          "-B",
          "-q",
          "-Dstyle.color=never",
          `-Dmaven.repo.local=${path.join(cache, "m2")}`,
          "dependency:build-classpath",
          "-Dmdep.outputFile=cp.txt",
          "-Dmdep.includeScope=compile",
        ],
        { cwd: client, timeoutMs: 600_000 },
      );
      if (deps.code !== 0) return deps;
      return run(
        "javac",
        [
          `-J${JVM[0]}`,
          "-nowarn",
          "-encoding",
          "UTF-8",
          "-d",
          "classes",
          "-cp",
          classpath(ctx),
          ...javaSources(path.join(client, "src/main/java")),
          "Driver.java",
        ],
        { cwd: ctx.dir },
      );
    },
    typed: (ctx) =>
      run("javac", [`-J${JVM[0]}`, "-d", "typed-classes", "-cp", `classes:${classpath(ctx)}`, "Typed.java"], {
        cwd: ctx.dir,
      }),
    drive: (ctx) =>
      run("java", [...JVM, "-cp", `classes:${classpath(ctx)}`, "Driver"], {
        cwd: ctx.dir,
        extraEnv: { MATRIX_BASE_URL: ctx.baseUrl, MATRIX_SCENARIO: ctx.scenarioFile },
        timeoutMs: 60_000,
      }),
  },
];
