import type { ParseAs } from "openapi-fetch";

const utf8 = /* @__PURE__ */ new TextDecoder();

/**
 * The call's result as openapi-fetch shapes it, from the bytes already read: `data` parsed as
 * `parseAs` asks (JSON by default; nothing for 204, HEAD or an empty body) or `error` (JSON when it
 * parses, else the text). `response` is fetch's own, its body already read.
 */
export function toResult(response: Response, bytes: Uint8Array, method: string, parseAs: ParseAs = "json") {
  const { ok, headers } = response;
  if (response.status === 204 || method === "HEAD" || (headers.get("Content-Length") === "0" && !headers.get("Transfer-Encoding")?.includes("chunked"))) {
    return ok ? { data: undefined, response } : { error: undefined, response };
  }
  const text = () => utf8.decode(bytes);
  if (!ok) {
    let error: unknown = text();
    try {
      error = JSON.parse(error as string);
    } catch {}
    return { error, response };
  }
  const data =
    parseAs === "json" ? (bytes.length ? JSON.parse(text()) : undefined)
    : parseAs === "text" ? text()
    : parseAs === "arrayBuffer" ? bytes.slice().buffer
    : parseAs === "blob" ? new Blob([bytes as BlobPart], { type: headers.get("Content-Type") ?? "" })
    : new Response(bytes as BodyInit).body;
  return { data, response };
}
