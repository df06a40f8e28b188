// Makes a test key pair for the mock:
// `npm run keys [-- --out .mock-keys.json] [--env-out FILE] [--access-key NAME] [--force]`.
// The keys file is what `npm run mock -- --auth production --keys FILE` reads: { "<access key>": "<secret key>" },
// the secret 32 random bytes in URL-safe Base64 without padding (src/signing/secret.ts takes 16 bytes or more).
// --env-out also writes FO_ACCESS_KEY and FO_SECRET_KEY as `export` lines, for `source FILE` before fo-sign.
// The secret goes only into files of mode 0600, never to the terminal or a pipe; only the access key is printed.
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { parseOrExit, refuse } from "./args.mjs";
import { packageInfo } from "./tools.mjs";

const command = {
  name: "keys",
  usage: `npm run keys [-- --out FILE] [--env-out FILE] [--access-key NAME] [--force]\
   (bash scripts/dev.sh keys -- ...)
  --out FILE         the keys file for the mock's --keys (default .mock-keys.json, git-ignored)
  --env-out FILE     also write FO_ACCESS_KEY and FO_SECRET_KEY as export lines (for: source FILE)
  --access-key NAME  the access key (default mock-<12 random characters>; letters, digits, . _ ~ -)
  --force            replace files that exist`,
  options: {
    out: { type: "string" },
    "env-out": { type: "string" },
    "access-key": { type: "string" },
    force: { type: "boolean" },
  },
};

/** A new pair: the access key given or a random one, and 32 random bytes of secret as unpadded base64url. */
export function newKeyPair(accessKey = `mock-${randomBytes(9).toString("base64url")}`) {
  return { accessKey, secretKey: randomBytes(32).toString("base64url") };
}

/**
 * Writes `text` to `file` with mode 0600: a fresh file (refusing one that exists), or with `force` a replacement
 * made by rename.
 */
export function writePrivate(file, text, force) {
  const target = force ? `${file}.${process.pid}.tmp` : file;
  // "wx": never follows or reuses a file that is there; the mode applies as it is created (the umask only narrows it).
  const fd = openSync(target, "wx", 0o600);
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  if (force) {
    try {
      renameSync(target, file);
    } catch (err) {
      rmSync(target, { force: true });
      throw err;
    }
  }
}

if (import.meta.main) {
  const { values } = parseOrExit(command, process.argv.slice(2), packageInfo);
  // `npm run keys` runs in the repository root; INIT_CWD is the folder it was called from.
  const cwd = process.env.npm_lifecycle_event === "keys" && process.env.INIT_CWD ? process.env.INIT_CWD : process.cwd();
  const out = path.resolve(cwd, values.out ?? ".mock-keys.json");
  const envOut = values["env-out"] === undefined ? undefined : path.resolve(cwd, values["env-out"]);
  const accessKey = values["access-key"];
  if (accessKey !== undefined && !/^[\w.~-]+$/.test(accessKey))
    refuse(command, `--access-key ${JSON.stringify(accessKey)}: give letters, digits and . _ ~ - only`);
  if (out === envOut) refuse(command, "--out and --env-out name the same file");
  for (const file of [out, envOut])
    if (file && existsSync(file) && !values.force)
      refuse(command, `${path.relative(cwd, file) || file} exists: give --force to replace it, or another name`);
  const { accessKey: access, secretKey } = newKeyPair(accessKey);
  try {
    writePrivate(out, `${JSON.stringify({ [access]: secretKey }, null, 2)}\n`, values.force);
    if (envOut)
      writePrivate(envOut, `export FO_ACCESS_KEY='${access}'\nexport FO_SECRET_KEY='${secretKey}'\n`, values.force);
  } catch (err) {
    console.error(`keys: cannot write ${err.path ?? "the file"}: ${err.code ?? err.message}`);
    process.exit(1);
  }
  const shown = (file) => path.relative(cwd, file) || file;
  console.log(
    `keys: wrote ${shown(out)} (mode 0600) with access key ${access}; ` +
      `its secret is only in the file${envOut ? `s (also ${shown(envOut)})` : ""}.`,
  );
  console.log(`  mock:  bash scripts/dev.sh mock -- --auth production --keys ${shown(out)}`);
  if (envOut)
    console.log(`  sign:  source ${shown(envOut)} && bash scripts/dev.sh sign -- GET /v1/customers/c1/rfi-cases`);
}
