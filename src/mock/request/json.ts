/**
 * Deepest nesting the front lets through to Prism. Prism 5.16 answers 500 on very deep bodies (its validator
 * recurses); the document's bodies nest a few levels, so 64 refuses nothing real.
 */
export const MAX_JSON_DEPTH = 64;

const OPEN_OBJECT = 0x7b,
  OPEN_ARRAY = 0x5b,
  CLOSE_OBJECT = 0x7d,
  CLOSE_ARRAY = 0x5d,
  QUOTE = 0x22,
  BACKSLASH = 0x5c;

/** Whether JSON text nests deeper than `max`; one pass over the bytes, brackets inside strings skipped. */
export function nestsDeeperThan(body: Uint8Array, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  // Stryker disable next-line EqualityOperator: equivalent; one step past the end reads undefined and does nothing
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
  }
  return false;
}

/** `application/json` or a `+json` type: the bodies the front checks before Prism parses them. */
export const isJson = (type: string | undefined) => !!type && /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type);

/**
 * A JSON body's value, read as JSON is exchanged (UTF-8, RFC 8259 section 8.1, whatever charset the type names), or
 * undefined when it does not parse. The one reader of a JSON body: the front checks with it what Prism then takes.
 */
export function jsonOf(body: Buffer): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(body.toString("utf8")) };
    // Stryker disable next-line BlockStatement: equivalent; an empty catch returns undefined too
  } catch {
    return undefined;
  }
}

/** Whether the bytes parse as JSON (Prism 5.16 never answers a JSON body that does not). */
export const parsesAsJson = (body: Buffer) => jsonOf(body) !== undefined;
