// What a recording of traffic never holds, named in one place: the signing proxy masks what it records with it
// (src/proxy/record.ts), and the mock's drift report masks any recording again before it reads it (src/mock/drift/),
// so a recording made by another tool is held to the same rules. A masked value becomes a placeholder of its type and
// length that keeps its shape (each digit 1, each letter a or A, other characters kept): a UUID stays a UUID, a
// nine-digit routing code nine digits, so a schema check of the recording still sees what the service sent.

/**
 * The document's body members (and query parameters) whose values are masked: banking details, the holder's name, and
 * the key a client binds an external account to. test/proxy/masked.test.ts checks that each is in the bundled document.
 */
export const MASKED_MEMBERS: ReadonlySet<string> = new Set([
  "account_holder_name",
  "account_number",
  "institution_id",
  "idempotency_key",
]);

/**
 * The document's members whose names look personal or banking (PERSONAL_WORDS) but whose values are kept, each with
 * why. Every other member whose name looks so is masked, the service's undocumented ones included.
 */
export const KEPT_MEMBERS: Readonly<Record<string, string>> = {
  institution_name:
    "the public name of a bank, which the service resolves from institution_id: it shows whether the resolution worked",
  bank_accounts: "a list: the members of each bank account are masked by their own names",
};

/**
 * Words that make a member's name look personal or banking (one word of the name, split at `_`, `-` and camelCase, a
 * trailing `s` ignored): an undocumented `iban`, `holderName` or `email` the service sends is masked too.
 */
export const PERSONAL_WORDS: ReadonlySet<string> = new Set([
  // banking
  "account",
  "iban",
  "bic",
  "swift",
  "routing",
  "aba",
  "institution",
  "bank",
  "card",
  "pan",
  "cvv",
  "cvc",
  "wallet",
  "address",
  // personal
  "name",
  "holder",
  "first",
  "last",
  "given",
  "family",
  "surname",
  "middle",
  "email",
  "phone",
  "mobile",
  "birth",
  "dob",
  "ssn",
  "tin",
  "tax",
  "passport",
  "national",
  "nationality",
  "identity",
  "street",
  "city",
  "postal",
  "postcode",
  "zip",
  "beneficiary",
  // a compliance answer's free text
  "answer",
  "text",
  "comment",
  "explanation",
  // secrets
  "key",
  "token",
  "secret",
  "signature",
  "password",
  "credential",
]);

/** The words of a member's name: split at `_`, `-`, `.`, spaces and lower-to-upper case changes, lower-cased. */
export function wordsOf(name: string): string[] {
  return name
    .replace(/(\p{Ll}|\p{Nd})(\p{Lu})/gu, "$1 $2")
    .split(/[^\p{L}\p{Nd}]/u)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** Whether a member's name looks personal or banking by its words. */
export const looksPersonal = (name: string) =>
  wordsOf(name).some((w) => PERSONAL_WORDS.has(w) || (w.endsWith("s") && PERSONAL_WORDS.has(w.slice(0, -1))));

/** Names already decided: a recording meets the same few names on every exchange. Bounded: names come from traffic. */
const decided = new Map<string, boolean>();
const DECIDED_MAX = 4096;

/** Whether the value of a body member (or query parameter) of this name is masked. */
export function isMaskedMember(name: string): boolean {
  let masked = decided.get(name);
  // Stryker disable next-line ConditionalExpression: a memo; deciding again gives the same answer
  if (masked === undefined) {
    masked = MASKED_MEMBERS.has(name) || (looksPersonal(name) && !Object.hasOwn(KEPT_MEMBERS, name));
    // Stryker disable next-line all: the memo's bound; only its memory depends on it
    if (decided.size < DECIDED_MAX) decided.set(name, masked);
  }
  return masked;
}

/**
 * Headers whose value is masked by name: credentials (Authorization, Proxy-Authorization, X-Authorization...), cookies,
 * and any name that says key, token, secret or signature.
 */
export const isMaskedHeader = (name: string) =>
  /authorization|cookie|key|token|secret|signature|password|credential|session/i.test(name);

/** A date or date-time: only its digits are masked, so it stays one (its T and Z are the format's, not data). */
const DATE_TIME = /^\d{4}-\d\d-\d\d([Tt ]\d\d:\d\d(:\d\d(\.\d+)?)?([Zz]|[+-]\d\d:?\d\d)?)?$/;

/** A text's placeholder: each digit 1, each upper-case letter A, each other letter a; every other character kept. */
export function placeholder(text: string): string {
  if (DATE_TIME.test(text)) return text.replace(/\d/g, "1");
  // ASCII, the usual case, in three native passes (an A the second makes is not lower case for the third).
  // Stryker disable next-line ConditionalExpression,Regex: a shortcut; the Unicode pass below gives the same text
  if (/^[\x00-\x7f]*$/.test(text)) return text.replace(/[0-9]/g, "1").replace(/[A-Z]/g, "A").replace(/[a-z]/g, "a");
  return text.replace(/(\p{Nd})|([\p{Lu}\p{Lt}])|\p{L}/gu, (_, digit, upper) => (digit ? "1" : upper ? "A" : "a"));
}

/** A value's placeholder, whole: strings and numbers by shape, booleans false, every member of an object or array. */
export function maskedValue(value: unknown): unknown {
  if (typeof value === "string") return placeholder(value);
  // Only the digits: a number's exponent letter is notation, and 0 becomes 1 (type and length kept).
  if (typeof value === "number") return Number(String(value).replace(/\d/g, "1"));
  if (typeof value === "boolean") return false;
  if (Array.isArray(value)) return value.map(maskedValue);
  if (value === null) return null;
  // What JSON has left: an object.
  return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, maskedValue(v)]));
}

