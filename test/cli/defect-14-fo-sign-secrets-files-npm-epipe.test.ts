// Defect 14: `explain` printed a secret pasted as the access key; --body-file /dev/zero hung;
// `npm run sign -- --body-file x` read x from the repository root and npm's banner went to stdout
// (`... --curl | sh` ran it); `fo-sign --help | head -3` could die on EPIPE.
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { MAX_FILE_BYTES, run, UsageError } from "../../src/cli/sign.ts";

const SECRET = "-_-_ABEiM0RVZneImaq7zN3u_wEjRWeJq83v----_6A";
const env = { FO_ACCESS_KEY: "AK_vector_1", FO_SECRET_KEY: SECRET };
const root = path.resolve(import.meta.dirname, "../..");
const launcher = ["--import", createRequire(import.meta.url).resolve("tsx"), path.join(root, "src/cli/fo-sign.ts")];
const dir = mkdtempSync(path.join(tmpdir(), "fo-sign-14-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("explain never prints a secret-looking access key", () => {
  const explain = (accessKey: string, json = false) =>
    run(
      [
        "explain",
        "GET",
        "/v1/x",
        "--authorization",
        `Service-HMAC-SHA256 ${accessKey}:20261121T093000Z:${"0".repeat(64)}`,
        "--now",
        "20261121T093000Z",
        ...(json ? ["--json"] : []),
      ],
      env,
    );
  test.each([false, true])(
    "the configured secret in the access key's place is named, not printed (json %s)",
    (json) => {
      const out = explain(SECRET, json);
      expect(out).not.toContain(SECRET);
      expect(out).not.toContain(SECRET.slice(4, 20));
      expect(out).toContain("SECRET key");
    },
  );
  test("another access key is shown only in part", () => {
    const other = "AKIDSOMETHINGELSE0123456789";
    const out = explain(other);
    expect(out).not.toContain(other);
    expect(out).toContain(`AKID… (${other.length} characters)`);
  });
});

describe("body files are bounded", () => {
  test("--body-file /dev/zero fails fast with a clear message", () => {
    const started = Date.now();
    expect(() => run(["POST", "/v1/x", "--body-file", "/dev/zero"], env)).toThrow(UsageError);
    expect(() => run(["POST", "/v1/x", "--body-file", "/dev/zero"], env)).toThrow(
      `holds more than ${MAX_FILE_BYTES / 2 ** 20} MiB`,
    );
    expect(Date.now() - started).toBeLessThan(20_000);
  });
  test("a file of exactly the limit is read whole", () => {
    const file = path.join(dir, "limit.bin");
    writeFileSync(file, Buffer.alloc(MAX_FILE_BYTES, 1));
    expect(run(["PUT", "/v1/x", "--body-file", file, "--content-type", "application/pdf"], env)).toContain(
      `SHA-256 of ${MAX_FILE_BYTES} body bytes`,
    );
    rmSync(file);
  });
});

describe("npm run sign", () => {
  test("--body-file is read from the folder npm was called from (INIT_CWD)", () => {
    writeFileSync(path.join(dir, "caller.json"), '{"a":1}');
    const out = run(["POST", "/v1/x", "--body-file", "caller.json", "--json"], {
      ...env,
      npm_lifecycle_event: "sign",
      INIT_CWD: dir,
      npm_config_loglevel: "silent",
    });
    expect(JSON.parse(out).bodyHash).toBe("015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862");
  });
  test("--curl without --silent is refused, since npm's banner goes to the same stdout", () => {
    expect(() => run(["GET", "/v1/x", "--curl"], { ...env, npm_lifecycle_event: "sign" })).toThrow(
      /npm run --silent sign/,
    );
  });
  test("`npm run --silent sign -- ... --curl` prints only the curl command", async () => {
    const { stdout, code } = await new Promise<{ stdout: string; code: number }>((resolve) =>
      execFile(
        "npm",
        ["run", "--silent", "sign", "--", "GET", "/v1/x", "--curl"],
        { cwd: root, env: { ...process.env, ...env } },
        (err, stdout) => resolve({ stdout, code: err ? 1 : 0 }),
      ),
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(/^curl -sS -g -X GET /);
  }, 60_000);
});

test("fo-sign --help into a closed pipe exits quietly (EPIPE)", async () => {
  const child = spawn(process.execPath, [...launcher, "--help"], {
    env: { PATH: process.env.PATH },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.destroy(); // the reader is gone before the first byte, as `| head -0`
  let stderr = "";
  child.stderr.on("data", (c) => (stderr += c));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  expect(stderr).toBe("");
  expect(code).toBe(0);
}, 30_000);
