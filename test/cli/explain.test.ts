// fo-sign explain's diagnosis (explainMismatch): a client that made exactly one of the reference's mistakes
// produces a signature, and explain must name that mistake, with the variant that reproduces it, as the one cause
// that fits; a correct signature fits no cause; the time checks, the access key (never a pasted secret) and the
// 401 body read back each say what they found.
import { describe, expect, test } from "vitest";
import { CAUSES, type Cause, type ExplainInput, explainMismatch, receivedDetail } from "../../src/cli/explain.ts";
import { buildStringToSign, hashBody } from "../../src/signing/index.ts";
import { CREDENTIAL_NOT_FOUND, REPLAYED_SIGNATURE, SIGNATURE_MISMATCH } from "../../src/signing/failures.ts";
import { hmacHex } from "../../src/signing/hmac.ts";
import { decodeSecretKey } from "../../src/signing/secret.ts";

const SECRET = "-_-_ABEiM0RVZneImaq7zN3u_wEjRWeJq83v----_6A";
const KEY = decodeSecretKey(SECRET);
const AK = "AK_vector_1";
const TS = "20261121T093000Z";
const NOW = new Date("2026-11-21T09:30:00Z");
const BODY = '{ "a": 1 }';

/** What a client sent, signed with `mistake` applied. */
const sig = (string: string, key: Uint8Array = KEY) => hmacHex(key, string);
const sts = (method: string, path: string, body: Uint8Array | string, ts = TS) =>
  buildStringToSign(AK, ts, method, path, hashBody(body));

function explain(signature: string, over: Partial<ExplainInput> = {}) {
  return explainMismatch({
    accessKey: AK,
    secretKey: SECRET,
    method: "POST",
    path: "/v1/docs",
    body: Buffer.from(BODY),
    authorization: `Service-HMAC-SHA256 ${AK}:${TS}:${signature}`,
    date: TS,
    now: NOW,
    windowSeconds: 300,
    ...over,
  });
}

const verdicts = (e: ReturnType<typeof explain>) => Object.fromEntries(e.findings.map((f) => [f.cause, f.verdict]));
const why = (e: ReturnType<typeof explain>, cause: Cause) => e.findings.find((f) => f.cause === cause)!.why;

const lines = (path: string, body: string) => [AK, TS, "POST", path, hashBody(body)];

