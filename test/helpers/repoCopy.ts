// The repository as a fresh clone after the set-up, for tests that run the guides' commands as a reader does: the
// files git tracks (or would, untracked but not ignored) as they are in the working tree, with node_modules, the
// runtimes and the caches linked from here. Commands that build or write (`bash scripts/dev.sh start` builds the
// document and the docs page) then write into the copy, never into the checkout other tests are reading.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, realpathSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** A new copy under the system's temporary folder; the caller removes it. */
export function repoCopy(prefix: string): string {
  const copy = mkdtempSync(path.join(os.tmpdir(), prefix));
  const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "-z"], { cwd: root, encoding: "utf8" })
    .split("\0")
    .filter(Boolean);
  for (const f of files) {
    if (!existsSync(path.join(root, f))) continue; // deleted in the working tree
    mkdirSync(path.dirname(path.join(copy, f)), { recursive: true });
    cpSync(path.join(root, f), path.join(copy, f), { verbatimSymlinks: true });
  }
  for (const dir of ["node_modules", "runtimes/node_modules", "runtimes/consumer/node_modules", ".cache"]) {
    if (existsSync(path.join(root, dir)) && !existsSync(path.join(copy, dir)))
      symlinkSync(realpathSync(path.join(root, dir)), path.join(copy, dir));
  }
  return copy;
}
