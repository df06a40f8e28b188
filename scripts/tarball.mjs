// The package as the tarball a consumer installs: `npm run tarball` (bash scripts/dev.sh tarball). npm pack builds
// dist/ first (prepack) and writes financial-operations-api-<version>.tgz into the folder you ran it from.
import { parseOrExit } from "./args.mjs";
import { run } from "./run.mjs";
import { packageInfo } from "./tools.mjs";

if (import.meta.main) {
  parseOrExit(
    { name: "tarball", usage: "npm run tarball   (bash scripts/dev.sh tarball: the tarball into the current folder)" },
    process.argv.slice(2),
    packageInfo,
  );
  const destination = process.env.INIT_CWD ?? process.cwd();
  // The npm that runs this script when there is one (npm run sets npm_execpath), else npm from PATH.
  const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ["npm"];
  const packed = await run(npm[0], [...npm.slice(1), "pack", "--pack-destination", destination], {
    output: "inherit",
    check: false,
    name: "npm pack",
  }).catch((err) => {
    console.error(`tarball: ${err.message}`);
    process.exit(1);
  });
  process.exit(packed.code ?? 1);
}
