// `npm run keys` makes a keys file the mock takes: strict URL-safe Base64 without padding, 32 bytes of secret,
// mode 0600, the secret never printed. Proved as a user meets it: the production mock started with the file
// accepts a request signed with the pair (2xx) and refuses one signed with another secret.
import { type ChildProcess, execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { newKeyPair } from "../../scripts/keys.mjs";
import { operations } from "../fixtures/operations.ts";
import { startMockScript } from "../helpers/mockScript.ts";
import { freePort, stopChild } from "../helpers/prism.ts";
import { loadKeysFile, parseKeys } from "../../src/mock/auth/keys.ts";
import { decodeSecretKey, MIN_SECRET_KEY_BYTES } from "../../src/signing/secret.ts";
import { newSecret, send, sign, wireOf } from "../mock/support.ts";

const root = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "keys-"));
const started: ChildProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map(stopChild));
  rmSync(dir, { recursive: true, force: true });
});

const keys = (...args: string[]) =>
  spawnSync(process.execPath, [path.join(root, "scripts/keys.mjs"), ...args], { cwd: dir, encoding: "utf8" });

test("every generated pair passes the mock's strict key check", () => {
  const seen = new Set<string>();
  for (let i = 0; i < 200; i++) {
    const { accessKey, secretKey } = newKeyPair();
    expect(secretKey).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeSecretKey(secretKey).length).toBeGreaterThanOrEqual(Math.max(MIN_SECRET_KEY_BYTES, 32));
    expect(parseKeys({ [accessKey]: secretKey }, "generated").size).toBe(1);
    seen.add(secretKey);
  }
  expect(seen.size).toBe(200);
});

describe("npm run keys", () => {
  const out = path.join(dir, "mock-keys.json");
  const envOut = path.join(dir, "mock-keys.env");
  const made = keys("--out", out, "--env-out", envOut);
  const [[accessKey, secretKey]] = Object.entries(JSON.parse(readFileSync(out, "utf8")) as Record<string, string>) as [
    [string, string],
  ];

  test("writes both files with mode 0600 and prints the access key, never the secret", () => {
    expect(made.status, made.stderr).toBe(0);
    for (const file of [out, envOut]) expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(made.stdout).toContain(accessKey);
    expect(made.stdout + made.stderr).not.toContain(secretKey);
    expect(loadKeysFile(out).size).toBe(1);
  });

  test("the env file, sourced, gives fo-sign the same pair", () => {
    const pair = execFileSync(
      "bash",
      ["-c", `source "$1" && printf '%s\\n%s' "$FO_ACCESS_KEY" "$FO_SECRET_KEY"`, "-", envOut],
      { encoding: "utf8" },
    );
    expect(pair).toBe(`${accessKey}\n${secretKey}`);
  });

  test("an existing file is kept unless --force, and --force keeps mode 0600", () => {
    const again = keys("--out", out);
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(/exists: give --force/);
    expect(readFileSync(out, "utf8")).toContain(secretKey);
    const other = path.join(dir, "wide.json");
    writeFileSync(other, "{}", { mode: 0o644 });
    expect(keys("--out", other, "--force").status).toBe(0);
    expect(statSync(other).mode & 0o777).toBe(0o600);
  });

  test("the production mock started with the file accepts a request signed with the pair", async () => {
    const port = await freePort();
    const { output } = await startMockScript(["--port", String(port), "--auth", "production", "--keys", out], {
      started,
    });
    const base = `http://127.0.0.1:${port}`;
    const quote = wireOf(operations.find((o) => o.operationId === "createQuote")!);
    const good = await send(base, sign(quote, { accessKey, secretKey }));
    expect(good.status).toBeGreaterThanOrEqual(200);
    expect(good.status).toBeLessThan(300);
    expect((await send(base, sign(quote, { accessKey, secretKey: newSecret() }))).status).toBe(401);
    expect(output()).not.toContain(secretKey);
  }, 90_000);
});
