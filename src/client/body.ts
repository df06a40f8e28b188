import { InvalidUploadError } from "../errors/InvalidUploadError.ts";

/** The body of one call as serialized, kept so every attempt sends (and signs) exactly these bytes. */
export interface BodyRecord {
  value?: unknown;
}

/** The bytes of a buffer or typed array, without copying (a view's own bytes, never its whole backing buffer); undefined for anything else. */
const bytesOf = (b: unknown): Uint8Array | undefined =>
  b instanceof Uint8Array ? b : ArrayBuffer.isView(b) ? new Uint8Array(b.buffer, b.byteOffset, b.byteLength) : b instanceof ArrayBuffer ? new Uint8Array(b) : undefined;

// JSON bodies are plain objects, arrays and primitives: a stream, a form or a Map would serialize as `{}`.
const isJson = (b: unknown, proto?: unknown): boolean =>
  b === null || typeof b === "number" || typeof b === "boolean" || (typeof b === "object" && ((proto = Object.getPrototypeOf(b)) === Object.prototype || proto === null || Array.isArray(b)));

/**
 * A bodySerializer that records what it returns. Raw uploads (bytes, a Blob, a string) pass through
 * unchanged, never JSON-encoded, and need an explicit Content-Type; openapi-fetch's Request gets bytes
 * as a stream, so a 16 MiB file is not copied just to build it. Plain objects and arrays are JSON.
 * @throws InvalidUploadError for any other body (a stream, a form, a Map) or a raw body without Content-Type.
 */
export function recordingSerializer(record: BodyRecord, custom?: (body: unknown, headers?: Headers) => unknown) {
  return (body: unknown, headers?: Headers): unknown => {
    const bytes = bytesOf(body);
    if (bytes || body instanceof Blob || (typeof body === "string" && !custom)) {
      if (!headers?.has("Content-Type")) throw new InvalidUploadError("missing-mime-type", "A raw body needs a Content-Type");
      record.value = body;
      return bytes ? new ReadableStream({ start: (c) => (c.enqueue(bytes), c.close()) }) : body;
    }
    if (custom) return (record.value = custom(body, headers));
    if (!isJson(body)) throw new InvalidUploadError("unsupported-body", `Cannot send a ${(body as object)?.constructor?.name ?? typeof body} body: give bytes, a Blob, a string or plain JSON`);
    return (record.value = JSON.stringify(body));
  };
}

/**
 * The exact bytes to send: a string's UTF-8, a raw upload's bytes without a copy; anything else (a
 * Blob, a form from a custom bodySerializer) is read once from the Request, so the bytes match the
 * Content-Type it was given.
 */
export async function toBytes(value: unknown, request: Request): Promise<Uint8Array | undefined> {
  if (value == null) return undefined;
  return typeof value === "string" ? new TextEncoder().encode(value) : (bytesOf(value) ?? new Uint8Array(await request.arrayBuffer()));
}
