// The pinned Schemathesis of fuzz/ in its own virtual environment, for the test files that run it (the mock's
// fuzz run, the run through fo-sign proxy).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
export const fuzz = path.join(root, "fuzz");
const venv = path.join(fuzz, ".venv");
export const python = path.join(venv, "bin/python");

/**
 * Creates fuzz/.venv and installs fuzz/requirements.txt into it, again only when the requirements change; the
 * hook signs through the repository's fo_signing (python/src), installed into the venv as a path entry.
 */
export function ensureVenv() {
  const requirements = readFileSync(path.join(fuzz, "requirements.txt"), "utf8");
  const stamp = path.join(venv, ".installed-from");
  const signing = path.join(root, "python/src");
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === requirements + signing) return;
  const py = spawnSync("python3", ["--version"]);
  if (py.status !== 0) throw new Error("python3 is needed for the Schemathesis run (Python 3.10 or later with venv).");
  execFileSync("python3", ["-m", "venv", venv], { stdio: "pipe" });
  execFileSync(
    python,
    [
      "-m",
      "pip",
      "install",
      "--disable-pip-version-check",
      "--no-input",
      "-q",
      "-r",
      path.join(fuzz, "requirements.txt"),
    ],
    { stdio: "pipe" },
  );
  const site = execFileSync(python, ["-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], {
    encoding: "utf8",
  });
  writeFileSync(path.join(site.trim(), "fo-signing.pth"), `${signing}\n`);
  writeFileSync(stamp, requirements + signing);
}
