// Runs every bench/*.bench.ts in its own Node process (so memory figures do not mix), one after
// another, and prints what each reports. `npm run bench -- NAME` runs only files whose name contains NAME.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseOrExit, refuse } from "./args.mjs";
import { packageInfo, quietEnv, root } from "./tools.mjs";

const command = {
  name: "bench",
  usage: "npm run bench [-- NAME]   (only bench/*.bench.ts files whose name contains NAME)",
  positionals: { max: 1 },
};
const filter = parseOrExit(command, process.argv.slice(2), packageInfo).positionals[0] ?? "";
const dir = path.join(root, "bench");
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts") && f.includes(filter))
  .sort();
if (files.length === 0) refuse(command, `no benchmark in bench/ matches ${JSON.stringify(filter)}`);
// Figures are only comparable from one machine in one state: say which.
console.log(
  `Node ${process.version}, ${os.cpus()[0]?.model ?? "unknown CPU"} x ${os.cpus().length}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
let failed = 0;
for (const file of files) {
  console.log(`\n## ${file}`);
  const res = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", path.join(dir, file)], {
    cwd: root,
    env: quietEnv,
    stdio: "inherit",
  });
  if (res.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
