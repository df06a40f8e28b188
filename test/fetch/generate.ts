// Generates the hey-api and orval clients from the document with their CLIs (as a consumer runs them) into a
// temporary folder under the git-ignored out/, with the drivers beside them, and type-checks the lot under
// tsc --strict: the signing fetch's type must fit where each client takes a fetch.
import { spawn } from "node:child_process";
import { cp, mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));
const root = path.resolve(import.meta.dirname, "../..");

export interface Run {
  code: number | null;
  output: string;
}

/** Runs a node script in `cwd`, bounded in time; never rejects, so a failing tool is a finding. */
export function runNode(script: string, args: string[], cwd: string, timeoutMs = 180_000): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: "1", DO_NOT_TRACK: "1", NO_UPDATE_NOTIFIER: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", (err) => {
      clearTimeout(timer);
      resolve({ code: null, output: `${output}${err.message}` });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/**
 * A consumer project in out/: package.json, the drivers, and a strict tsconfig that reads the package's fetch subpath
 * from the source.
 */
export async function makeProject(): Promise<string> {
  await mkdir(path.join(root, "out"), { recursive: true });
  const dir = await mkdtemp(path.join(root, "out", "fetch-clients-"));
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ type: "module", private: true }));
  const compilerOptions = {
    strict: true,
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    lib: ["ES2022", "DOM", "DOM.Iterable"],
    types: ["node"],
    noEmit: true,
    skipLibCheck: true,
    allowImportingTsExtensions: true,
    paths: { "financial-operations-api/fetch": [path.join(root, "src/fetch/index.ts")] },
  };
  await writeFile(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions, include: ["hey", "orval", "drivers"] }),
  );
  await cp(path.join(import.meta.dirname, "drivers"), path.join(dir, "drivers"), { recursive: true });
  return dir;
}

export function generateHeyApi(document: string, dir: string): Promise<Run> {
  return runNode(
    path.join(packageDir("@hey-api/openapi-ts"), "bin/run.js"),
    ["--input", document, "--output", "hey", "--silent", "--no-log-file"],
    dir,
  );
}

/** orval's fetch client, without a baseUrl (it passes paths), sending through the mutator drivers/orval-fetch.ts. */
export async function generateOrval(document: string, dir: string): Promise<Run> {
  const output = {
    target: "./orval/api.ts",
    client: "fetch",
    mode: "single",
    override: { mutator: { path: "./drivers/orval-fetch.ts", name: "signedFetch" } },
  };
  await writeFile(
    path.join(dir, "orval.config.mjs"),
    `export default ${JSON.stringify({ api: { input: { target: document }, output } })};\n`,
  );
  return runNode(path.join(packageDir("orval"), "dist/bin/orval.mjs"), ["--config", "orval.config.mjs"], dir);
}

export function typecheck(dir: string): Promise<Run> {
  return runNode(path.join(packageDir("typescript"), "bin/tsc"), ["-p", "tsconfig.json", "--pretty", "false"], dir);
}
