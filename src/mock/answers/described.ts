// Prism answers an error with the document's example as written (its `instance`, `trace_id` and `time` too) or with a
// problem body of its own (NO_PATH_MATCHED_ERROR, NO_METHOD_MATCHED_ERROR, ...), whatever the request was. The mock's
// answers describe the request they answer: an example gets this request's path as `instance`, a fresh `trace_id` or
// `request_id` and the time of the answer; where Prism refused the request itself (its credentials, a violation of the
// document), the detail says what is wrong with this request; Prism's own bodies become the envelope the document gives
// the path. An example asked for with `Prefer` keeps its own words: that answer was asked for.
import { randomBytes, randomUUID } from "node:crypto";
import { AUTHORIZATION_MISSING } from "../../signing/failures.ts";
import { envelopeOf, errorBody, isoSeconds } from "../../server/envelope.ts";
import { allowedMethods } from "../prism/allowedMethods.ts";

/** What the rewrite reads of the request and of Prism's answer. */
export interface PrismAnswer {
  status: number;
  body: string;
  method: string;
  path: string;
  /** The request's Authorization and Prefer headers. */
  authorization: string | undefined;
  prefer: string | undefined;
  /** Prism's `sl-violations` response header: what it found wrong with the request. */
  violations: string | undefined;
  now: Date;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const PRISM_ERRORS = "https://stoplight.io/prism/errors#";

/** What Prism found wrong with the request, in one sentence; undefined when it found nothing. */
function violationsOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  let list: unknown;
  try {
    list = JSON.parse(header);
  } catch {
    return undefined;
  }
  if (!Array.isArray(list)) return undefined;
  const said = list
    .filter((v): v is { message: string; location?: unknown } => isObject(v) && typeof v.message === "string")
    .filter((v) => v.message !== "Invalid security scheme used")
    .map((v) => v.message.replace(/\.$/, ""));
  return said.length ? `${said.join("; ")}.` : undefined;
}

/**
 * Why the request's credentials were refused, as the request shows it. Prism checks only bearer tokens' presence: in
 * production auth the front has verified a signed route's signature before Prism sees it.
 */
function credentialsOf(authorization: string | undefined, path: string): string {
  if (authorization === undefined || authorization.trim() === "")
    return envelopeOf(path, 401) === "v2"
      ? AUTHORIZATION_MISSING
      : "The request has no Authorization header: send Authorization: Bearer <token>.";
  return "The Authorization header is not a bearer token: send Authorization: Bearer <token>.";
}

/** Whether the request asked Prism for this answer (`Prefer: code=...` or `example=...`). */
const askedFor = (prefer: string | undefined) => prefer !== undefined && /\b(code|example)=/.test(prefer);

/**
 * The answer as the mock sends it: Prism's error body rewritten to describe this request, in the envelope of its path;
 * undefined to send Prism's own unchanged (not JSON, or no error).
 */
export function describedAnswer(a: PrismAnswer): { status: number; body: string } | undefined {
  if (a.status < 400) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(a.body);
  } catch {
    return undefined;
  }
  if (!isObject(body)) return undefined;
  const json = (status: number, value: unknown) => ({ status, body: JSON.stringify(value) });

  // Prism's own problem bodies: the envelope the document gives the path, saying what was asked.
  if (typeof body.type === "string" && body.type.startsWith(PRISM_ERRORS)) {
    const kind = body.type.slice(PRISM_ERRORS.length);
    const status = typeof body.status === "number" ? body.status : a.status;
    const detail =
      kind === "NO_PATH_MATCHED_ERROR"
        ? `No operation of the API has the path ${a.path}.`
        : kind === "NO_METHOD_MATCHED_ERROR"
          ? `${a.path} takes ${allowedMethods(a.path) ?? "no method"}, not ${a.method}.`
          : status === 401
            ? credentialsOf(a.authorization, a.path)
            : (violationsOf(a.violations) ?? `${typeof body.detail === "string" ? body.detail : body.title}`);
    // The reference shows no code for a path or method it does not have.
    const unshown = kind === "NO_PATH_MATCHED_ERROR" || kind === "NO_METHOD_MATCHED_ERROR";
    return json(status, errorBody({ status, path: a.path, detail, now: a.now, ...(unshown ? { code: null } : {}) }));
  }

  // The document's example: this request's path, a fresh trace and the time of the answer; the detail says what is
  // wrong with this request when Prism refused it rather than served what was asked for.
  const refusal = askedFor(a.prefer)
    ? undefined
    : a.status === 401
      ? credentialsOf(a.authorization, a.path)
      : violationsOf(a.violations);
  const time = isoSeconds(a.now);
  if (Array.isArray(body.errors)) {
    const errors = body.errors.map((e) => (isObject(e) && refusal ? { ...e, description: refusal } : e));
    return json(a.status, { ...body, errors });
  }
  if (isObject(body.error)) {
    const error = {
      ...body.error,
      request_id: randomUUID(),
      timestamp: time,
      ...(refusal ? { message: refusal } : {}),
    };
    return json(a.status, { ...body, error });
  }
  const flat: Json = { ...body, instance: a.path, trace_id: randomBytes(16).toString("hex") };
  if ("time" in body || !("timestamp" in body)) flat.time = time;
  if ("timestamp" in body) flat.timestamp = time;
  if (refusal) flat.detail = refusal;
  return json(a.status, flat);
}
