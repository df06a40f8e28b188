import { bytesOf, encodeBody } from "../client/body.ts";
import { missingMimeType, unsupportedBody } from "../errors/uploadErrors.ts";

const CONTENT_TYPE = "Content-Type";
const utf8 = /* @__PURE__ */ new TextEncoder();
const SIGNING_FETCH_BODIES =
  "a string (JSON already encoded), bytes, a Blob, a ReadableStream, FormData or URLSearchParams";

// What fetch takes as a body, apart from strings and bytes: these it encodes itself.
const encodable = (b: unknown): b is BodyInit =>
  b instanceof Blob || b instanceof FormData || b instanceof URLSearchParams || b instanceof ReadableStream;

/**
 * The exact bytes a body is sent as, with the Content-Type fetch would give it when none is set: a string
 * as UTF-8 (`text/plain;charset=UTF-8`), bytes as they are (not copied: a view's own bytes), a Blob,
 * form, URL-encoded parameters or stream encoded once as fetch encodes them (the Blob's type, the form's boundary).
 * Anything else fetch would turn into text (`[object Object]`) and is refused.
 * @throws InvalidUploadError for another kind of body ("unsupported-body"), or bytes without a Content-Type
 * ("missing-mime-type").
 * @throws TypeError for a stream that is locked, already read or fails.
 */
export async function bodyBytes(body: unknown, headers: Headers): Promise<Uint8Array | undefined> {
  if (body == null) return undefined;
  let bytes: Uint8Array | undefined;
  if (typeof body === "string") {
    if (!headers.has(CONTENT_TYPE)) headers.set(CONTENT_TYPE, "text/plain;charset=UTF-8");
    bytes = utf8.encode(body);
  } else bytes = bytesOf(body) ?? (encodable(body) ? await encodeBody(body, headers) : undefined);
  if (!bytes) {
    throw unsupportedBody(body, SIGNING_FETCH_BODIES);
  }
  // The reference: JSON bodies are application/json, uploads carry the document's MIME type.
  if (bytes.byteLength && !headers.has(CONTENT_TYPE)) throw missingMimeType();
  return bytes;
}
