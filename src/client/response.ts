import { RedirectError } from "../errors/RedirectError.ts";
import { ResponseTooLargeError } from "../errors/ResponseTooLargeError.ts";

/**
 * A response read whole within bounds: at most `max` bytes after decompression (a gzip bomb stops at
 * the limit), and the read ends when `signal` aborts, for a fetch whose body ignores it. Returned as a
 * new Response over the bytes, so nothing after the attempt waits on the network.
 * @throws RedirectError for a 3xx other than 304 (fetch is called with redirect: "manual").
 * @throws ResponseTooLargeError beyond `max`; the signal's reason when it aborts; the stream's error on a reset.
 */
export async function readResponse(res: Response, method: string, url: string, max: number, signal: AbortSignal | undefined): Promise<[Response, Uint8Array]> {
  const { status, body } = res;
  if (res.type === "opaqueredirect" || (status > 299 && status < 400 && status !== 304)) {
    body?.cancel().catch(() => {});
    throw new RedirectError(method, url, status, res.headers.get("Location"));
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (body) {
    const reader = body.getReader();
    const stop = () => reader.cancel().catch(() => {});
    signal?.addEventListener("abort", stop);
    try {
      if (Number(res.headers.get("Content-Length")) > max) size = max + 1;
      for (let r; size <= max && !(r = await reader.read()).done; ) chunks.push(r.value), (size += r.value.byteLength);
      signal?.throwIfAborted();
      if (size > max) throw new ResponseTooLargeError(method, url, max);
    } finally {
      signal?.removeEventListener("abort", stop);
      if (size > max) stop();
    }
  }
  const bytes = new Uint8Array(size);
  size = 0;
  for (const c of chunks) bytes.set(c, size), (size += c.byteLength);
  const out = new Response([204, 205, 304].includes(status) ? null : (bytes as BodyInit), res);
  Object.defineProperty(out, "url", { value: res.url || url });
  return [out, bytes];
}
