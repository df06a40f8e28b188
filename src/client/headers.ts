import type { HeadersOptions } from "openapi-fetch";

/**
 * The call's headers: the client's, then the call's, then the header parameters, merged by openapi-fetch
 * 0.17's rules, entry by entry: a value replaces the header, an array appends its values to what is there,
 * `null` removes the header and `undefined` leaves it as it was. One difference, on purpose: a list of
 * [name, value] pairs is read as fetch reads it (openapi-fetch reads it as an object and sends headers named
 * "0", "1", ...), each pair then replacing the header like a Headers entry.
 */
export function mergeHeaders(...sets: (HeadersOptions | undefined)[]): Headers {
  const merged = new Headers();
  for (const set of sets) {
    if (!set || typeof set !== "object") continue;
    // Headers is iterable at run time; the DOM lib types it so only with DOM.Iterable, which this project leaves out.
    const entries: Iterable<[string, unknown]> =
      set instanceof Headers || Array.isArray(set)
        ? (new Headers(set) as unknown as Iterable<[string, string]>)
        : Object.entries(set);
    for (const [name, value] of entries) {
      if (value === null) merged.delete(name);
      else if (Array.isArray(value)) for (const one of value) merged.append(name, String(one));
      else if (value !== undefined) merged.set(name, String(value));
    }
  }
  return merged;
}
