import type { HeadersOptions } from "openapi-fetch";

/**
 * The call's headers: the client's, then the call's, then the header parameters, each set replacing a
 * header the ones before gave. As in openapi-fetch, `null` removes a header, an array gives it several
 * values and `undefined` leaves it as it was; Headers and [name, value] lists are taken as fetch takes them.
 */
export function mergeHeaders(...sets: (HeadersOptions | undefined)[]): Headers {
  const merged = new Headers();
  for (const set of sets) {
    // Headers is iterable at run time; the DOM lib types it so only with DOM.Iterable, which this project leaves out.
    const entries =
      set instanceof Headers || Array.isArray(set)
        ? (new Headers(set) as unknown as Iterable<[string, string]>)
        : Object.entries(set ?? {});
    for (const [name, value] of entries) {
      if (value === undefined) continue;
      merged.delete(name);
      for (const one of value === null ? [] : [value].flat()) merged.append(name, String(one));
    }
  }
  return merged;
}
