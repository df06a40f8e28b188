// Generates clients from a document with @hey-api/openapi-ts and orval (their CLIs, as a consumer runs
// them), then compiles them with the consumer's drivers under `tsc --strict`, all in a temporary folder.
import { spawn } from "node:child_process";
import { cp, mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

export const bins = {
  heyApi: path.join(packageDir("@hey-api/openapi-ts"), "bin/run.js"),
  orval: path.join(packageDir("orval"), "dist/bin/orval.mjs"),
  tsc: path.join(packageDir("typescript"), "bin/tsc"),
};

export interface Run {
  code: number | null;
  output: string;
}

/** Runs a node script in `cwd`; never rejects, so a failing generator is a finding, not a crash. */
export function runNode(script: string, args: string[], cwd: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: "1", DO_NOT_TRACK: "1", NO_UPDATE_NOTIFIER: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", (err) => resolve({ code: null, output: `${output}${err.message}` }));
    child.on("close", (code) => resolve({ code, output }));
  });
}

/**
 * A Node consumer's project: ESM, strict TypeScript with its target's default libraries (DOM included)
 * and Node's types. It lives in the git-ignored out/ so that it resolves this repository's node_modules.
 */
export async function makeProject(root: string, driversDir: string): Promise<string> {
  await mkdir(path.join(root, "out"), { recursive: true });
  const dir = await mkdtemp(path.join(root, "out", "generators-"));
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module", private: true }));
  const compilerOptions = {
    strict: true,
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    outDir: "dist",
    rootDir: ".",
    skipLibCheck: true,
    types: ["node"],
  };
  await writeFile(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions, include: ["hey", "orval", "drivers"] }),
  );
  await cp(driversDir, path.join(dir, "drivers"), { recursive: true });
  return dir;
}

export function generateHeyApi(document: string, dir: string): Promise<Run> {
  return runNode(bins.heyApi, ["--input", document, "--output", "hey", "--silent", "--no-log-file"], dir);
}

/** orval's fetch client (its default, axios, would need one more package); the base URL is the echo server's. */
export async function generateOrval(document: string, dir: string, baseUrl: string): Promise<Run> {
  const config = {
    api: {
      input: { target: document },
      output: { target: "./orval/api.ts", client: "fetch", mode: "single", baseUrl },
    },
  };
  await writeFile(path.join(dir, "orval.config.mjs"), `export default ${JSON.stringify(config)};\n`);
  return runNode(bins.orval, ["--config", "orval.config.mjs"], dir);
}

/**
 * `tsc --strict` over the generated code and the drivers; emits JavaScript even when a file has errors (the
 * generator matrix's "builds" cell is where type errors count).
 */
export function compile(dir: string): Promise<Run> {
  return runNode(bins.tsc, ["-p", "tsconfig.json", "--strict", "--pretty", "false"], dir);
}

/** Runs a compiled driver in its own Node process, as the consumer's program; resolves with its result or its error. */
export async function runDriver(
  dir: string,
  name: string,
  baseUrl: string,
): Promise<{ result?: { total: unknown }; error?: string }> {
  const driver = path.join(dir, "dist/drivers", `${name}.js`);
  const script =
    `import(${JSON.stringify(`file://${driver}`)})` +
    `.then((m) => m.run(${JSON.stringify(baseUrl)}))` +
    ".then((r) => console.log(JSON.stringify(r)))";
  const run = await new Promise<Run>((resolve) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      cwd: dir,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    let stdout = "";
    child.stdout.on("data", (d) => {
      stdout += d;
      output += d;
    });
    child.stderr.on("data", (d) => {
      output += d;
    });
    child.on("close", (code) => resolve({ code, output: code === 0 ? stdout : output }));
  });
  if (run.code !== 0) return { error: run.output.trim().split("\n").slice(0, 6).join("\n") };
  return { result: JSON.parse(run.output.trim().split("\n").at(-1) ?? "null") };
}
