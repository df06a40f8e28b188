import type { ParseAs } from "openapi-fetch";
import type { Received } from "./send.ts";
import { utf8 } from "./text.ts";

/**
 * The call's result as openapi-fetch shapes it, from the bytes already read: `data` parsed as
 * `parseAs` asks (JSON by default) or `error` (JSON when it parses, else the text); neither for 204,
 * HEAD or an empty body (a 204 has none: a Response cannot carry one). `response` is fetch's own, its body
 * already read; an error result also carries `sent`, what `normalizeError` takes as its third argument.
 */
export async function toResult({ response, bytes, json, sent }: Received, method: string, parseAs: ParseAs = "json") {
  const { ok, headers } = response;
  let value: unknown;
  if (method !== "HEAD" && bytes.length) {
    if (json && parseAs === "json") value = json.value;
    else if (!ok || parseAs === "json" || parseAs === "text") {
      value = utf8.decode(bytes);
      try {
        if (!ok || parseAs === "json") value = JSON.parse(value as string);
      } catch (error) {
        // An error body that is not JSON is given as its text; a success body that is not JSON is an error.
        if (ok) throw error;
      }
    } else {
      // A blob (typed by Content-Type), an ArrayBuffer or a stream of the same bytes.
      const copy = new Response(bytes as BodyInit, { headers });
      value = parseAs === "stream" ? copy.body : await copy[parseAs]();
    }
  }
  return { [ok ? "data" : "error"]: value, response, sent };
}
