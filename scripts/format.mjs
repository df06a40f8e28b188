// `npm run format`: Biome writes its formatting and the safe fixes of its lint rules (`biome check --write`),
// on the whole tree or on the files and folders given, as biome.jsonc sets them. `npm run lint` checks the same
// without writing (`biome ci`). What Biome cannot fix (a long string, a lint finding without a safe fix) it lists,
// and the exit code is then non-zero.
import { existsSync } from "node:fs";
import path from "node:path";
import { parseOrExit, quote, refuse } from "./args.mjs";
import { runNode } from "./run.mjs";
import { bin, packageInfo } from "./tools.mjs";

/** @satisfies {import("../src/cli/args.ts").Command} */
export const command = {
  name: "format",
  usage: `npm run format [-- PATH...]   (bash scripts/dev.sh format -- src/client)
  PATH   a file or folder to format (default: the whole tree); paths are read from the folder you run it in`,
  positionals: { max: Infinity },
};

if (import.meta.main) {
  const { positionals } = parseOrExit(command, process.argv.slice(2), packageInfo);
  // npm runs scripts in the repository; a path is the user's, from the folder they ran it in (dev.sh keeps it).
  const here = process.env.INIT_CWD ?? process.cwd();
  const targets = positionals.map((p) => path.resolve(here, p));
  for (const p of positionals)
    if (!existsSync(path.resolve(here, p))) refuse(command, `no such file or folder ${quote(p)}`);
  const { code } = await runNode(
    bin.biome,
    ["check", "--write", "--colors=off", ...(targets.length ? targets : ["."])],
    {
      output: "inherit",
      check: false,
    },
  ).catch((err) => {
    console.error(`format: ${err.message}`);
    process.exit(1);
  });
  process.exit(code ?? 1);
}
