// Whether a module is the program Node was asked to run (`node scripts/x.mjs`) or was imported: the one
// check every script's entry code sits behind. Compares file paths, not URLs: `import.meta.url` percent-encodes
// (a space is %20, `#` is %23), and Node resolves symlinks in the main module's path, where argv[1] keeps them.
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** @param {string} moduleUrl the caller's `import.meta.url` */
export function isMain(moduleUrl, argv = process.argv) {
  const entry = argv[1];
  if (!entry) return false;
  try {
    return realpathSync(fileURLToPath(moduleUrl)) === realpathSync(entry);
  } catch {
    // argv[1] is not a file (node -e, a REPL): no module is the program.
    return false;
  }
}
