import { missingMimeType, unsupportedBody } from "../errors/uploadErrors.ts";

/**
 * The bytes of a buffer or typed array, without copying (a view's own bytes, never its whole backing buffer); undefined
 * for anything else.
 */
export const bytesOf = (b: unknown): Uint8Array | undefined =>
  b instanceof Uint8Array
    ? b
    : ArrayBuffer.isView(b)
      ? new Uint8Array(b.buffer, b.byteOffset, b.byteLength)
      : b instanceof ArrayBuffer
        ? new Uint8Array(b)
        : undefined;

// JSON bodies are plain objects, arrays and primitives: a stream, a form or a Map would serialize as `{}`.
const isJson = (b: unknown): boolean => {
  if (b === null || typeof b === "number" || typeof b === "boolean") return true;
  if (typeof b !== "object") return false;
  const proto: unknown = Object.getPrototypeOf(b);
  return proto === Object.prototype || proto === null || Array.isArray(b);
};

const CONTENT_TYPE = "Content-Type";
const utf8 = /* @__PURE__ */ new TextEncoder();

/**
 * The exact bytes a call sends (and signs), serialized once for all its attempts; sets Content-Type
 * where the body decides it. Raw uploads (bytes, a Blob, a string) pass through unchanged, never
 * JSON-encoded, and need an explicit Content-Type; bytes are not copied. Plain objects and arrays are
 * JSON. A custom bodySerializer's result is sent as it encodes (a form with its multipart boundary).
 * @throws InvalidUploadError for any other body (a stream, a form, a Map) or a raw body without Content-Type.
 */
export async function serializeBody(
  body: unknown,
  headers: Headers,
  custom?: (body: unknown, headers?: Headers) => unknown,
): Promise<Uint8Array | undefined> {
  if (body === undefined) return undefined;
  let value: unknown = body;
  if (bytesOf(body) || body instanceof Blob || (typeof body === "string" && !custom)) {
    if (!headers.has(CONTENT_TYPE)) throw missingMimeType();
  } else if (custom) value = custom(body, headers);
  else if (isJson(body)) value = JSON.stringify(body);
  else throw unsupportedBody(body, "bytes, a Blob, a string or plain JSON");
  if (value == null) return undefined;
  const bytes = typeof value === "string" ? utf8.encode(value) : bytesOf(value);
  if (bytes) {
    if (!headers.has(CONTENT_TYPE)) headers.set(CONTENT_TYPE, "application/json");
    return bytes;
  }
  return encodeBody(value as BodyInit, headers);
}

/**
 * A body fetch encodes itself (a Blob, a form, URL-encoded parameters, a stream) as the bytes fetch would
 * send, read once; sets the Content-Type that encoding names (a Blob's type, a form's boundary) when none is set.
 * @throws TypeError for a stream that is locked or already read, or that errors.
 */
export async function encodeBody(value: BodyInit, headers: Headers): Promise<Uint8Array> {
  const encoded = new Response(value);
  const type = encoded.headers.get(CONTENT_TYPE);
  if (type && !headers.has(CONTENT_TYPE)) headers.set(CONTENT_TYPE, type);
  return new Uint8Array(await encoded.arrayBuffer());
}
