import { decodeSecretKey } from "../signing/secret.ts";
import { buildStringToSign, hashBody, parseTimestamp, signRequest } from "../signing/index.ts";
import { parseAuthorization } from "../signing/authorization.ts";
import { CREDENTIAL_NOT_FOUND, REPLAYED_SIGNATURE, SIGNATURE_MISMATCH } from "../signing/failures.ts";
import { hmacHex as hmac } from "../signing/hmac.ts";

/** The signature-mismatch causes the reference lists, plus its credential-not-found case, in its words. */
export const CAUSES = {
  credentialNotFound: "an unknown access key (credential not found)",
  fileNameOrPath: "hashing a file name or path",
  emptyOrEncodedBody: "hashing an empty body or an encoded form",
  fileChanged: "changing the file after signing",
  methodOrPath: "a different method or path in the string",
  extraNewline: "an extra newline",
  timestamps: "differing or expired timestamps",
  secretNotDecoded: "a secret not Base64-decoded",
} as const;
export type Cause = keyof typeof CAUSES;

export type Verdict = "fits" | "possible" | "does not fit";
export interface Finding {
  cause: Cause;
  verdict: Verdict;
  why: string;
}

export interface ExplainInput {
  accessKey: string;
  secretKey: string;
  method: string;
  /** The signed path (no query). */
  path: string;
  /** The query string sent, without "?", if any: a client that signed it would have put it in PATH. */
  query?: string;
  body: Uint8Array;
  /** Name of the body file as given, when the body came from a file. */
  bodyFile?: string;
  /** The Authorization and X-SVC-Date headers that were sent. */
  authorization: string;
  date?: string;
  /** The body of the 401 received, if at hand. */
  response?: string;
  now: Date;
  windowSeconds: number;
}

export interface Explanation {
  /** A problem that stops the analysis (unparsable header), else null. */
  blocker: string | null;
  detail: string | null;
  expectedSignature: string | null;
  findings: Finding[];
}

/** The first four characters and the length: enough to tell keys apart, too little to use one. */
const redact = (key: string) =>
  key.length > 8 ? `${key.slice(0, 4)}… (${key.length} characters)` : `… (${key.length} characters)`;

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** Reads the detail (flat, older or v2 shape) out of a received 401 body. */
export function receivedDetail(response: string | undefined): string | null {
  // Any JSON at all: each shape below is looked for in turn.
  // biome-ignore lint/suspicious/noExplicitAny: the body received is untyped JSON
  let json: any = null;
  try {
    // No response (undefined) is no JSON text either: JSON.parse throws for it as for any other.
    json = JSON.parse(response as string);
  } catch {
    // Not JSON: no detail.
  }
  return json?.detail ?? json?.errors?.[0]?.description ?? json?.error?.message ?? null;
}

/**
 * Lists which of the reference's mismatch causes fit a request and the 401 it got: each cause that can be
 * reproduced (one deviation from the correct signing at a time) is tried against the signature sent.
 */