/** One mistake each: the cause it is, the variant explain must name, the signature it gives. */
const MISTAKES: Array<[Cause, string, string, Partial<ExplainInput>?]> = [
  ["fileNameOrPath", "the request path", sig(sts("POST", "/v1/docs", "/v1/docs"))],
  ["fileNameOrPath", 'the file name "up/a.pdf"', sig(sts("POST", "/v1/docs", "up/a.pdf")), { bodyFile: "up/a.pdf" }],
  ["fileNameOrPath", 'the file name "a.pdf"', sig(sts("POST", "/v1/docs", "a.pdf")), { bodyFile: "up\\a.pdf" }],
  ["emptyOrEncodedBody", "an empty body", sig(sts("POST", "/v1/docs", ""))],
  [
    "emptyOrEncodedBody",
    "the Base64 form of the body",
    sig(sts("POST", "/v1/docs", Buffer.from(BODY).toString("base64"))),
  ],
  [
    "emptyOrEncodedBody",
    "the URL-safe Base64 form of the body",
    sig(sts("POST", "/v1/docs", Buffer.from("\u00ff\u00fe?>").toString("base64url"))),
    { body: Buffer.from("\u00ff\u00fe?>") },
  ],
  ["emptyOrEncodedBody", "the hex form of the body", sig(sts("POST", "/v1/docs", Buffer.from(BODY).toString("hex")))],
  [
    "emptyOrEncodedBody",
    "the body as a JSON string (encoded twice)",
    sig(sts("POST", "/v1/docs", JSON.stringify(BODY))),
  ],
  ["emptyOrEncodedBody", "the body re-serialized compactly", sig(sts("POST", "/v1/docs", '{"a":1}'))],
  [
    "emptyOrEncodedBody",
    "the body re-serialized with indentation",
    sig(sts("POST", "/v1/docs", JSON.stringify({ a: 1 }, null, 2))),
  ],
  ["methodOrPath", "method PUT", sig(sts("PUT", "/v1/docs", BODY))],
  ["methodOrPath", "method GET", sig(sts("GET", "/v1/docs", BODY))],
  [
    "methodOrPath",
    'method "post" in lower case',
    sig(lines("/v1/docs", BODY).join("\n").replace("\nPOST\n", "\npost\n")),
  ],
  ["methodOrPath", 'path "/v1/docs/"', sig(sts("POST", "/v1/docs/", BODY))],
  ["methodOrPath", 'path "/api/v1/docs"', sig(sts("POST", "/api/v1/docs", BODY))],
  ["methodOrPath", 'path "/v1/docs"', sig(sts("POST", "/v1/docs", BODY)), { path: "/api/v1/docs" }],
  ["methodOrPath", 'path "/v1/docs?x=1"', sig(sts("POST", "/v1/docs?x=1", BODY)), { query: "x=1" }],
  ["methodOrPath", 'path "/v1/a b"', sig(sts("POST", "/v1/a b", BODY)), { path: "/v1/a%20b" }],
  ["methodOrPath", 'path "/v1/a%2520b"', sig(sts("POST", "/v1/a%2520b", BODY)), { path: "/v1/a%20b" }],
  ["extraNewline", "a newline at the end of the string to sign", sig(`${lines("/v1/docs", BODY).join("\n")}\n`)],
  ["extraNewline", "a newline at the start of the string to sign", sig(`\n${lines("/v1/docs", BODY).join("\n")}`)],
  ["extraNewline", "CRLF line ends in the string to sign", sig(lines("/v1/docs", BODY).join("\r\n"))],
  ...[2, 3, 4, 5].map((n): [Cause, string, string] => {
    const f = lines("/v1/docs", BODY);
    return [
      "extraNewline",
      `an empty line before field ${n} of the string to sign`,
      sig([...f.slice(0, n - 1), "", ...f.slice(n - 1)].join("\n")),
    ];
  }),
  ["extraNewline", "the body with a final newline", sig(sts("POST", "/v1/docs", `${BODY}\n`))],
  [
    "extraNewline",
    "the body without its final newline",
    sig(sts("POST", "/v1/docs", BODY)),
    { body: Buffer.from(`${BODY}\n`) },
  ],
  [
    "secretNotDecoded",
    "the secret's text (not decoded) as the HMAC key",
    sig(sts("POST", "/v1/docs", BODY), Buffer.from(SECRET)),
  ],
];

describe("one mistake, named", () => {
  test.each(MISTAKES)("%s: %s", (cause, variant, signature, over) => {
    const e = explain(signature, over);
    expect(e.blocker).toBeNull();
    expect(e.expectedSignature).not.toBe(signature);
    expect(why(e, cause)).toBe(`The signature sent is reproduced by signing ${variant}.`);
    const v = verdicts(e);
    expect(v[cause]).toBe("fits");
    expect(v.fileChanged).toBe("does not fit");
    expect(why(e, "fileChanged")).toBe("Another cause reproduces the signature sent.");
    expect(v.timestamps).toBe("does not fit");
    expect(v.credentialNotFound).toBe("does not fit");
    // Fits first.
    expect(e.findings[0]!.verdict).toBe("fits");
    expect(Object.keys(v).sort()).toEqual(Object.keys(CAUSES).sort());
  });

  test("a signature over other bytes fits no cause but a changed file", () => {
    const e = explain(sig(sts("POST", "/v1/docs", "something else")));
    const v = verdicts(e);
    expect(v.fileChanged).toBe("possible");
    expect(why(e, "fileChanged")).toBe(
      "No other cause reproduces the signature sent: it was computed over other bytes (a file changed after " +
        "signing, another body), another secret, or more than one cause at once.",
    );
    for (const c of [
      "fileNameOrPath",
      "emptyOrEncodedBody",
      "methodOrPath",
      "extraNewline",
      "secretNotDecoded",
    ] as const) {
      expect(v[c], c).toBe("does not fit");
      expect(why(e, c)).toBe("No variant of this kind reproduces the signature sent.");
    }
    expect(e.findings.map((f) => f.verdict)).toEqual(
      [...e.findings.map((f) => f.verdict)].sort((a, b) => rank(a) - rank(b)),
    );
  });

  test("a time problem is no other cause: with other bytes signed, a changed file stays possible", () => {
    const late = explain(sig(sts("POST", "/v1/docs", "something else")), { date: undefined });
    expect(verdicts(late)).toMatchObject({ timestamps: "fits", fileChanged: "possible" });
  });

  test("without a query, no path with a query is tried", () => {
    const e = explain(sig(sts("POST", "/v1/docs?undefined", BODY)));
    expect(verdicts(e).methodOrPath).toBe("does not fit");
  });

  test("an empty body has no 'empty body' variant to blame", () => {
    const e = explain(sig(sts("POST", "/v1/docs", "x")), { body: new Uint8Array() });
    expect(verdicts(e).emptyOrEncodedBody).toBe("does not fit");
  });
});

