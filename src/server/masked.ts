// What a recording of traffic never holds, named in one place: the signing proxy masks what it records with it
// (src/proxy/record.ts), and the mock's drift report masks any recording again before it reads it (src/mock/drift/),
// so a recording made by another tool is held to the same rules. A masked value becomes a placeholder of its type and
// length that keeps its shape (each digit 1, each letter a or A, other characters kept): a UUID stays a UUID, a
// nine-digit routing code nine digits, so a schema check of the recording still sees what the service sent.
// What is masked is the default: a value is kept only where a list below says why (a status, a code, a currency).

/**
 * The document's members whose values are kept as they are, each with why: a status, a type, a code, a currency. Every
 * other string or number the service sends is masked (the members the document does not name included), but for a
 * token of capitals and underscores (a status such as COMPLETED) and true, false or null. test/server/masked.test.ts
 * checks that each is a member or query parameter of the bundled document.
 */
export const KEPT_MEMBERS: Readonly<Record<string, string>> = {
  asset: "a currency or crypto asset's code, what the conversion is in",
  case_class: "the kind of an RFI case, one of few values",
  code: "the error envelope's code: a new code beyond the listed ones is what the drift report waits for",
  country_code: "an ISO country code of an account, one of few values",
  currency: "an ISO currency code",
  network: "the payment network (US_ACH, SWIFT, ...)",
  order_status: "a conversion order's status: the statuses after PENDING are not shown in the reference",
  rfi_status: "an RFI case's status",
  status: "an HTTP status or a requirement's status",
  status_code: "an HTTP status",
  subject_type: "the kind of an RFI case's subject, a query filter",
  total: "how many items a list holds",
  transaction_type: "the kind of a transaction, one of few values",
  type: "the kind of an RFI requirement or subject",
  accepted_document_types: "a list of document kinds the service accepts",
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
  "ip",
  "forwarded",
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

/** Whether the value of a member (or query parameter) of this name is masked whole, whatever it is. */
export function isMaskedMember(name: string): boolean {
  let masked = decided.get(name);
  // Stryker disable next-line ConditionalExpression: a memo; deciding again gives the same answer
  if (masked === undefined) {
    masked = looksPersonal(name);
    // Stryker disable next-line all: the memo's bound; only its memory depends on it
    if (decided.size < DECIDED_MAX) decided.set(name, masked);
  }
  return masked;
}

/** Whether the value of a member (or query parameter) of this name is kept as it is (KEPT_MEMBERS). */
export const isKeptMember = (name: string) => Object.hasOwn(KEPT_MEMBERS, name);

/** A text kept under any name not masked whole: a token of capitals and underscores (a status, a code), or a literal. */
export const isKeptText = (text: string) => /^[A-Z]{2,40}(_[A-Z]{1,40}){0,8}$/.test(text) || LITERALS.has(text);
const LITERALS = new Set(["true", "false", "null"]);

/**
 * Headers whose value is masked by name: credentials (Authorization, Proxy-Authorization, X-Authorization...), cookies,
 * any name that says key, token, secret or signature, and any name whose words look personal (X-Customer-Email,
 * X-Forwarded-For).
 */
export const isMaskedHeader = (name: string) =>
  /authorization|cookie|key|token|secret|signature|password|credential|session/i.test(name) || looksPersonal(name);

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

/** A scalar's placeholder: strings and numbers by shape, booleans false, null as it is. */
export function maskedValue(value: string | number | boolean | null): unknown {
  if (typeof value === "string") return placeholder(value);
  // An integer becomes as many 1s as it has digits (up to 21, where JSON writes an exponent), a fraction 1.1: the
  // sign and JSON Schema's integer or number are kept, the digits go.
  if (typeof value === "number") {
    const sign = value < 0 ? -1 : 1;
    if (!Number.isInteger(value)) return sign * 1.1;
    return sign * Number("1".repeat(Math.min(String(Math.abs(value)).length, 21)));
  }
  return typeof value === "boolean" ? false : value;
}

/**
 * A JSON value as a recording holds it, at any depth: the value of a member whose name looks personal masked whole
 * (maskedValue; an object or a list under such a name is read member by member), a kept member's (KEPT_MEMBERS) as it
 * is, and of the rest every string and number masked but for the texts isKeptText keeps. The default is to mask: a
 * member no list names, the service's undocumented ones included, never shows its value.
 */
export function maskedJson(value: unknown, kept = false): unknown {
  if (Array.isArray(value)) return value.map((item) => maskedJson(item, kept));
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        // A scalar under a personal name is masked whole; an object or a list (null too) is read member by member.
        isMaskedMember(k) && typeof v !== "object"
          ? maskedValue(v as string | number | boolean)
          : maskedJson(v, isKeptMember(k)),
      ]),
    );
  if (kept) return value;
  if (typeof value === "string") return isKeptText(value) ? value : placeholder(value);
  return typeof value === "number" ? maskedValue(value) : value;
}

/**
 * A header's value as recorded: the credentials of Authorization after its scheme word (kept, so a check still sees
 * which scheme was used), every other masked header whole, the parameter values of Content-Disposition (a file name
 * is personal), the query of a URL (Location, Referer, ...) as maskedQuery leaves it, the rest as it came.
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
  return maskedUrlQuery(value);
}

/** A URL (absolute, or a path) with its query as maskedQuery leaves it; any other text as it is. */
export function maskedUrlQuery(text: string): string {
  const match = /^((?:[a-z][a-z\d+.-]*:\/\/|\/)[^?\s]*)\?(\S*)$/i.exec(text);
  return match ? `${match[1]}?${maskedQuery(match[2]!)}` : text;
}

/** A query string (without `?`) with each value as maskedJson would leave it under its name, names as they came. */
export function maskedQuery(query: string): string {
  return query
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq === -1) return pair;
      const name = decoded(pair.slice(0, eq));
      const text = decoded(pair.slice(eq + 1));
      const masked = isMaskedMember(name) ? placeholder(text) : (maskedJson(text, isKeptMember(name)) as string);
      return masked === text ? pair : `${pair.slice(0, eq)}=${encodeURIComponent(masked)}`;
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

/** What a recording says of its masking, in its own words (the HAR log's comment). */
export const MASKING =
  "Masked: the Authorization credentials, cookies, every header whose name says key, token, secret, signature, " +
  "password, credential or session or looks personal, the file name of Content-Disposition, the values of URL " +
  "queries and of JSON bodies but for statuses, types, codes and currencies (placeholders of the same shape: each " +
  "digit 1, each letter a or A). Bodies other than JSON are not recorded.";

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
