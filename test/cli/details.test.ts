// fo-sign's details that a reader acts on: each refusal's whole message (which flag, which character, what to do),
// the report's exact lines, where a relative --body-file is read from and how --curl names it, --response-file and
// --json in explain mode, the window's lower bound, and a body file closed once read.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { contentDisposition, MAX_FILE_BYTES, run } from "../../src/cli/sign.ts";
import { explainMismatch } from "../../src/cli/explain.ts";
import { signRequest } from "../../src/signing/index.ts";
import { messageOf } from "../helpers/thrown.ts";
import { env } from "./support.ts";

const TIME = "20261121T093000Z";
const AT = new Date("2026-11-21T09:30:00Z");
const dir = mkdtempSync(path.join(tmpdir(), "fo-sign-details-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("each refusal's whole message", () => {
  test.each([
    [
      ["GET", "/v1/x\u0007"],
      `PATH "/v1/x\\u0007" holds the control character "\\u0007", which a printed command or header cannot carry.`,
    ],
    [
      ["GET", "/v1/x", "--header", "X: a\u0001"],
      `--header "X: a\\u0001" holds the control character "\\u0001", which a printed command or header cannot carry.`,
    ],
    [
      ["GET", "/v1/x", "--base-url", "http://h\u0001"],
      `--base-url "http://h\\u0001" holds the control character "\\u0001", which a printed command or header cannot carry.`,
    ],
    [["GET", "/v1/x", "--base-url", "ftp://h"], `--base-url "ftp://h" is not an http:// or https:// URL.`],
    [
      ["explain", "GET", "/v1/x", "--authorization", "x", "--now", "soon"],
      `--now "soon" is neither YYYYMMDDTHHMMSSZ nor ISO 8601.`,
    ],
    [
      ["POST", "/v1/x", "--body-file", "/dev/zero"],
      `--body-file /dev/zero holds more than ${MAX_FILE_BYTES / 2 ** 20} MiB (or never ends, as /dev/zero).`,
    ],
    [
      ["explain", "GET", "/v1/x", "--authorization", "x", "--response-file", "/dev/zero"],
      `--response-file /dev/zero holds more than ${MAX_FILE_BYTES / 2 ** 20} MiB (or never ends, as /dev/zero).`,
    ],
  ])("%j", (argv, message) => {
    expect(messageOf(() => run(argv, env))).toBe(message);
  });

  test("a body file whose name a printed command cannot carry", () => {
    const file = path.join(dir, "a\u0001b.bin");
    writeFileSync(file, "{}"); // JSON: no Content-Disposition, so the name is first read for the command
    expect(messageOf(() => run(["POST", "/v1/x", "--body-file", file, "--curl"], env))).toBe(
      `--body-file ${JSON.stringify(file)} holds the control character "\\u0001", ` +
        "which a printed command or header cannot carry.",
    );
    expect(messageOf(() => contentDisposition("a\tb"))).toBe(
      `The file name "a\\tb" holds the control character "\\t", which a printed command or header cannot carry.`,
    );
  });

  test("missing keys: which, then how to make a test pair and where service keys come from", () => {
    expect(messageOf(() => run(["GET", "/v1/x"], { FO_ACCESS_KEY: "AK" }))).toBe(
      "Set FO_ACCESS_KEY and FO_SECRET_KEY in the environment (FO_SECRET_KEY is not set). For the mock, make a " +
        "test pair and load it:\n" +
        "  bash scripts/dev.sh keys -- --out .mock-keys.json --env-out .mock-keys.env --force\n" +
        "  source .mock-keys.env\n" +
        "For the service, export the access key and secret key of API Settings.",
    );
  });
});

describe("what is printed", () => {
  test("a header value may hold a tab, as HTTP allows", () => {
    const out = JSON.parse(run(["GET", "/v1/x", "--header", "X-Note: a\tb", "--json"], env));
    expect(out.headers["X-Note"]).toBe("a\tb");
  });

  test("an http base URL is taken as well as an https one", () => {
    const out = JSON.parse(run(["GET", "/v1/x", "--time", TIME, "--base-url", "http://h.test/api", "--json"], env));
    expect(out.path).toBe("/api/v1/x");
  });

  test("explain --json is the explanation itself; --response-file is read as the 401 received", () => {
    const sent = signRequest({ ...keysOf(), method: "GET", path: "/v1/x", time: AT });
    const responseFile = path.join(dir, "401.json");
    writeFileSync(responseFile, JSON.stringify({ detail: "Signature mismatch" }));
    const argv = ["explain", "get", "/v1/x", "--authorization", sent.headers.Authorization, "--date", TIME];
    const expected = explainMismatch({
      ...keysOf(),
      method: "GET",
      path: "/v1/x",
      body: new Uint8Array(),
      authorization: sent.headers.Authorization,
      date: TIME,
      response: JSON.stringify({ detail: "Signature mismatch" }),
      now: AT,
      windowSeconds: 300,
    });
    const json = run([...argv, "--now", TIME, "--response-file", responseFile, "--json"], env);
    expect(JSON.parse(json)).toEqual(expected);
    expect(expected.detail).toBe("Signature mismatch");
  });

  test("--window 1 is the smallest window taken", () => {
    const sent = signRequest({ ...keysOf(), method: "GET", path: "/v1/x", time: AT });
    const argv = ["explain", "GET", "/v1/x", "--authorization", sent.headers.Authorization, "--date", TIME];
    const late = run([...argv, "--now", "20261121T093002Z", "--window", "1", "--json"], env);
    expect(JSON.parse(late).findings.find((f: { cause: string }) => f.cause === "timestamps").verdict).toBe("fits");
  });
});

describe("a relative --body-file", () => {
  const name = "relative-body.json";
  const inside = (folder: string) => path.relative(process.cwd(), path.join(folder, name));

  test("outside npm run, is read from the working folder and named as given in --curl", () => {
    const rel = inside(dir);
    writeFileSync(path.join(dir, name), '{"a":1}');
    for (const extra of [{}, { INIT_CWD: "/nonexistent" }, { npm_lifecycle_event: "sign" }]) {
      const curl = run(["POST", "/v1/x", "--body-file", rel, "--curl"], {
        ...env,
        ...extra,
        npm_config_loglevel: "silent",
      });
      expect(curl, JSON.stringify(extra)).toContain(` --data-binary @${rel}`);
    }
  });

  test("under npm run sign, from INIT_CWD, named by its whole path in --curl", () => {
    writeFileSync(path.join(dir, name), '{"a":2}');
    const curl = run(["POST", "/v1/x", "--body-file", name, "--curl"], {
      ...env,
      npm_lifecycle_event: "sign",
      INIT_CWD: dir,
      npm_config_loglevel: "silent",
    });
    expect(curl).toContain(` --data-binary @${path.join(dir, name)}`);
  });

  test("no body file under npm run sign from another folder: an empty body", () => {
    const out = run(["GET", "/v1/x", "--json"], { ...env, npm_lifecycle_event: "sign", INIT_CWD: dir });
    expect(JSON.parse(out).bodyHash).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });

  test("is closed once read", () => {
    const file = path.join(dir, "closed.bin");
    writeFileSync(file, "bytes");
    const open = () => readdirSync("/proc/self/fd").length;
    const before = open();
    for (let i = 0; i < 20; i++) run(["POST", "/v1/x", "--body-file", file], env);
    expect(open()).toBe(before);
  });
});

function keysOf() {
  return { accessKey: env.FO_ACCESS_KEY, secretKey: env.FO_SECRET_KEY };
}