describe("a correct signature", () => {
  const right = sig(sts("POST", "/v1/docs", BODY));

  test("fits no cause; a changed file stays possible", () => {
    const e = explain(right);
    expect(e.expectedSignature).toBe(right);
    const v = verdicts(e);
    expect(v).toEqual({
      credentialNotFound: "does not fit",
      timestamps: "does not fit",
      fileNameOrPath: "does not fit",
      emptyOrEncodedBody: "does not fit",
      methodOrPath: "does not fit",
      extraNewline: "does not fit",
      secretNotDecoded: "does not fit",
      fileChanged: "possible",
    });
    expect(why(e, "methodOrPath")).toMatch(/^The signature sent is the correct one for this method, path and body/);
    expect(why(e, "timestamps")).toBe(`Both headers carry "${TS}", within ±300 s of now.`);
    expect(e.findings[0]!.cause).toBe("fileChanged");
    expect(why(e, "fileChanged")).toBe(
      "If the service still answered a mismatch, the bytes it received differ from the bytes given here: the file " +
        "or body was changed, re-encoded or compressed after signing, or a proxy changed the path.",
    );
  });

  test("with a time problem or another key, a changed file does not fit", () => {
    expect(verdicts(explain(right, { date: undefined })).fileChanged).toBe("does not fit");
    const otherKey = `Service-HMAC-SHA256 AK_other_99:${TS}:${right}`;
    expect(verdicts(explain(right, { authorization: otherKey })).fileChanged).toBe("does not fit");
  });
});

describe("time", () => {
  const right = sig(sts("POST", "/v1/docs", BODY));
  test.each([
    [{ date: undefined }, "no X-SVC-Date header was sent."],
    [
      { date: "20261121T093001Z" },
      'X-SVC-Date "20261121T093001Z" differs from the Authorization timestamp "20261121T093000Z".',
    ],
    [
      { now: new Date(NOW.getTime() + 301_000) },
      "the timestamp is 301 s old, outside the ±300 s window checked here (the mock's setting; the service's window is not documented).",
    ],
    [{ now: new Date(NOW.getTime() - 301_000) }, "the timestamp is 301 s in the future, outside the ±300 s window"],
  ])("%j", (over, message) => {
    const e = explain(right, over);
    expect(verdicts(e).timestamps).toBe("fits");
    expect(why(e, "timestamps")).toContain(message);
  });

  test("at the window's edge it fits no time problem", () => {
    expect(verdicts(explain(right, { now: new Date(NOW.getTime() + 300_000) })).timestamps).toBe("does not fit");
    expect(verdicts(explain(right, { now: new Date(NOW.getTime() - 300_000) })).timestamps).toBe("does not fit");
  });

  test("a signature over the X-SVC-Date timestamp is named", () => {
    const date = "20261121T093005Z";
    const e = explain(sig(sts("POST", "/v1/docs", BODY, date)), { date });
    expect(why(e, "timestamps")).toBe(
      `X-SVC-Date "${date}" differs from the Authorization timestamp "${TS}"; the signature was computed over the X-SVC-Date timestamp.`,
    );
  });

  test("a timestamp that does not parse is named, and the signature still checked", () => {
    for (const bad of ["20261341T093000Z", "2026-11-21T093000Z"]) {
      const signature = sig(buildStringToSign(AK, bad, "POST", "/v1/docs", hashBody(BODY)));
      const e = explain(signature, { authorization: `Service-HMAC-SHA256 ${AK}:${bad}:${signature}`, date: bad });
      expect(e.blocker).toBeNull();
      expect(why(e, "timestamps")).toBe(`the timestamp "${bad}" is not YYYYMMDDTHHMMSSZ (UTC).`);
      expect(e.expectedSignature).toBe(signature);
    }
  });
});

