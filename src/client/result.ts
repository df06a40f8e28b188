import type { ParseAs } from "openapi-fetch";

const utf8 = /* @__PURE__ */ new TextDecoder();

/**
 * The call's result as openapi-fetch shapes it, from the bytes already read: `data` parsed as
 * `parseAs` asks (JSON by default) or `error` (JSON when it parses, else the text); neither for 204,
 * HEAD or an empty body. `response` is fetch's own, its body already read.
 */
export async function toResult(response: Response, bytes: Uint8Array, method: string, parseAs: ParseAs = "json") {
  const { ok, headers } = response;
  if (response.status === 204 || method === "HEAD" || !bytes.length) return ok ? { data: undefined, response } : { error: undefined, response };
  const text = parseAs === "json" || parseAs === "text" || !ok ? utf8.decode(bytes) : "";
  if (!ok) {
    try {
      return { error: JSON.parse(text) as unknown, response };
    } catch {
      return { error: text, response };
    }
  }
  if (parseAs === "json") return { data: JSON.parse(text) as unknown, response };
  if (parseAs === "text") return { data: text, response };
  // A blob (typed by Content-Type), an ArrayBuffer or a stream of the same bytes.
  const copy = new Response(bytes as BodyInit, { headers });
  return { data: parseAs === "stream" ? copy.body : await copy[parseAs](), response };
}