export function explainMismatch(input: ExplainInput): Explanation {
  const detail = receivedDetail(input.response);
  const auth = parseAuthorization(input.authorization.trim());
  if (!auth) {
    return {
      blocker:
        `The Authorization header sent is not "Service-HMAC-SHA256 <ACCESS_KEY>:<TIMESTAMP>:<SIGNATURE>" (a sandbox ` +
        `Bearer token does not work in production).`,
      detail,
      expectedSignature: null,
      findings: [],
    };
  }
  // A replay is no mismatch: the signature was right and accepted once; none of the causes below applies.
  if (detail === REPLAYED_SIGNATURE)
    return {
      blocker:
        "The service refused a replay, not a wrong signature: this signed request (same timestamp, method, path " +
        "and body) was already accepted. Sign it again at a later second and send that; a retry must be signed " +
        "anew, never resent with its old headers.",
      detail,
      expectedSignature: null,
      findings: [],
    };
  const key = decodeSecretKey(input.secretKey);
  const findings: Finding[] = [];
  const add = (cause: Cause, verdict: Verdict, why: string) => findings.push({ cause, verdict, why });

  if (auth.accessKey !== input.accessKey) {
    // The header's key is shown only in part: it may be a secret pasted in the wrong place.
    const carried = auth.accessKey.includes(input.secretKey)
      ? "your SECRET key as its access key (never send it: rotate it in API Settings)"
      : `access key "${redact(auth.accessKey)}"`;
    add(
      "credentialNotFound",
      "fits",
      `The header carries ${carried}, not the one in FO_ACCESS_KEY ("${input.accessKey}").`,
    );
  } else if (detail === CREDENTIAL_NOT_FOUND) {
    add(
      "credentialNotFound",
      "fits",
      `The service does not know access key "${auth.accessKey}": a key of another environment (sandbox or ` +
        `production), or a revoked one.`,
    );
  } else {
    add(
      "credentialNotFound",
      "does not fit",
      `The header carries your access key${
        detail === SIGNATURE_MISMATCH ? " and the service answered a signature mismatch, so it found the key" : ""
      }.`,
    );
  }

  const ts = auth.timestamp;
  const time = parseTimestamp(ts);
  const timeProblems: string[] = [];
  if (input.date === undefined) timeProblems.push("no X-SVC-Date header was sent");
  else if (input.date !== ts)
    timeProblems.push(`X-SVC-Date "${input.date}" differs from the Authorization timestamp "${ts}"`);
  if (!time) timeProblems.push(`the timestamp "${ts}" is not YYYYMMDDTHHMMSSZ (UTC)`);
  else {
    const skew = Math.round((input.now.getTime() - time.getTime()) / 1000);
    if (Math.abs(skew) > input.windowSeconds) {
      timeProblems.push(
        // Stryker disable next-line EqualityOperator: equivalent, a skew outside the window is never 0
        `the timestamp is ${Math.abs(skew)} s ${skew > 0 ? "old" : "in the future"}, outside the ` +
          `±${input.windowSeconds} s window checked here (the mock's setting; the service's window is not documented)`,
      );
    }
  }

  const sign = (method: string, path: string, body: Uint8Array | string, k = key, timestamp = ts) =>
    hmac(k, buildStringToSign(input.accessKey, timestamp, method, path, hashBody(body)));
  const expected = time
    ? signRequest({
        accessKey: input.accessKey,
        secretKey: key,
        method: input.method,
        path: input.path,
        body: input.body,
        time,
      }).signature
    : sign(input.method, input.path, input.body);
  const sent = auth.signature;
  const correct = expected === sent;
  const reproduces = (candidates: Array<[string, string]>) => candidates.find(([, sig]) => sig === sent)?.[0];

  const dateSig =
    input.date !== undefined && input.date !== ts
      ? reproduces([[`the X-SVC-Date timestamp`, sign(input.method, input.path, input.body, key, input.date)]])
      : undefined;
  if (timeProblems.length > 0 || dateSig)
    add(
      "timestamps",
      "fits",
      `${[...timeProblems, dateSig ? "the signature was computed over the X-SVC-Date timestamp" : ""]
        .filter(Boolean)
        .join("; ")}.`,
    );
  else add("timestamps", "does not fit", `Both headers carry "${ts}", within ±${input.windowSeconds} s of now.`);

  if (correct) {
    const why =
      "The signature sent is the correct one for this method, path and body: the request signed is the one given here.";
    for (const cause of [
      "fileNameOrPath",
      "emptyOrEncodedBody",
      "methodOrPath",
      "extraNewline",
      "secretNotDecoded",
    ] as const)
      add(cause, "does not fit", why);
    add(
      "fileChanged",
      timeProblems.length === 0 && auth.accessKey === input.accessKey ? "possible" : "does not fit",
      "If the service still answered a mismatch, the bytes it received differ from the bytes given here: the file " +
        "or body was changed, re-encoded or compressed after signing, or a proxy changed the path.",
    );
    return { blocker: null, detail, expectedSignature: expected, findings: order(findings) };
  }

  const bodyText = Buffer.from(input.body).toString("utf8");
  const fileNames: Array<[string, string]> = [[`the request path`, sign(input.method, input.path, input.path)]];
  if (input.bodyFile) {
    // The name as given, and its last segment (one candidate when they are the same).
    for (const name of new Set([input.bodyFile, input.bodyFile.split(/[\\/]/).pop()!]))
      fileNames.push([`the file name "${name}"`, sign(input.method, input.path, name)]);
  }
  verdictFor("fileNameOrPath", reproduces(fileNames));

  // Every candidate below differs from the request given in one way; one that signs the same bytes as it has the
  // correct signature, which is not the one sent (that case returned above), so it never matches.
  const b = Buffer.from(input.body);
  const encoded: Array<[string, string]> = [
    ["an empty body", sign(input.method, input.path, "")],
    ["the Base64 form of the body", sign(input.method, input.path, b.toString("base64"))],
    ["the URL-safe Base64 form of the body", sign(input.method, input.path, b.toString("base64url"))],
    ["the hex form of the body", sign(input.method, input.path, b.toString("hex"))],
    ["the body as a JSON string (encoded twice)", sign(input.method, input.path, JSON.stringify(bodyText))],
  ];
  try {
    const parsed = JSON.parse(bodyText);
    encoded.push(["the body re-serialized compactly", sign(input.method, input.path, JSON.stringify(parsed))]);
    encoded.push([
      "the body re-serialized with indentation",
      sign(input.method, input.path, JSON.stringify(parsed, null, 2)),
    ]);
  } catch {
    // Not JSON: the other encodings still apply.
  }
  verdictFor("emptyOrEncodedBody", reproduces(encoded));

  const alternatives: Array<[string, string]> = METHODS.map((m) => [`method ${m}`, sign(m, input.path, input.body)]);
  const lower = input.method.toLowerCase();
  alternatives.push([
    `method "${lower}" in lower case`,
    hmac(key, [input.accessKey, ts, lower, input.path, hashBody(input.body)].join("\n")),
  ]);
  const paths = new Set<string>();
  if (input.query) paths.add(`${input.path}?${input.query}`);
  // The path given has no trailing "/" (signRequest refuses one): a client may have added it.
  paths.add(`${input.path}/`);
  paths.add(input.path.startsWith("/api/") ? input.path.slice(4) : `/api${input.path}`);
  try {
    paths.add(decodeURI(input.path));
  } catch {
    // A malformed escape cannot have been signed in decoded form.
  }
  paths.add(encodeURI(input.path));
  for (const p of paths) alternatives.push([`path "${p}"`, sign(input.method, p, input.body)]);
  verdictFor("methodOrPath", reproduces(alternatives));

  const fields = [input.accessKey, ts, input.method.toUpperCase(), input.path, hashBody(input.body)];
  const newlines: Array<[string, string]> = [
    ["a newline at the end of the string to sign", hmac(key, `${fields.join("\n")}\n`)],
    ["a newline at the start of the string to sign", hmac(key, `\n${fields.join("\n")}`)],
    ["CRLF line ends in the string to sign", hmac(key, fields.join("\r\n"))],
    ...[1, 2, 3, 4].map((n): [string, string] => [
      `an empty line before field ${n + 1} of the string to sign`,
      hmac(key, [...fields.slice(0, n), "", ...fields.slice(n)].join("\n")),
    ]),
  ];
  if (bodyText.endsWith("\n"))
    newlines.push(["the body without its final newline", sign(input.method, input.path, b.subarray(0, b.length - 1))]);
  else
    newlines.push([
      "the body with a final newline",
      sign(input.method, input.path, Buffer.concat([b, Buffer.from("\n")])),
    ]);
  verdictFor("extraNewline", reproduces(newlines));

  verdictFor(
    "secretNotDecoded",
    reproduces([
      [
        "the secret's text (not decoded) as the HMAC key",
        sign(input.method, input.path, input.body, Buffer.from(input.secretKey)),
      ],
    ]),
  );

  const explained = findings.some((f) => f.verdict === "fits" && f.cause !== "timestamps") || dateSig;
  add(
    "fileChanged",
    explained ? "does not fit" : "possible",
    explained
      ? "Another cause reproduces the signature sent."
      : "No other cause reproduces the signature sent: it was computed over other bytes (a file changed after " +
          "signing, another body), another secret, or more than one cause at once.",
  );
  return { blocker: null, detail, expectedSignature: expected, findings: order(findings) };

  function verdictFor(cause: Cause, match: string | undefined) {
    if (match) add(cause, "fits", `The signature sent is reproduced by signing ${match}.`);
    else add(cause, "does not fit", "No variant of this kind reproduces the signature sent.");
  }
}

const rank: Record<Verdict, number> = { fits: 0, possible: 1, "does not fit": 2 };
function order(findings: Finding[]): Finding[] {
  return [...findings].sort((a, b) => rank[a.verdict] - rank[b.verdict]);
}
