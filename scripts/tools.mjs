// Where the command-line tools live and the environment they run with: one place, telemetry off for all
// (scripts/run.mjs runs them).
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

/**
 * quietEnv plus what the Python, Go and Maven tools need here: the Go toolchain the machine has (no download),
 * modules resolved from go.mod, no bytecode files, no pip or Go telemetry and update checks. Downloads go to pip's and
 * Go's own caches (the user's, shared by every clone and checked by pip's hashes and go.sum): a fresh clone fetches
 * nothing already fetched. The clients step (clients.mjs) and the generator matrix (generators/tools.mjs) share it.
 */
export const toolEnv = {
  ...quietEnv,
  PIP_DISABLE_PIP_VERSION_CHECK: "1",
  PYTHONDONTWRITEBYTECODE: "1",
  GOTOOLCHAIN: "local",
  GOFLAGS: "-mod=mod",
  GOTELEMETRY: "off",
};

/** Entry scripts of the CLIs we run, resolved from node_modules (never through npx). */
export const bin = {
  redocly: path.join(path.dirname(require.resolve("@redocly/cli/package.json")), "bin/cli.js"),
  prism: require.resolve("@stoplight/prism-cli/dist/index.js"),
  spectral: path.join(path.dirname(require.resolve("@stoplight/spectral-cli/package.json")), "dist/index.js"),
  // Biome's launcher picks the platform's binary from its optional dependencies.
  biome: require.resolve("@biomejs/biome/bin/biome"),
  // The project's type check runs on TypeScript 7's native compiler (its launcher picks the platform's binary from
  // its optional dependencies); `typescript` 5.x stays for the tools that call the compiler's API.
  tsc: path.join(path.dirname(require.resolve("typescript-7/package.json")), "bin/tsc"),
  // dependency-cruiser exports its ESM entry alone (nothing require.resolve finds): a devDependency of the root.
  depcruise: path.join(root, "node_modules/dependency-cruiser/bin/dependency-cruiser.mjs"),
};

/**
 * Set by the end-to-end tier to this checkout once it has built the artifacts its files read
 * (test/helpers/e2eArtifacts.ts): from then on until the run ends, no script rebuilds them here.
 */
export const E2E_READS = "FO_E2E_READS_ARTIFACTS_OF";

/**
 * Exits with code 2 when the end-to-end tier is reading this checkout's artifacts: a rebuild deletes what another
 * test file may be installing at that moment. A test that runs a build command builds in a copy of the repository
 * (test/helpers/repoCopy.ts), which is another checkout.
 * @param {string} name the script, for the message
 */
export function refuseWhileE2eReads(name) {
  const reading = process.env[E2E_READS];
  if (!reading || path.resolve(reading) !== root) return;
  console.error(
    `${name}: the end-to-end tier built this checkout's artifacts before its files started and reads them while ` +
      "they run; a test that builds must build in a copy of the repository (test/helpers/repoCopy.ts).",
  );
  process.exit(2);
}

export const paths = {
  source: path.join(root, "openapi/openapi.yaml"),
  generated: path.join(root, "generated"),
  bundleYaml: path.join(root, "generated/openapi.yaml"),
  bundleJson: path.join(root, "generated/openapi.json"),
  types: path.join(root, "generated/types.ts"),
};

/**
 * Redocly prints a boxed Node 20 end-of-life notice on stderr; drop it so real messages stand out.
 * @param {string} text
 */
export function stripBanner(text) {
  return text
    .split("\n")
    .filter((line) => !/[║╔╚═]/.test(line))
    .join("\n")
    .trim();
}
