// The package as the tarball a consumer installs: `npm run tarball` (bash scripts/dev.sh tarball). npm pack builds
// dist/ first (prepack) and writes financial-operations-api-<version>.tgz into the folder you ran it from.
import { spawnSync } from "node:child_process";
import { parseOrExit } from "./args.mjs";
import { packageInfo, quietEnv, root } from "./tools.mjs";

parseOrExit(
  { name: "tarball", usage: "npm run tarball   (bash scripts/dev.sh tarball: the tarball into the current folder)" },
  process.argv.slice(2),
  packageInfo,
);
const destination = process.env.INIT_CWD ?? process.cwd();
const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ["npm"];
const res = spawnSync(npm[0], [...npm.slice(1), "pack", "--pack-destination", destination], {
  cwd: root,
  env: quietEnv,
  stdio: "inherit",
});
process.exit(res.status ?? 1);
