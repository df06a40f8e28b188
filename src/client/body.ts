/** The body of one call as serialized, kept so every attempt sends (and signs) exactly these bytes. */
export interface BodyRecord {
  value?: unknown;
}

/** The bytes of a buffer or typed array, without copying; undefined for anything else. */
const bytesOf = (b: unknown): Uint8Array | undefined =>
  b instanceof Uint8Array ? b : ArrayBuffer.isView(b) ? new Uint8Array(b.buffer, b.byteOffset, b.byteLength) : b instanceof ArrayBuffer ? new Uint8Array(b) : undefined;

/**
 * A bodySerializer that records what it returns. Raw uploads pass through unchanged (never JSON-
 * encoded) and need an explicit Content-Type; openapi-fetch's Request gets them as a stream, so a
 * 16 MiB file is not copied just to build it.
 */
export function recordingSerializer(record: BodyRecord, custom?: (body: unknown, headers?: Headers) => unknown) {
  return (body: unknown, headers?: Headers): unknown => {
    const bytes = bytesOf(body);
    if (!bytes && !(body instanceof Blob)) return (record.value = custom ? custom(body, headers) : JSON.stringify(body));
    if (!headers?.has("Content-Type")) throw new TypeError("A raw upload needs an explicit Content-Type (the document's MIME type)");
    record.value = body;
    return bytes ? new ReadableStream({ start: (c) => (c.enqueue(bytes), c.close()) }) : body;
  };
}

/**
 * The exact bytes to send: a string's UTF-8, a raw upload's bytes without a copy; anything else (a
 * Blob, a form) is read once from the Request, so the bytes match the Content-Type it was given.
 */
export async function toBytes(value: unknown, request: Request): Promise<Uint8Array | undefined> {
  if (value == null) return undefined;
  return typeof value === "string" ? new TextEncoder().encode(value) : (bytesOf(value) ?? new Uint8Array(await request.arrayBuffer()));
}
