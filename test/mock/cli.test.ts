// The signing CLI (bin fo-sign), run as a child process the way a user runs it.
import { execFile } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { buildStringToSign, hashBody } from "../../src/signing/index.ts";

// The bin's source, run with tsx (the compiled bin is run from the packed tarball in test/consumer).
const launcher = [
  "--import",
  createRequire(import.meta.url).resolve("tsx"),
  path.resolve(import.meta.dirname, "../../src/cli/fo-sign.ts"),
];
const dir = mkdtempSync(path.join(tmpdir(), "fo-sign-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Signing vectors computed with openssl (dgst -sha256 and -mac HMAC), not with this project's code.
const SECRET = "-_-_ABEiM0RVZneImaq7zN3u_wEjRWeJq83v----_6A"; // bytes fbffbf0011...beffa0
const env = { FO_ACCESS_KEY: "AK_vector_1", FO_SECRET_KEY: SECRET };
const json = {
  args: [
    "POST",
    "/v1/customers/c0ffee00-0000-4000-8000-000000000001/conversions/hedge",
    "--body",
    '{"quote_id":"3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69"}',
    "--time",
    "20261121T093000Z",
  ],
  bodyHash: "76555ac5ee6357182211931b223add28006eabedc558df95c61c5d9857c7985b",
  stringToSign:
    "AK_vector_1\n20261121T093000Z\nPOST\n/v1/customers/c0ffee00-0000-4000-8000-000000000001/conversions/hedge\n" +
    "76555ac5ee6357182211931b223add28006eabedc558df95c61c5d9857c7985b",
  signature: "66e1475e620952370139023c7ef91977756c1cfda8061a5e9bf2b749d89d1436",
};
const upload = {
  bytes: Buffer.from("%PDF-1.7\nbinary\x00\xff\n", "latin1"),
  path: "/v2/accounts/acc-main-1/businesses/sub-1/documents/MEMORANDUM_OF_ASSOCIATION",
  bodyHash: "88b09e9c9a834136471989772ddaf4a302264a028eeefd4cb2e0df4def687c78",
  signature: "2be33cb987112d081c61545314ac26f04b0b1dbb0f4f43f33f06c04c5bac43c7",
};

function cli(
  args: string[],
  extraEnv: Record<string, string> = env,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...launcher, ...args],
      { env: { PATH: process.env.PATH, ...extraEnv } },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("fo-sign", () => {
  test("prints the signing vector's fields", async () => {
    const { code, stdout } = await cli([...json.args, "--json"]);
    expect(code).toBe(0);
    const out = JSON.parse(stdout);
    expect(out.timestamp).toBe("20261121T093000Z");
    expect(out.bodyHash).toBe(json.bodyHash);
    expect(out.stringToSign).toBe(json.stringToSign);
    expect(out.signature).toBe(json.signature);
    expect(out.headers).toEqual({
      Authorization: `Service-HMAC-SHA256 AK_vector_1:20261121T093000Z:${json.signature}`,
      "X-SVC-Date": "20261121T093000Z",
      "Content-Type": "application/json",
    });
  });

  test("text output: the same vector", async () => {
    const { stdout } = await cli(json.args);
    expect(stdout).toContain(`TIMESTAMP       20261121T093000Z`);
    expect(stdout).toContain(`BODY_HASH       ${json.bodyHash}`);
    expect(stdout).toContain(
      json.stringToSign
        .split("\n")
        .map((l) => `  ${l}`)
        .join("\n"),
    );
    expect(stdout).toContain(`  Authorization: Service-HMAC-SHA256 AK_vector_1:20261121T093000Z:${json.signature}`);
    expect(stdout).toContain(`  X-SVC-Date: 20261121T093000Z`);
  });

  test("signs an upload's file bytes under /api", async () => {
    const file = path.join(dir, "memorandum.pdf");
    writeFileSync(file, upload.bytes);
    const { stdout } = await cli([
      "PUT",
      upload.path,
      "--body-file",
      file,
      "--content-type",
      "application/pdf",
      "--base-url",
      "https://api.example/api",
      "--time",
      "20261121T093000Z",
      "--json",
    ]);
    const out = JSON.parse(stdout);
    expect(out.path).toBe(`/api${upload.path}`);
    expect(out.bodyHash).toBe(upload.bodyHash);
    expect(out.signature).toBe(upload.signature);
    expect(out.headers["Content-Disposition"]).toBe('attachment; filename="memorandum.pdf"');
  });

  test("--curl prints a ready command that sends the signed bytes", async () => {
    const { stdout } = await cli([...json.args, "--curl", "--base-url", "http://127.0.0.1:4010"]);
    expect(stdout.trim()).toBe(
      `curl -sS -g -X POST http://127.0.0.1:4010/v1/customers/c0ffee00-0000-4000-8000-000000000001/conversions/hedge` +
        ` -H 'Authorization: Service-HMAC-SHA256 AK_vector_1:20261121T093000Z:${json.signature}'` +
        " -H 'X-SVC-Date: 20261121T093000Z'" +
        ` -H 'Content-Type: application/json' --data-raw '{"quote_id":"3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69"}'`,
    );
  });

  test("a query is put in the URL and left out of the signed path", async () => {
    const { stdout } = await cli([
      "GET",
      "/v1/customers/c1/conversions/order?transaction_id=t1",
      "--time",
      "20261121T093000Z",
      "--curl",
    ]);
    expect(stdout).toContain("'http://127.0.0.1:4010/v1/customers/c1/conversions/order?transaction_id=t1'");
    const { stdout: text } = await cli([
      "GET",
      "/v1/customers/c1/conversions/order?transaction_id=t1",
      "--time",
      "20261121T093000Z",
    ]);
    expect(text).toContain("  /v1/customers/c1/conversions/order\n");
  });

  test("never prints the secret, not even when it is malformed", async () => {
    const ok = await cli(json.args);
    expect(ok.stdout + ok.stderr).not.toContain(SECRET);
    const bad = await cli(json.args, { FO_ACCESS_KEY: "AK", FO_SECRET_KEY: "not+base64url/secret=" });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("not URL-safe Base64");
    expect(bad.stdout + bad.stderr).not.toContain("not+base64url/secret=");
  });

  test("without credentials it says which variables to set", async () => {
    const { code, stderr } = await cli(json.args, {});
    expect(code).toBe(2);
    expect(stderr).toContain("FO_ACCESS_KEY and FO_SECRET_KEY");
  });
});

describe("fo-sign explain", () => {
  const body = '{"quote_id":"3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69"}';
  const p = "/v1/customers/c0ffee00-0000-4000-8000-000000000001/conversions/hedge";
  const ts = "20261121T093000Z";
  const key = Buffer.from(SECRET, "base64url");
  const hmac = (k: Buffer | string, text: string) => createHmac("sha256", k).update(text).digest("hex");
  const mismatch = '{"code":"00010000","status":401,"detail":"Signature mismatch."}';

  async function explain(signature: string, extra: string[] = [], accessKey = "AK_vector_1") {
    const { code, stdout } = await cli([
      "explain",
      "POST",
      p,
      "--body",
      body,
      "--authorization",
      `Service-HMAC-SHA256 ${accessKey}:${ts}:${signature}`,
      "--date",
      ts,
      "--now",
      ts,
      "--response",
      mismatch,
      "--json",
      ...extra,
    ]);
    expect(code).toBe(0);
    const out = JSON.parse(stdout);
    return Object.fromEntries(out.findings.map((f: { cause: string; verdict: string }) => [f.cause, f.verdict]));
  }

  test("a secret used without decoding fits only that cause", async () => {
    const v = await explain(hmac(SECRET, buildStringToSign("AK_vector_1", ts, "POST", p, hashBody(body))));
    expect(v).toMatchObject({
      secretNotDecoded: "fits",
      extraNewline: "does not fit",
      methodOrPath: "does not fit",
      fileChanged: "does not fit",
    });
  });

  test("an extra newline at the end of the string to sign fits", async () => {
    const v = await explain(hmac(key, `${buildStringToSign("AK_vector_1", ts, "POST", p, hashBody(body))}\n`));
    expect(v.extraNewline).toBe("fits");
  });

  test("a signed query string fits a different path in the string", async () => {
    const { stdout } = await cli([
      "explain",
      "GET",
      `${p}?x=1`,
      "--authorization",
      `Service-HMAC-SHA256 AK_vector_1:${ts}:${hmac(
        key,
        buildStringToSign("AK_vector_1", ts, "GET", `${p}?x=1`, hashBody("")),
      )}`,
      "--date",
      ts,
      "--now",
      ts,
    ]);
    expect(stdout).toMatch(/\[fits\] a different method or path in the string: .*path "\/v1\/.*\?x=1"/);
  });

  test("empty or re-serialized bodies fit the body cause", async () => {
    expect(
      (await explain(hmac(key, buildStringToSign("AK_vector_1", ts, "POST", p, hashBody(""))))).emptyOrEncodedBody,
    ).toBe("fits");
    const pretty = JSON.stringify(JSON.parse(body), null, 2);
    expect(
      (await explain(hmac(key, buildStringToSign("AK_vector_1", ts, "POST", p, hashBody(pretty))))).emptyOrEncodedBody,
    ).toBe("fits");
  });

  test("a file name hashed instead of the file fits", async () => {
    const file = path.join(dir, "passport.pdf");
    writeFileSync(file, upload.bytes);
    const up = "/v2/accounts/a/individuals/s/documents/PASSPORT";
    const sig = hmac(key, buildStringToSign("AK_vector_1", ts, "PUT", up, hashBody("passport.pdf")));
    const { stdout } = await cli([
      "explain",
      "PUT",
      up,
      "--body-file",
      file,
      "--authorization",
      `Service-HMAC-SHA256 AK_vector_1:${ts}:${sig}`,
      "--date",
      ts,
      "--now",
      ts,
      "--json",
    ]);
    const fit = JSON.parse(stdout).findings.find((f: { cause: string }) => f.cause === "fileNameOrPath");
    expect(fit.verdict).toBe("fits");
  });

  test("names the causes that fit a 401", async () => {
    const sig = json.signature;
    const late = await cli([
      "explain",
      "POST",
      p,
      "--body",
      body,
      "--authorization",
      `Service-HMAC-SHA256 AK_vector_1:${ts}:${sig}`,
      "--date",
      "20261121T093001Z",
      "--now",
      "20261121T100000Z",
      "--json",
    ]);
    const v = Object.fromEntries(
      JSON.parse(late.stdout).findings.map((f: { cause: string; verdict: string }) => [f.cause, f.verdict]),
    );
    expect(v.timestamps).toBe("fits");
    expect((await explain(sig)).fileChanged).toBe("possible");
  });

  test("another access key fits credential not found", async () => {
    const v = await explain(json.signature, [], "AK_other");
    expect(v.credentialNotFound).toBe("fits");
  });
});
