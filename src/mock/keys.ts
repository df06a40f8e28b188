import { readFileSync } from "node:fs";
import { assertAccessKey, decodeSecretKey, InvalidCredentialsError } from "../signing/index.ts";

/** Access key to decoded secret bytes: what the signature front verifies against. */
export type KeyStore = ReadonlyMap<string, Uint8Array>;

/** Thrown when mock keys cannot be loaded; the message names the source and access key, never a secret. */
export class MockKeysError extends Error {
  override readonly name = "MockKeysError";
}

export const KEYS_FILE_ENV = "FO_MOCK_KEYS_FILE";
export const ACCESS_KEY_ENV = "FO_ACCESS_KEY";
export const SECRET_KEY_ENV = "FO_SECRET_KEY";

/**
 * Builds a key store from `{ "<access key>": "<secret key>" }`, checking every pair as the signer would.
 * @throws MockKeysError on anything that is not such an object of strict keys.
 */
export function parseKeys(value: unknown, source: string): KeyStore {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new MockKeysError(`${source}: expected a JSON object of "<access key>": "<secret key>" pairs.`);
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) throw new MockKeysError(`${source}: holds no keys.`);
  const store = new Map<string, Uint8Array>();
  for (const [accessKey, secretKey] of entries) {
    try {
      assertAccessKey(accessKey);
      if (typeof secretKey !== "string") throw new InvalidCredentialsError("Secret key is not a string.");
      store.set(accessKey, decodeSecretKey(secretKey));
    } catch (err) {
      // decodeSecretKey's messages never quote the secret, only its length.
      throw new MockKeysError(`${source}: access key "${accessKey}": ${(err as Error).message}`);
    }
  }
  return store;
}

/** Reads a key file (JSON object of access key to secret key). */
export function loadKeysFile(file: string): KeyStore {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new MockKeysError(`Cannot read the keys file ${file}: ${(err as NodeJS.ErrnoException).code ?? "read error"}.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // The parser's message can quote the text, which holds secrets: say only where it broke.
    throw new MockKeysError(`The keys file ${file} is not valid JSON.`);
  }
  return parseKeys(json, `The keys file ${file}`);
}

/**
 * Keys for the mock: the file given (flag, then FO_MOCK_KEYS_FILE), else the FO_ACCESS_KEY/FO_SECRET_KEY pair.
 * Never a default baked into the repository.
 */
export function loadKeys(file: string | undefined, env: NodeJS.ProcessEnv = process.env): KeyStore {
  const path = file ?? env[KEYS_FILE_ENV];
  if (path) return loadKeysFile(path);
  const accessKey = env[ACCESS_KEY_ENV];
  const secretKey = env[SECRET_KEY_ENV];
  if (accessKey && secretKey) return parseKeys({ [accessKey]: secretKey }, `${ACCESS_KEY_ENV}/${SECRET_KEY_ENV}`);
  throw new MockKeysError(
    `No keys for the signature front: pass --keys <file> or set ${KEYS_FILE_ENV}=<file> (a JSON object of "<access key>": "<secret key>"), or set ${ACCESS_KEY_ENV} and ${SECRET_KEY_ENV}.`,
  );
}
