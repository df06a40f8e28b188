// OpenAPI Generator rust (reqwest, its default library and features) in out/generators/oag-rust/: the generated
// crate in client/, the driver crate around it (test/generators/matrix/drivers/oag-rust/, with the shared
// drivers/rust/scenario.rs). Crates come through Cargo into .cache/generators/cargo, pinned by the driver's
// Cargo.lock (cargo rewrites only the generated crate's own entry, whose version is the document's); the build
// output stays in .cache/generators/cargo-target, so a rerun compiles only the generated crate and the driver.
// builds: cargo build of the driver with warnings denied (RUSTFLAGS=-D warnings: the generated crate and the
// driver; registry crates' lints are capped by Cargo); typed success: cargo build of the typed probe alone.
import { cpSync, readdirSync } from "node:fs";
import path from "node:path";
import { generateWith, openapiGeneratorVersion, openapiGeneratorWarnings } from "./openapi-generator.mjs";
import { cache, must, openapiGeneratorJar, run, sources } from "./tools.mjs";

const cargoEnv = {
  CARGO_HOME: path.join(cache, "generators/cargo"),
  CARGO_TARGET_DIR: path.join(cache, "generators/cargo-target"),
  CARGO_TERM_COLOR: "never",
  // The same flags on every run: a change would rebuild every crate.
  RUSTFLAGS: "-D warnings",
  // No debug info: the driver is never debugged, and the build output is about half the size (300 MB).
  CARGO_PROFILE_DEV_DEBUG: "0",
};

/** @param {import("./tools.mjs").Context} ctx @param {string[]} args */
const cargo = (ctx, args, timeoutMs = 900_000) => run("cargo", args, { cwd: ctx.dir, extraEnv: cargoEnv, timeoutMs });

/**
 * The rust generator's name sanitizer logs every name it checks, unchanged ones too
 * (`content_disposition cannot be used as a parameter name. Renamed to content_disposition`), names that
 * reach no generated file (`ApplicationSlashJson`, `StarSlashStar`, `serde_json_colon_colon_value`) and
 * Rust's own spellings (`type` as `r#type`, status `401` as `Variant401`), whose wire names serde keeps.
 * @type {import("./tools.mjs").KnownWarnings}
 */
const RUST_KNOWN_WARNINGS = [
  [
    /^WARN \S+ cannot be used as an? (model|enum variant|field\/variable|parameter) name\. Renamed to /,
    "the rust generator's name sanitizer logs each name it checks; the wire names stay (serde rename)",
  ],
];

/** `uploadBusinessDocument` as the generator names the function: `upload_business_document`. */
const snake = (/** @type {string} */ op) => op.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** @type {import("./tools.mjs").Generator[]} */
export const rustGenerators = [
  {
    id: "oag-rust",
    // The jar, and Cargo checked before anything is generated: a missing cargo fails the first cell.
    install: () => Promise.all([openapiGeneratorJar(), must(run("cargo", ["--version"]), "cargo --version")]),
    name: "OpenAPI Generator rust",
    language: "Rust",
    version: openapiGeneratorVersion,
    async generate(ctx) {
      await must(run("cargo", ["--version"]), "cargo --version");
      for (const dir of ["rust", "oag-rust"])
        for (const f of readdirSync(path.join(ctx.driversDir, dir)))
          cpSync(path.join(ctx.driversDir, dir, f), path.join(ctx.dir, f));
      return generateWith("rust", ctx);
    },
    warnings: (output) => openapiGeneratorWarnings(output, RUST_KNOWN_WARNINGS),
    operations(ctx, ids) {
      const text = sources(path.join(ctx.dir, "client/src/apis"), [".rs"]);
      return new Set(ids.filter((op) => new RegExp(`pub async fn ${snake(op)}\\(configuration`).test(text)));
    },
    build: (ctx) => cargo(ctx, ["build", "--bin", "driver"]),
    typed: (ctx) => cargo(ctx, ["build", "--bin", "typed"]),
    // Through cargo run (built already): the target folder is shared, and cargo holds its lock while it checks
    // that the binary is this checkout's.
    drive: (ctx) =>
      run("cargo", ["run", "--quiet", "--bin", "driver"], {
        cwd: ctx.dir,
        extraEnv: { ...cargoEnv, MATRIX_BASE_URL: ctx.baseUrl, MATRIX_SCENARIO: ctx.scenarioFile },
        timeoutMs: 60_000,
      }),
  },
];