describe("the access key and the 401 body", () => {
  const right = sig(sts("POST", "/v1/docs", BODY));

  test("another key is shown in part; a pasted secret is named, never shown", () => {
    const e = explain(right, { authorization: `Service-HMAC-SHA256 AK_other_99:${TS}:${right}` });
    expect(verdicts(e).credentialNotFound).toBe("fits");
    expect(why(e, "credentialNotFound")).toBe(
      `The header carries access key "AK_o… (11 characters)", not the one in FO_ACCESS_KEY ("${AK}").`,
    );
    const short = explain(right, { authorization: `Service-HMAC-SHA256 AK_short:${TS}:${right}` });
    expect(why(short, "credentialNotFound")).toContain('access key "… (8 characters)"');
    const pasted = explain(right, { authorization: `Service-HMAC-SHA256 ${SECRET}:${TS}:${right}` });
    expect(pasted.blocker).toBeNull();
    expect(why(pasted, "credentialNotFound")).toBe(
      "The header carries your SECRET key as its access key (never send it: rotate it in API Settings), not the one " +
        `in FO_ACCESS_KEY ("${AK}").`,
    );
    expect(JSON.stringify(pasted)).not.toContain(SECRET);
  });

  test("the service's own words: credential not found, signature mismatch", () => {
    const notFound = explain(right, { response: JSON.stringify({ detail: CREDENTIAL_NOT_FOUND }) });
    expect(verdicts(notFound).credentialNotFound).toBe("fits");
    expect(why(notFound, "credentialNotFound")).toBe(
      'The service does not know access key "AK_vector_1": a key of another environment (sandbox or production), ' +
        "or a revoked one.",
    );
    expect(notFound.detail).toBe(CREDENTIAL_NOT_FOUND);
    const mismatch = explain(right, { response: JSON.stringify({ detail: SIGNATURE_MISMATCH }) });
    expect(why(mismatch, "credentialNotFound")).toBe(
      "The header carries your access key and the service answered a signature mismatch, so it found the key.",
    );
    expect(why(explain(right), "credentialNotFound")).toBe("The header carries your access key.");
  });

  test("a replay, and a header that does not parse, stop the analysis", () => {
    const replay = explain(right, { response: JSON.stringify({ detail: REPLAYED_SIGNATURE }) });
    expect(replay.blocker).toBe(
      "The service refused a replay, not a wrong signature: this signed request (same timestamp, method, path and " +
        "body) was already accepted. Sign it again at a later second and send that; a retry must be signed anew, " +
        "never resent with its old headers.",
    );
    expect(replay.findings).toEqual([]);
    const bearer = explain(right, { authorization: "Bearer token" });
    expect(bearer.blocker).toBe(
      'The Authorization header sent is not "Service-HMAC-SHA256 <ACCESS_KEY>:<TIMESTAMP>:<SIGNATURE>" (a sandbox ' +
        "Bearer token does not work in production).",
    );
    expect(bearer).toMatchObject({ expectedSignature: null, findings: [], detail: null });
    expect(explain(right, { authorization: `  Service-HMAC-SHA256 ${AK}:${TS}:${right}  ` }).blocker).toBeNull();
  });

  test("receivedDetail reads the flat, v2 and portfolio shapes", () => {
    expect(receivedDetail(JSON.stringify({ detail: "a" }))).toBe("a");
    expect(receivedDetail(JSON.stringify({ errors: [{ description: "b" }] }))).toBe("b");
    expect(receivedDetail(JSON.stringify({ error: { message: "c" } }))).toBe("c");
    expect(receivedDetail(JSON.stringify({ other: 1 }))).toBeNull();
    // Each shape is tried in turn, whatever the ones before hold.
    expect(receivedDetail(JSON.stringify({ errors: [], error: { message: "d" } }))).toBe("d");
    expect(receivedDetail(JSON.stringify({ errors: [{}], error: { message: "e" } }))).toBe("e");
    expect(receivedDetail(JSON.stringify({ error: {} }))).toBeNull();
    expect(receivedDetail("null")).toBeNull();
    expect(receivedDetail("not json")).toBeNull();
    expect(receivedDetail("")).toBeNull();
    expect(receivedDetail(undefined)).toBeNull();
  });
});

function rank(v: string) {
  return { fits: 0, possible: 1, "does not fit": 2 }[v]!;
}
