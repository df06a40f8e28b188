// The signature front before Prism, as the mock runs it (Prism as a library in this process): verifies
// production signatures exactly like the reference, refuses every way a signature can be wrong with the
// documented 401 of each customer operation, and hands good requests to Prism unchanged. How the front reads,
// refuses and passes requests in general, with a stand-in for Prism, is test/mock/frontInProcess.test.ts's.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { operations } from "../fixtures/operations.ts";
import { loadBundle } from "../helpers/document.ts";
import { schemaValidator } from "../helpers/validator.ts";
import { type Mocker, startFront, type RunningFront } from "../../src/mock/front.ts";
import { parseKeys } from "../../src/mock/auth/keys.ts";
import { buildStringToSign, formatTimestamp, hashBody } from "../../src/signing/index.ts";
import { CREDENTIAL_NOT_FOUND, SIGNATURE_MISMATCH } from "../../src/signing/failures.ts";
import { type PrismInProcess, prismInProcess } from "./prismInProcess.ts";
import { newSecret, responseSchemaPointer, send, sign, wireOf, type Credentials, type Wire } from "./support.ts";

const doc = loadBundle();
const validator = schemaValidator(doc);
const main: Credentials = { accessKey: "AK-main", secretKey: newSecret() };
const other: Credentials = { accessKey: "AK-other", secretKey: newSecret() };
const keys = parseKeys({ [main.accessKey]: main.secretKey, [other.accessKey]: other.secretKey }, "test keys");

/** What reached `echo`, a stand-in for Prism, to prove the front hands requests on byte for byte. */
const seen: Array<{ method: string; url: string; rawHeaders: string[]; body: Buffer }> = [];
const echo: Mocker = async (request) => {
  seen.push({
    method: request.method,
    url: request.query ? `${request.path}?${request.query}` : request.path,
    rawHeaders: request.rawHeaders,
    body: request.body,
  });
  return { status: 207, headers: { "Content-Type": "application/x-echo", "X-Echo": "1" }, body: "part one,part two" };
};

let prism: PrismInProcess;
let front: RunningFront;
let frontToEcho: RunningFront;

beforeAll(async () => {
  prism = await prismInProcess();
  // Tests here sign the same request within one second (same signature): replays are allowed, and their
  // refusal is tested on its own in hardening/replay-and-future.test.ts.
  front = await startFront({ prism: prism.mocker, keys, replay: "allow" });
  frontToEcho = await startFront({ prism: echo, keys, replay: "allow" });
});
afterAll(async () => {
  await front?.close();
  await frontToEcho?.close();
  await prism?.close();
});

const byId = (id: string) => operations.find((o) => o.operationId === id)!;
const quote = wireOf(byId("createQuote"));

async function refused(w: Wire, detail: string, failure?: string, operationId = "createQuote") {
  const res = await send(front.url, w);
  const body = await res.json();
  expect(res.status).toBe(401);
  expect(body.detail ?? body.errors?.[0]?.description).toBe(detail);
  if (failure) expect(res.headers.get("x-mock-auth-failure")).toBe(failure);
  expect(validator.validate(responseSchemaPointer(doc, operationId, "401"), body)).toBeNull();
  return body;
}

