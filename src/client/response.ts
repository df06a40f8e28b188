import { RedirectError } from "../errors/RedirectError.ts";
import { ResponseTooLargeError } from "../errors/ResponseTooLargeError.ts";

/**
 * A response's body read whole within bounds: at most `max` bytes after decompression (a gzip bomb
 * stops at the limit), and the read ends when `signal` aborts, for a fetch whose body ignores it.
 * @throws RedirectError for a 3xx other than 304 (fetch is called with redirect: "manual").
 * @throws ResponseTooLargeError beyond `max`; the signal's reason when it aborts; the stream's error on a reset.
 */
export async function readResponse(
  res: Response,
  method: string,
  url: string,
  max: number,
  signal: AbortSignal | undefined,
): Promise<Uint8Array> {
  const { status, body } = res;
  if (res.type === "opaqueredirect" || (status > 299 && status < 400 && status !== 304)) {
    body?.cancel().catch(() => {});
    throw new RedirectError(method, url, status, res.headers.get("Location"));
  }
  if (!body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = Number(res.headers.get("Content-Length")) > max ? max + 1 : 0;
  const reader = body.getReader();
  const stop = () => reader.cancel().catch(() => {});
  signal?.addEventListener("abort", stop);
  try {
    while (size <= max) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
    signal?.throwIfAborted();
    if (size > max) throw new ResponseTooLargeError(method, url, max);
  } finally {
    signal?.removeEventListener("abort", stop);
    if (size > max) stop();
  }
  // One chunk (the usual case) is the body itself; more are joined once.
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
