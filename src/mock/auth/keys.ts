import { readFileSync } from "node:fs";
import { assertAccessKey, decodeSecretKey, InvalidCredentialsError } from "../../signing/secret.ts";

/** Access key to decoded secret bytes: what the signature front verifies against. */
export type KeyStore = ReadonlyMap<string, Uint8Array>;

/** Thrown when mock keys cannot be loaded; the message names the source and access key, never a secret. */
export class MockKeysError extends Error {
  override readonly name = "MockKeysError";
}

export const KEYS_FILE_ENV = "FO_MOCK_KEYS_FILE";

/**
 * Builds a key store from `{ "<access key>": "<secret key>" }`, checking every pair as the signer would.
 * Errors name an entry by its position, never by its text: with key and secret swapped, the "access key"
 * is the secret.
 * @throws MockKeysError on anything that is not such an object of strict keys.
 */
export function parseKeys(value: unknown, source: string): KeyStore {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new MockKeysError(`${source}: expected a JSON object of "<access key>": "<secret key>" pairs.`);
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) throw new MockKeysError(`${source}: holds no keys.`);
  const store = new Map<string, Uint8Array>();
  entries.forEach(([accessKey, secretKey], i) => {
    const entry = `entry ${i + 1} of ${entries.length}`;
    try {
      assertAccessKey(accessKey);
      if (typeof secretKey !== "string") throw new InvalidCredentialsError("Secret key is not a string");
      store.set(accessKey, decodeSecretKey(secretKey));
    } catch (err) {
      // decodeSecretKey's messages never quote the secret, only its length.
      const swapped =
        typeof secretKey === "string" && looksLikeSecret(accessKey) && !looksLikeSecret(secretKey)
          ? " The access key and secret key look swapped."
          : "";
      throw new MockKeysError(`${source}: ${entry}: ${(err as Error).message}.${swapped}`);
    }
  });
  return store;
}

/** A strict URL-safe Base64 text of at least 16 bytes: what a secret key is, and an access key should not be. */
function looksLikeSecret(text: string): boolean {
  try {
    // Stryker disable next-line ConditionalExpression: equivalent; 16 bytes take at least 22 characters of Base64
    return text.length >= 22 && decodeSecretKey(text).length >= 16;
  } catch {
    return false;
  }
}

/**
 * Positions (1-based) of top-level member names of a JSON object text that repeat an earlier one; the text must be
 * valid JSON.
 */
export function repeatedMembers(text: string): Array<{ entry: number; first: number }> {
  const seen = new Map<string, number>();
  const repeats: Array<{ entry: number; first: number }> = [];
  let depth = 0;
  let entry = 0;
  // Stryker disable next-line EqualityOperator: equivalent; one step past the end reads undefined and does nothing
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") depth--;
    else if (c === '"') {
      const start = i;
      for (i++; text[i] !== '"'; i++) if (text[i] === "\\") i++;
      let j = i + 1;
      // Stryker disable next-line StringLiteral: equivalent; the text is valid JSON, so a bracket follows every string
      while (/\s/.test(text[j] ?? "")) j++;
      if (depth === 1 && text[j] === ":") {
        const name = JSON.parse(text.slice(start, i + 1)) as string;
        entry++;
        const first = seen.get(name);
        if (first === undefined) seen.set(name, entry);
        else repeats.push({ entry, first });
      }
    }
  }
  return repeats;
}

/** The next step for someone without keys: the command that makes a test pair. */
const MAKE_KEYS = "To make a test pair: `fo-mock keys --out .mock-keys.json`, then --keys .mock-keys.json.";

/** Reads a key file (JSON object of access key to secret key). */
export function loadKeysFile(file: string): KeyStore {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new MockKeysError(
      // Stryker disable next-line StringLiteral: message text for an error without a code (readFileSync gives one)
      `Cannot read the keys file ${file}: ${code ?? "read error"}.${code === "ENOENT" ? ` ${MAKE_KEYS}` : ""}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // The parser's message can quote the text, which holds secrets: say only where it broke.
    throw new MockKeysError(`The keys file ${file} is not valid JSON.`);
  }
  // JSON.parse keeps the last of repeated names silently: one access key given two secrets is a mistake to name.
  const [repeat] = repeatedMembers(text);
  if (repeat)
    throw new MockKeysError(
      `The keys file ${file}: entry ${repeat.entry} repeats the access key of entry ${repeat.first}; give each ` +
        `access key once.`,
    );
  return parseKeys(json, `The keys file ${file}`);
}
