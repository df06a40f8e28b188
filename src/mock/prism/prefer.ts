// What a request asks of the mock's answer, read as Prism's own server reads it: the `Prefer` header (`code=409`,
// `example=NAME`, `dynamic=true`, `seed=S`), else the query parameters `__code`, `__example`, `__dynamic`, `__seed`.
import parsePreferHeader from "parse-prefer-header";

export interface Preferences {
  /** The status asked for: three digits. */
  code?: number;
  /** The name of the document's example asked for. */
  exampleKey?: string;
  dynamic?: boolean;
  seed?: string;
}

export type PreferenceReading = { ok: true; preferences: Preferences } | { ok: false; problem: string };

type Raw = Record<string, unknown>;

/**
 * The preferences of a request, or why they cannot be used (a code that is not three digits, `dynamic` that is neither
 * true nor false, a value with no text), as Prism decodes them.
 */
export function readPreferences(
  prefer: string | undefined,
  query: Readonly<Record<string, unknown>>,
): PreferenceReading {
  const raw: Raw = prefer
    ? (parsePreferHeader(prefer) as Raw)
    : // A repeated name is a list, which Prism refuses as it refuses any value that is not one string.
      { code: query.__code, dynamic: query.__dynamic, seed: query.__seed, example: query.__example };
  const preferences: Preferences = {};
  const problems: string[] = [];
  const text = (key: string) => {
    const value = raw[key];
    if (value === undefined) return undefined;
    if (typeof value !== "string") problems.push(`${key}: cannot decode ${JSON.stringify(value)}, should be a string`);
    return typeof value === "string" ? value : undefined;
  };
  const code = text("code");
  if (code !== undefined) {
    if (/^\d{3}$/.test(code)) preferences.code = Number(code);
    else problems.push(`code: cannot decode ${JSON.stringify(code)}, should be a number`);
  }
  const dynamic = text("dynamic");
  if (dynamic !== undefined) {
    if (dynamic === "true" || dynamic === "false") preferences.dynamic = dynamic === "true";
    else problems.push(`dynamic: cannot decode ${JSON.stringify(dynamic)}, should be a boolean`);
  }
  const seed = text("seed");
  if (seed !== undefined) preferences.seed = seed;
  const example = text("example");
  if (example !== undefined) preferences.exampleKey = example;
  return problems.length ? { ok: false, problem: `Prefer: ${problems.join("; ")}.` } : { ok: true, preferences };
}

/** Whether the request asked for an answer by status or example name: that answer keeps the document's words. */
export const askedFor = (p: Preferences) => p.code !== undefined || p.exampleKey !== undefined;
