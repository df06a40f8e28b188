import { InvalidSigningInputError } from "../errors/InvalidSigningInputError.ts";
import { assertCanonicalPath } from "./canonicalPath.ts";
import { AUTHORIZATION_HEADER, DATE_HEADER, SIGNING_SCHEME } from "./constants.ts";
import { hmacHex } from "./hmac.ts";
import { assertAccessKey, decodeSecretKey } from "./secret.ts";
import { assertServerSide } from "./serverSide.ts";
import { buildStringToSign, hashBody } from "./stringToSign.ts";
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

/** Signs a production request exactly as the reference describes; pure apart from hashing. */
export function signRequest({ accessKey, secretKey, method, path, body, time, bodyHash }: SignInput): SignedRequest {
  assertServerSide();
  assertAccessKey(accessKey);
  // A line break in a field would forge the five-line string to sign; JSON.stringify shows it escaped.
  if (typeof method !== "string" || !/^[!#$%&'*+.^`|~\w-]+$/.test(method))
    throw new InvalidSigningInputError("method", `Method to sign is not an HTTP token: ${JSON.stringify(method)}`);
  // Stryker disable next-line ConditionalExpression,Regex: message text; assertCanonicalPath refuses these paths too
  if (typeof path !== "string" || !/^\/[^?\0-\x20\x7f]*$/.test(path))
    throw new InvalidSigningInputError(
      "path",
      `Path to sign must start with "/" and have no query, spaces or control characters: ${JSON.stringify(path)}`,
    );
  // The server must receive the path exactly as signed: refused when a URL parser or router would read it otherwise.
  assertCanonicalPath(path);
  if (bodyHash !== undefined && !/^[0-9a-f]{64}$/.test(bodyHash))
    throw new InvalidSigningInputError("bodyHash", "bodyHash must be 64 lowercase hex digits (SHA-256).");
  const key = typeof secretKey === "string" ? decodeSecretKey(secretKey) : secretKey;
  const timestamp = formatTimestamp(time);
  bodyHash ??= hashBody(body);
  const stringToSign = buildStringToSign(accessKey, timestamp, method, path, bodyHash);
  const signature = hmacHex(key, stringToSign);
  return {
    timestamp,
    bodyHash,
    stringToSign,
    signature,
    headers: {
      [AUTHORIZATION_HEADER]: `${SIGNING_SCHEME} ${accessKey}:${timestamp}:${signature}`,
      [DATE_HEADER]: timestamp,
    } as SignedRequest["headers"],
  };
}