/** A JSON value with the value of every member of a masked name replaced by its placeholder, at any depth. */
export function maskedJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskedJson);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, isMaskedMember(k) ? maskedValue(v) : maskedJson(v)]),
    );
  return value;
}

/**
 * A header's value as recorded: the credentials of Authorization after its scheme word (kept, so a check still sees
 * which scheme was used), every other masked header whole, the parameter values of Content-Disposition (a file name
 * is personal), the rest as it came.
 */
export function maskedHeader(name: string, value: string): string {
  if (/^(proxy-)?authorization$/i.test(name)) {
    // The scheme word is followed by a space: a value of one word is masked whole.
    // Stryker disable next-line Regex: equivalent anchors (the pattern matches from the start, .* with s to the end)
    return value.replace(/^(\S+ )?(.*)$/s, (_, scheme = "", rest) => scheme + placeholder(rest));
  }
  if (isMaskedHeader(name)) return placeholder(value);
  if (/^content-disposition$/i.test(name))
    return value.replace(/(;\s*[^=;\s]+\s*=\s*)("(?:[^"\\]|\\.)*"|[^;]*)/g, (_, head, v) => head + placeholder(v));
  return value;
}

/** A query string (without `?`) with the values of masked names replaced, the rest as it came. */
export function maskedQuery(query: string): string {
  return query
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq === -1) return pair;
      const name = decoded(pair.slice(0, eq));
      return isMaskedMember(name)
        ? `${pair.slice(0, eq)}=${encodeURIComponent(placeholder(decoded(pair.slice(eq + 1))))}`
        : pair;
    })
    .join("&");
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/** Whether a media type is JSON (`application/json`, `application/problem+json`, ...), parameters ignored. */
export const isJsonType = (mediaType: string | undefined) =>
  !!mediaType && /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(mediaType.trim());

/** What a recording holds of a body: its masked text, or no text and why not. */
export interface RecordedBody {
  /** JSON with masked members, or the marker of a body not recorded; absent for an empty body. */
  text?: string;
  /** Why the body's own bytes are not in the recording. */
  comment?: string;
}

/** The text that stands in a recording for a body that is not JSON (or not valid JSON): its size and type only. */
export const notRecorded = (bytes: number, mediaType: string | undefined) =>
  `[not recorded: ${bytes} bytes of ${mediaType || "no media type"}]`;

/**
 * A body as a recording holds it: JSON is parsed and its masked members replaced; anything else (a document upload, a
 * form, a gateway's HTML page, JSON that does not parse) is personal data or unreadable, so only its size and media
 * type stand in its place.
 */
export function recordedBody(mediaType: string | undefined, body: Buffer | string, size: number): RecordedBody {
  if (size === 0) return {};
  if (isJsonType(mediaType)) {
    try {
      return { text: JSON.stringify(maskedJson(JSON.parse(body.toString()))) };
    } catch {
      return { text: notRecorded(size, mediaType), comment: "not recorded: labelled JSON but does not parse" };
    }
  }
  return {
    text: notRecorded(size, mediaType),
    comment: "not recorded: only JSON bodies are recorded (a document, a form or a page may hold personal data)",
  };
}
