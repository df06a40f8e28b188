// The five runtimes a consumer may use, found where scripts/runtimes.sh installs them (or as its variables
// say), and Node 20 as the machine's own `node`; how each one runs a module and the fo-sign bin. Node 22, Bun
// and Deno are fetched here, the first time this test needs them (`bash scripts/runtimes.sh consumer`), so that
// setting up for everything else fetches Node 24 only.
import { execFileSync } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import path from "node:path";

const repoRoot = path.resolve(import.meta.dirname, "../..");
const runtimesDir = path.join(repoRoot, "runtimes/node_modules");
const consumerDir = path.join(repoRoot, "runtimes/consumer/node_modules");

export interface Runtime {
  name: "node20" | "node22" | "node24" | "bun" | "deno";
  /** The binary, or why it is missing. */
  bin: string;
  missing?: string;
  /** The Node that runs npm for this project (the runtime itself where it is a Node). */
  npmNode: () => string;
  /** argv that runs a module file of the project. */
  run(file: string): string[];
  /** argv that runs the fo-sign bin of the installed package. */
  fosign(args: string[]): string[];
}

const installHint = "`bash scripts/runtimes.sh consumer` installs the runtimes of runtimes/consumer/package.json";

function fromEnvOrRuntimes(variable: string, relative: string, dir = runtimesDir): { bin: string; missing?: string } {
  const bin = process.env[variable] || path.join(dir, relative);
  return existsSync(bin) ? { bin } : { bin, missing: `${bin} not found: ${installHint}` };
}

const CONSUMER_RUNTIMES: Array<[variable: string, relative: string]> = [
  ["NODE22", "node22/bin/node"],
  ["BUN", "@oven/bun-linux-x64/bin/bun"],
  ["DENO", "@deno/linux-x64-glibc/deno"],
];

/** Fetches Node 22, Bun and Deno once, when one of them is not there yet (its progress shows on stderr). */
function fetchConsumerRuntimes(): void {
  if (
    CONSUMER_RUNTIMES.every(([variable, relative]) =>
      existsSync(process.env[variable] || path.join(consumerDir, relative)),
    )
  )
    return;
  try {
    execFileSync("bash", [path.join(repoRoot, "scripts/runtimes.sh"), "consumer"], {
      stdio: ["ignore", "inherit", "inherit"],
      timeout: 15 * 60_000,
    });
  } catch {
    // Each runtime still missing then fails its own tests with the install hint.
  }
}

/** The machine's Node 20 (Debian's): $NODE20, else the first `node` on PATH whose major version is 20. */
function findNode20(): { bin: string; missing?: string } {
  const candidates = [
    process.env.NODE20,
    ...(process.env.PATH ?? "").split(path.delimiter).map((dir) => dir && path.join(dir, "node")),
  ];
  for (const candidate of candidates) {
    if (!candidate || !existsSync(candidate)) continue;
    try {
      if (execFileSync(candidate, ["--version"], { encoding: "utf8" }).startsWith("v20.")) return { bin: candidate };
    } catch {
      // Not a runnable node; try the next one.
    }
  }
  return {
    bin: "node",
    missing: "no Node 20 found (set NODE20 or put Debian's node on PATH: apt-get install -y nodejs)",
  };
}

const node24 = fromEnvOrRuntimes("NODE24", "node24/bin/node");
const nodeRuntime = (name: Runtime["name"], found: { bin: string; missing?: string }): Runtime => ({
  name,
  ...found,
  npmNode: () => found.bin,
  run: (file) => [found.bin, file],
  // Through the .bin link and its `#!/usr/bin/env node` line, as npx and npm scripts run it (PATH picks this Node).
  fosign: (args) => ["node_modules/.bin/fo-sign", ...args],
});

// Deno: only what the consumer code needs (its files, the environment, the local server).
const DENO_PERMISSIONS = ["--no-prompt", "--allow-read=.", "--allow-env", "--allow-net=127.0.0.1"];

export function runtimes(): Runtime[] {
  fetchConsumerRuntimes();
  const bun = fromEnvOrRuntimes("BUN", "@oven/bun-linux-x64/bin/bun", consumerDir);
  const deno = fromEnvOrRuntimes("DENO", "@deno/linux-x64-glibc/deno", consumerDir);
  return [
    nodeRuntime("node20", findNode20()),
    nodeRuntime("node22", fromEnvOrRuntimes("NODE22", "node22/bin/node", consumerDir)),
    nodeRuntime("node24", node24),
    {
      name: "bun",
      ...bun,
      npmNode: () => node24.bin,
      run: (file) => [bun.bin, file],
      fosign: (args) => [bun.bin, "node_modules/.bin/fo-sign", ...args],
    },
    {
      name: "deno",
      ...deno,
      npmNode: () => node24.bin,
      run: (file) => [deno.bin, "run", ...DENO_PERMISSIONS, file],
      fosign: (args) => [deno.bin, "run", ...DENO_PERMISSIONS, "node_modules/.bin/fo-sign", ...args],
    },
  ];
}

/** The machine's npm CLI script, run with a chosen Node (so engine checks see that Node). */
export function npmCli(): string {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const candidate = dir && path.join(dir, "npm");
    if (candidate && existsSync(candidate)) return realpathSync(candidate);
  }
  throw new Error("npm is not on PATH: the consumer test installs the packed tarball with the machine's npm");
}
