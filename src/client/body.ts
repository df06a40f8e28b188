/** The body of one call as serialized, kept so every attempt sends (and signs) exactly these bytes. */
export interface BodyRecord {
  value?: unknown;
}

const isBinary = (body: unknown): body is ArrayBufferView | ArrayBuffer | Blob =>
  ArrayBuffer.isView(body) || body instanceof ArrayBuffer || body instanceof Blob;

/**
 * A bodySerializer that records what it returns. Raw uploads pass through unchanged (never JSON-
 * encoded) and need an explicit Content-Type; openapi-fetch's Request gets them as a stream, so a
 * 16 MiB file is not copied just to build it.
 */
export function recordingSerializer(record: BodyRecord, custom?: (body: unknown, headers?: Headers) => unknown) {
  return (body: unknown, headers?: Headers): unknown => {
    if (isBinary(body)) {
      if (!headers?.has("Content-Type")) throw new TypeError("A raw upload needs an explicit Content-Type (the document's MIME type)");
      record.value = body;
      if (body instanceof Blob) return body;
      return new ReadableStream({ start: (c) => (c.enqueue(toView(body)), c.close()) });
    }
    return (record.value = custom ? custom(body, headers) : JSON.stringify(body));
  };
}

const toView = (b: ArrayBufferView | ArrayBuffer) =>
  b instanceof Uint8Array ? b : b instanceof ArrayBuffer ? new Uint8Array(b) : new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

/** The exact bytes to send, without copying raw uploads; forms and blobs are encoded once here. */
export async function toBytes(value: unknown): Promise<{ bytes?: Uint8Array; contentType?: string | null }> {
  if (value == null) return {};
  if (typeof value === "string") return { bytes: new TextEncoder().encode(value) };
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return { bytes: toView(value) };
  const encoded = new Response(value as BodyInit);
  return { bytes: new Uint8Array(await encoded.arrayBuffer()), contentType: encoded.headers.get("Content-Type") };
}
