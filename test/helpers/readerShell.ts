// The shell a guide's reader has: the machine's own PATH, without what the project's commands put in front of it
// (the project's Node 24 from runtimes/, node_modules/.bin, npm's own helpers). So `node` and `npm` there are the
// machine's (Debian's Node 20 on a fresh machine), as the README says is enough, and a guide block that quietly
// needs the project's Node fails here as it would for the reader.
import { execFileSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** PATH entries that the project or npm added: anything inside the repository or a runtimes/ folder, npm's helpers. */
function addedByProject(dir: string): boolean {
  const resolved = path.resolve(dir);
  return (
    resolved === root ||
    resolved.startsWith(`${root}${path.sep}`) ||
    /[\\/]runtimes[\\/]node_modules[\\/]/.test(resolved) ||
    /[\\/]node_modules[\\/]\.bin$/.test(resolved) ||
    /[\\/]@npmcli[\\/]run-script[\\/]/.test(resolved)
  );
}

/** The reader's PATH, from this process's PATH. */
export function readerPath(pathValue = process.env.PATH ?? ""): string {
  return pathValue
    .split(path.delimiter)
    .filter((dir) => dir && !addedByProject(dir))
    .join(path.delimiter);
}

/**
 * The environment of a reader's fresh shell: this process's, its PATH the reader's, none of the variables `npm test`
 * and vitest set. Throws, naming what to install, when that PATH has no `node` and `npm` (the README's premise).
 */
export function readerEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!/^(npm_|INIT_CWD$|VITEST|NODE_OPTIONS$|NODE$|FO_|FORCE_COLOR$)/i.test(k)) env[k] = v;
  env.PATH = readerPath();
  for (const tool of ["node", "npm"]) {
    try {
      execFileSync(tool, ["--version"], { env, stdio: "ignore", timeout: 30_000 });
    } catch {
      throw new Error(
        `The guides assume a shell with Node and npm (Debian's Node 20 is enough), but \`${tool}\` is not on the ` +
          `machine's PATH (${env.PATH}): install it, for example \`apt-get install -y nodejs npm\`.`,
      );
    }
  }
  return { ...env, ...extra };
}

/** The reader's Node version, as `node --version` prints it in their shell. */
export function readerNodeVersion(): string {
  return execFileSync("node", ["--version"], { env: readerEnv(), encoding: "utf8" }).trim();
}
