// Where the command-line tools live and how they are run: one place, telemetry off for all.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The package's own version, what every script's `--version` prints (scripts/args.mjs). */
export const packageInfo = { version: JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).version };

/** Environment for every tool: no telemetry, no update checks, no banners. */
export const quietEnv = {
  ...process.env,
  REDOCLY_TELEMETRY: "off",
  REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
  SCARF_ANALYTICS: "false",
  DO_NOT_TRACK: "1",
  NO_UPDATE_NOTIFIER: "1",
};

/** Entry scripts of the CLIs we run, resolved from node_modules (never through npx). */
export const bin = {
  redocly: path.join(path.dirname(require.resolve("@redocly/cli/package.json")), "bin/cli.js"),
  prism: require.resolve("@stoplight/prism-cli/dist/index.js"),
  spectral: path.join(path.dirname(require.resolve("@stoplight/spectral-cli/package.json")), "dist/index.js"),
};

export const paths = {
  source: path.join(root, "openapi/openapi.yaml"),
  generated: path.join(root, "generated"),
  bundleYaml: path.join(root, "generated/openapi.yaml"),
  bundleJson: path.join(root, "generated/openapi.json"),
  types: path.join(root, "generated/types.ts"),
};

/**
 * Runs a node CLI and resolves with its output; rejects with the tool's own words on failure.
 * @param {string} script @param {string[]} args @param {{stdio?: "inherit"}} [opts]
 */
export function runNode(script, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: root,
      env: quietEnv,
      stdio: opts.stdio === "inherit" ? "inherit" : ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (d) => (stdout += d));
    child.stderr?.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve({ stdout, stderr });
      else
        reject(
          Object.assign(
            new Error(
              `${path.basename(script)} ${args.join(" ")} exited with ${code}\n${stripBanner(stderr || stdout)}`,
            ),
            { code, stdout, stderr },
          ),
        );
    });
  });
}

/** Redocly prints a boxed Node 20 end-of-life notice on stderr; drop it so real messages stand out. */
export function stripBanner(text) {
  return text
    .split("\n")
    .filter((line) => !/[║╔╚═]/.test(line))
    .join("\n")
    .trim();
}
