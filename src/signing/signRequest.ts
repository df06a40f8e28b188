import { createHash, createHmac } from "node:crypto";
import { AUTHORIZATION_HEADER, DATE_HEADER, EMPTY_BODY_HASH, SIGNING_SCHEME } from "./constants.ts";
import { assertAccessKey, decodeSecretKey } from "./secret.ts";
import { assertServerSide } from "./serverSide.ts";
import { formatTimestamp } from "./timestamp.ts";

export interface SignInput {
  accessKey: string;
  /** URL-safe Base64 without padding, as issued; or the bytes already decoded from it. */
  secretKey: string | Uint8Array;
  method: string;
  /** The request path exactly as sent (with any base-URL prefix such as /api), without the query. */
  path: string;
  /** The exact bytes sent; a string is taken as its UTF-8 bytes. Nothing or empty: no body. */
  body?: Uint8Array | ArrayBuffer | string | null;
  /** When the request is signed. */
  time: Date;
  /** The body's hash when already known (re-signing a retry), so large bodies are hashed once. */
  bodyHash?: string;
}

export interface SignedRequest {
  timestamp: string;
  bodyHash: string;
  stringToSign: string;
  signature: string;
  headers: { Authorization: string; "X-SVC-Date": string };
}

/** Lowercase hex SHA-256 of the body bytes; the empty-string hash when there is no body. */
export function hashBody(body: SignInput["body"]): string {
  if (body == null) return EMPTY_BODY_HASH;
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body instanceof ArrayBuffer ? new Uint8Array(body) : body;
  return bytes.byteLength === 0 ? EMPTY_BODY_HASH : createHash("sha256").update(bytes).digest("hex");
}

/** The five fields joined by single newlines, no trailing newline. */
export function buildStringToSign(accessKey: string, timestamp: string, method: string, path: string, bodyHash: string): string {
  return [accessKey, timestamp, method.toUpperCase(), path, bodyHash].join("\n");
}

/** Signs a production request exactly as the reference describes; pure apart from hashing. */
export function signRequest(input: SignInput): SignedRequest {
  assertServerSide();
  assertAccessKey(input.accessKey);
  if (!input.path.startsWith("/") || input.path.includes("?")) {
    throw new TypeError(`Path to sign must start with "/" and carry no query string, got "${input.path}"`);
  }
  const key = typeof input.secretKey === "string" ? decodeSecretKey(input.secretKey) : input.secretKey;
  const timestamp = formatTimestamp(input.time);
  const bodyHash = input.bodyHash ?? hashBody(input.body);
  const stringToSign = buildStringToSign(input.accessKey, timestamp, input.method, input.path, bodyHash);
  const signature = createHmac("sha256", key).update(stringToSign, "utf8").digest("hex");
  return {
    timestamp,
    bodyHash,
    stringToSign,
    signature,
    headers: {
      [AUTHORIZATION_HEADER]: `${SIGNING_SCHEME} ${input.accessKey}:${timestamp}:${signature}`,
      [DATE_HEADER]: timestamp,
    } as SignedRequest["headers"],
  };
}
