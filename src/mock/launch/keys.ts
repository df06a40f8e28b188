// Test key pairs for the mock (`fo-mock keys`, and startMock when no keys are given): an access key and 32 random
// bytes of secret as unpadded base64url (src/signing/secret.ts takes 16 bytes or more). Written only to files of mode
// 0600, never printed.
import { randomBytes } from "node:crypto";
import { closeSync, openSync, renameSync, rmSync, writeSync } from "node:fs";

export interface KeyPair {
  accessKey: string;
  secretKey: string;
}

/** Letters, digits and . _ ~ -: what an access key the mock makes or takes by name may hold. */
export const ACCESS_KEY_NAME = /^[\w.~-]+$/;

/** A new pair: the access key given or `mock-<12 random characters>`, and 32 random bytes of secret. */
export function newKeyPair(accessKey = `mock-${randomBytes(9).toString("base64url")}`): KeyPair {
  return { accessKey, secretKey: randomBytes(32).toString("base64url") };
}

/**
 * Writes `text` to `file` with mode 0600: a fresh file (refusing one that exists), or with `force` a replacement
 * made by rename.
 */
export function writePrivate(file: string, text: string, force = false): void {
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

/** The keys file the mock's --keys reads: `{ "<access key>": "<secret key>" }`. */
export const keysFileText = ({ accessKey, secretKey }: KeyPair) =>
  `${JSON.stringify({ [accessKey]: secretKey }, null, 2)}\n`;

/** FO_ACCESS_KEY and FO_SECRET_KEY as export lines, for `source FILE` before fo-sign or a client. */
export const envFileText = ({ accessKey, secretKey }: KeyPair) =>
  `export FO_ACCESS_KEY='${accessKey}'\nexport FO_SECRET_KEY='${secretKey}'\n`;
