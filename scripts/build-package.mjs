// Builds the package into dist/ with tsdown (tsdown.config.ts): the client entry and "./types" as ESM and
// CommonJS with declarations, and the fo-sign bin. `npm run build` calls it after generating the document;
// `npm pack` runs it first (prepack), so a tarball never carries a stale dist/.
import { rm } from "node:fs/promises";
import path from "node:path";
import { build } from "tsdown";
import { parseOrExit } from "./args.mjs";
import { packageInfo, root } from "./tools.mjs";

export async function buildPackage() {
  await rm(path.join(root, "dist"), { recursive: true, force: true });
  // Silent unless something is wrong: `npm pack --json` runs this first and its stdout must stay JSON.
  await build({ config: path.join(root, "tsdown.config.ts"), cwd: root, logLevel: "warn" });
}

if (import.meta.main) {
  parseOrExit(
    { name: "build-package", usage: "npm run build:package   (the package into dist/)" },
    process.argv.slice(2),
    packageInfo,
  );
  buildPackage().catch((err) => {
    console.error(`build-package: ${err.message}`);
    process.exit(1);
  });
}
