// The packages as the tarballs a consumer installs: `npm run tarball` (bash scripts/dev.sh tarball) writes
// financial-operations-api-<version>.tgz (the client; npm pack builds both packages first, prepack) and
// financial-operations-api-mock-<version>.tgz (the mock, packages/mock) into the folder you ran it from.
import path from "node:path";
import { parseOrExit } from "./args.mjs";
import { run } from "./run.mjs";
import { packageInfo, refuseWhileE2eReads, root } from "./tools.mjs";

/** @satisfies {import("../src/cli/args.ts").Command} */
export const command = {
  name: "tarball",
  usage:
    "npm run tarball   (bash scripts/dev.sh tarball: the client's and the mock's tarballs into the current folder)",
};

if (import.meta.main) {
  parseOrExit(command, process.argv.slice(2), packageInfo);
  refuseWhileE2eReads("tarball");
  const destination = process.env.INIT_CWD ?? process.cwd();
  // The npm that runs this script when there is one (npm run sets npm_execpath), else npm from PATH.
  const [npm, ...npmArgs] = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ["npm"];
  for (const folder of [root, path.join(root, "packages/mock")]) {
    const packed = await run(String(npm), [...npmArgs, "pack", folder, "--pack-destination", destination], {
      cwd: root,
      output: "inherit",
      check: false,
      name: "npm pack",
    }).catch((err) => {
      console.error(`tarball: ${err.message}`);
      process.exit(1);
    });
    if (packed.code !== 0) process.exit(packed.code ?? 1);
  }
}