describe("signature front", () => {
  test.each(operations.filter((o) => o.auth === "customer"))("$operationId passes when signed correctly", async (c) => {
    const res = await send(front.url, sign(wireOf(c), main));
    expect(res.headers.get("x-mock-auth-failure")).toBeNull();
    expect(res.status).toBeGreaterThanOrEqual(200);
    expect(res.status).toBeLessThan(300);
  });

  test("a raw upload is verified over the file bytes and reaches Prism unchanged", async () => {
    const bytes = new Uint8Array(256).map((_, i) => i);
    const up = { ...wireOf(byId("uploadBusinessDocument")), body: bytes };
    const res = await send(frontToEcho.url, sign(up, main));
    expect(res.status).toBe(207);
    expect(Buffer.compare(seen.at(-1)!.body, Buffer.from(bytes))).toBe(0);
  });

  test("passes the request on as sent", async () => {
    const w = sign(
      { ...quote, query: "b=2&a=%20x", headers: { ...quote.headers, "X-Custom": "One", "x-custom-2": "two" } },
      main,
    );
    const res = await send(frontToEcho.url, w);
    expect(res.status).toBe(207);
    expect(res.headers.get("x-echo")).toBe("1");
    expect(await res.text()).toBe("part one,part two");
    const last = seen.at(-1)!;
    expect(last.method).toBe("POST");
    expect(last.url).toBe(`${quote.path}?b=2&a=%20x`);
    expect(last.body.toString()).toBe(quote.body);
    const headers = Object.fromEntries(
      Array.from({ length: last.rawHeaders.length / 2 }, (_, i) => [
        last.rawHeaders[2 * i]!.toLowerCase(),
        last.rawHeaders[2 * i + 1],
      ]),
    );
    expect(headers).toMatchObject({
      authorization: w.headers.Authorization,
      "x-svc-date": w.headers["X-SVC-Date"],
      "x-custom": "One",
      "x-custom-2": "two",
    });
  });

  test("the query string is not signed", async () => {
    const c = wireOf(byId("getConversion"));
    expect((await send(front.url, sign(c, main))).status).toBe(200);
    const ts = formatTimestamp(new Date());
    const sig = createHmac("sha256", Buffer.from(main.secretKey, "base64url"))
      .update(buildStringToSign(main.accessKey, ts, "GET", `${c.path}?${c.query}`, hashBody("")))
      .digest("hex");
    await refused(
      { ...c, headers: { Authorization: `Service-HMAC-SHA256 ${main.accessKey}:${ts}:${sig}`, "X-SVC-Date": ts } },
      SIGNATURE_MISMATCH,
      "signature-mismatch",
      "getConversion",
    );
  });

  test("a re-encoded body (same JSON, other bytes) is refused", async () => {
    const w = sign(quote, main);
    await refused(
      { ...w, body: JSON.stringify(JSON.parse(quote.body as string), null, 2) },
      SIGNATURE_MISMATCH,
      "signature-mismatch",
    );
  });

  test("a changed path is refused", async () => {
    const w = sign(quote, main);
    await refused({ ...w, path: quote.path.replace("c0ffee00", "c0ffee01") }, SIGNATURE_MISMATCH, "signature-mismatch");
  });

  test("a changed method is refused", async () => {
    const w = sign({ ...quote, method: "PUT" }, main);
    await refused({ ...w, method: "POST" }, SIGNATURE_MISMATCH, "signature-mismatch");
  });

  test("a changed timestamp (both headers, signature kept) is refused", async () => {
    const w = sign(quote, main, new Date(Date.now() - 60_000));
    const ts = formatTimestamp(new Date());
    const auth = w.headers.Authorization!.replace(/:\d{8}T\d{6}Z:/, `:${ts}:`);
    await refused(
      { ...w, headers: { ...w.headers, Authorization: auth, "X-SVC-Date": ts } },
      SIGNATURE_MISMATCH,
      "signature-mismatch",
    );
  });

  test("a date header that differs from the signed timestamp is refused", async () => {
    const w = sign(quote, main);
    await refused(
      { ...w, headers: { ...w.headers, "X-SVC-Date": formatTimestamp(new Date(Date.now() - 1000)) } },
      SIGNATURE_MISMATCH,
      "date-mismatch",
    );
    const { "X-SVC-Date": _, ...noDate } = w.headers;
    await refused({ ...w, headers: noDate }, SIGNATURE_MISMATCH, "missing-date");
  });

  test("another known access key in the header is refused as a mismatch", async () => {
    const w = sign(quote, main);
    await refused(
      {
        ...w,
        headers: { ...w.headers, Authorization: w.headers.Authorization!.replace(main.accessKey, other.accessKey) },
      },
      SIGNATURE_MISMATCH,
      "signature-mismatch",
    );
  });

  test("an unknown access key is refused as credential not found", async () => {
    const body = await refused(
      sign(quote, { accessKey: "AK-unknown", secretKey: main.secretKey }),
      CREDENTIAL_NOT_FOUND,
      "unknown-access-key",
    );
    expect(body).toMatchObject({ code: "00010000", status: 401, instance: quote.path });
  });

  test("a secret used without Base64-decoding is refused", async () => {
    const ts = formatTimestamp(new Date());
    const sig = createHmac("sha256", main.secretKey)
      .update(buildStringToSign(main.accessKey, ts, "POST", quote.path, hashBody(quote.body)))
      .digest("hex");
    await refused(
      {
        ...quote,
        headers: {
          ...quote.headers,
          Authorization: `Service-HMAC-SHA256 ${main.accessKey}:${ts}:${sig}`,
          "X-SVC-Date": ts,
        },
      },
      SIGNATURE_MISMATCH,
      "signature-mismatch",
    );
  });

  test("an extra newline in the string to sign is refused", async () => {
    const ts = formatTimestamp(new Date());
    const text = `${buildStringToSign(main.accessKey, ts, "POST", quote.path, hashBody(quote.body))}\n`;
    const sig = createHmac("sha256", Buffer.from(main.secretKey, "base64url")).update(text).digest("hex");
    await refused(
      {
        ...quote,
        headers: {
          ...quote.headers,
          Authorization: `Service-HMAC-SHA256 ${main.accessKey}:${ts}:${sig}`,
          "X-SVC-Date": ts,
        },
      },
      SIGNATURE_MISMATCH,
      "signature-mismatch",
    );
  });

  test("a stale timestamp is refused even when the signature is right", async () => {
    await refused(sign(quote, main, new Date(Date.now() - 301_000)), SIGNATURE_MISMATCH, "stale-timestamp");
    await refused(sign(quote, main, new Date(Date.now() + 301_000)), SIGNATURE_MISMATCH, "future-timestamp");
  });

  test("a malformed timestamp is refused", async () => {
    const ts = "2026-11-21T09:30:00Z".replace(/:/g, "");
    const w = {
      ...quote,
      headers: {
        ...quote.headers,
        Authorization: `Service-HMAC-SHA256 ${main.accessKey}:${ts}:${"0".repeat(64)}`,
        "X-SVC-Date": ts,
      },
    };
    await refused(w, SIGNATURE_MISMATCH, "malformed-timestamp");
    const feb31 = "20260231T093000Z";
    await refused(
      {
        ...quote,
        headers: {
          ...quote.headers,
          Authorization: `Service-HMAC-SHA256 ${main.accessKey}:${feb31}:${"0".repeat(64)}`,
          "X-SVC-Date": feb31,
        },
      },
      SIGNATURE_MISMATCH,
      "malformed-timestamp",
    );
  });

  test("no or non-HMAC Authorization: flat 401", async () => {
    const body = await refused(quote, "Authentication is missing or invalid.", "missing-authorization");
    expect(body.code).toBe("00010000");
    await refused(
      { ...quote, headers: { ...quote.headers, Authorization: "Bearer sandbox-token" } },
      "Authentication is missing or invalid.",
      "malformed-authorization",
    );
  });

  test("v2 paths are refused in the v2 errors envelope", async () => {
    const c = byId("listBusinesses");
    const body = await refused(
      wireOf(c),
      "The Authorization header is missing.",
      "missing-authorization",
      c.operationId,
    );
    expect(body.errors[0].type).toBe("UNAUTHORIZED");
    await refused(
      sign(wireOf(c), { ...main, secretKey: newSecret() }),
      SIGNATURE_MISMATCH,
      "signature-mismatch",
      c.operationId,
    );
  });

  test.each(operations.filter((o) => o.auth === "customer"))(
    "$operationId: the refusal matches its documented 401 schema",
    async (c) => {
      await refused(
        sign(wireOf(c), { ...main, secretKey: newSecret() }),
        SIGNATURE_MISMATCH,
        "signature-mismatch",
        c.operationId,
      );
      await refused(
        sign(wireOf(c), { accessKey: "AK-unknown", secretKey: main.secretKey }),
        CREDENTIAL_NOT_FOUND,
        "unknown-access-key",
        c.operationId,
      );
    },
  );
});
