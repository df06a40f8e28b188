// Prism answers an error with the document's example as written (its `instance`, `trace_id` and `time` too) or with a
// problem of its own (a status and a kind, such as UNPROCESSABLE_ENTITY), whatever the request was. The mock's answers
// describe the request they answer: an example gets this request's path as `instance`, a fresh `trace_id` or
// `request_id` and the time of the answer; where Prism refused the request itself (its credentials, a violation of the
// document), the detail says what is wrong with this request, from Prism's violations as data; Prism's own problems
// and the mock's 404 and 405 are the envelope the document gives the path. An example asked for by status or name
// (Prefer) keeps its own words: that answer was asked for.
import { randomBytes, randomUUID } from "node:crypto";
import { AUTHORIZATION_MISSING } from "../../signing/failures.ts";
import { envelopeOf, errorBody, isoSeconds } from "../../server/envelope.ts";

/** One thing Prism found wrong with a request or its answer (@stoplight/prism-core's diagnostic, as data). */
export interface Violation {
  /** Where, from the request's or the answer's root (`request`/`response` first, as in `sl-violations`). */
  location: string[];
  /** Prism's severity name: Error, Warning, Information or Hint. */
  severity: string;
  /** Prism's code: a keyword of the schema, or a status (401 for the credentials, 415 for the content type). */
  code?: string | number;
  message: string;
}

/** What an error answer describes of its request. */
export interface Described {
  method: string;
  path: string;
  /** The request's Authorization header. */
  authorization: string | undefined;
  /** Whether the request asked for this answer by status or example name. */
  asked: boolean;
  now: Date;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** A violation of the credentials, not of the document's shapes (Prism's security validators' code). */
export const isCredentials = (v: Violation) => String(v.code) === "401";

/** What Prism found wrong with the request, in one sentence; undefined when it found nothing but the credentials. */
export function violationsOf(violations: readonly Violation[]): string | undefined {
  const said = violations
    .filter((v) => v.location[0] === "request" && v.severity === "Error" && !isCredentials(v))
    .map((v) => v.message.replace(/\.$/, ""));
  return said.length ? `${[...new Set(said)].join("; ")}.` : undefined;
}

/**
 * Why the request's credentials were refused, as the request shows it. Prism checks only a bearer token's presence:
 * in production auth the front has verified a signed route's signature before Prism sees it.
 */
function credentialsOf(authorization: string | undefined, path: string): string {
  if (authorization === undefined || authorization.trim() === "")
    return envelopeOf(path, 401) === "v2"
      ? AUTHORIZATION_MISSING
      : "The request has no Authorization header: send Authorization: Bearer <token>.";
  return "The Authorization header is not a bearer token: send Authorization: Bearer <token>.";
}

/** What an error body in any of the envelopes says: the flat `detail`, v2's first description, the portfolio message. */
export function detailOf(body: Json): string {
  const first = Array.isArray(body.errors) && isObject(body.errors[0]) ? body.errors[0].description : undefined;
  const said = body.detail ?? first ?? (isObject(body.error) ? body.error.message : undefined);
  return typeof said === "string" ? said : "refused";
}

/** The mock's 404: no operation of the document has the path. The reference shows no code for it. */
export const noPathBody = (r: Described) =>
  errorBody({
    status: 404,
    path: r.path,
    detail: `No operation of the API has the path ${r.path}.`,
    now: r.now,
    code: null,
  });

/** The mock's 405: the path's operations take other methods (`allow`). The reference shows no code for it. */
export const noMethodBody = (r: Described, allow: string) =>
  errorBody({
    status: 405,
    path: r.path,
    detail: `${r.path} takes ${allow}, not ${r.method}.`,
    now: r.now,
    code: null,
  });

/** A problem of Prism's own (its kind, its status), as the envelope of the path saying what was wrong. */
export function describedProblem(
  problem: { status: number; title: string; detail: string; violations: readonly Violation[]; credentials: boolean },
  r: Described,
): Json {
  const detail = problem.credentials
    ? credentialsOf(r.authorization, r.path)
    : (violationsOf(problem.violations) ?? (problem.detail || problem.title));
  return errorBody({ status: problem.status, path: r.path, detail, now: r.now });
}

/**
 * The document's error example as this request's answer: its path, a fresh trace and the time of the answer; the
 * detail says what is wrong with this request when Prism refused it (`violations`) rather than served what was asked
 * for. Undefined for a body that is no JSON object (sent as it is).
 */
export function describedExample(body: unknown, violations: readonly Violation[], r: Described) {
  if (!isObject(body)) return undefined;
  const refusal = r.asked
    ? undefined
    : violations.some(isCredentials)
      ? credentialsOf(r.authorization, r.path)
      : violationsOf(violations);
  const time = isoSeconds(r.now);
  if (Array.isArray(body.errors)) {
    const errors = body.errors.map((e) => (isObject(e) && refusal ? { ...e, description: refusal } : e));
    return { ...body, errors };
  }
  if (isObject(body.error)) {
    const error = {
      ...body.error,
      request_id: randomUUID(),
      timestamp: time,
      ...(refusal ? { message: refusal } : {}),
    };
    return { ...body, error };
  }
  const flat: Json = { ...body, instance: r.path, trace_id: randomBytes(16).toString("hex") };
  if ("time" in body || !("timestamp" in body)) flat.time = time;
  if ("timestamp" in body) flat.timestamp = time;
  if (refusal) flat.detail = refusal;
  return flat;
}
