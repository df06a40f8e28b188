// The keys fo-mock makes (`fo-mock keys`, and startMock's fresh pair) are keys the mock takes: strict URL-safe Base64
// without padding, 32 bytes of secret. Proved as a user meets them: the env file, sourced, gives fo-sign the pair, and
// the production mock started with the keys file accepts a request signed with the pair and refuses another secret.
// (What the command writes and refuses is test/mock/fo-mock.test.ts's.)
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { loadKeysFile, parseKeys } from "../../src/mock/auth/keys.ts";
import { main } from "../../src/mock/cli.ts";
import { startMock } from "../../src/mock/index.ts";
import { newKeyPair } from "../../src/mock/launch/keys.ts";
import { decodeSecretKey, MIN_SECRET_KEY_BYTES } from "../../src/signing/secret.ts";
import { operations } from "../fixtures/operations.ts";
import { newSecret, send, sign, wireOf } from "./support.ts";

const dir = mkdtempSync(path.join(tmpdir(), "keys-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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

test("the files of fo-mock keys: the env file gives fo-sign the pair, the mock takes the keys file", async () => {
  const terminal = { env: {}, stdout: { write: () => true, on: () => {} }, stderr: { write: () => true }, exit() {} };
  await main(["keys", "--out", "k.json", "--env-out", "k.env"], { ...terminal, once() {} }, dir);
  const file = path.join(dir, "k.json");
  const [[accessKey, secretKey]] = Object.entries(JSON.parse(readFileSync(file, "utf8"))) as [[string, string]];
  expect(loadKeysFile(file).size).toBe(1);
  const pair = execFileSync(
    "bash",
    ["-c", `source "$1" && printf '%s\\n%s' "$FO_ACCESS_KEY" "$FO_SECRET_KEY"`, "-", path.join(dir, "k.env")],
    { encoding: "utf8" },
  );
  expect(pair).toBe(`${accessKey}\n${secretKey}`);

  const mock = await startMock({ auth: "production", keysFile: file, stateful: false });
  try {
    const quote = wireOf(operations.find((o) => o.operationId === "createQuote")!);
    const good = await send(mock.url, sign(quote, { accessKey, secretKey }));
    expect(good.status).toBe(201);
    expect((await send(mock.url, sign(quote, { accessKey, secretKey: newSecret() }))).status).toBe(401);
    expect(mock.output()).not.toContain(secretKey);
  } finally {
    await mock.close();
  }
}, 60_000);

test("startMock in production auth makes a fresh pair when none is given, and returns it", async () => {
  const mock = await startMock({ auth: "production", stateful: false });
  try {
    expect(mock.accessKey).toMatch(/^mock-/);
    const quote = wireOf(operations.find((o) => o.operationId === "createQuote")!);
    expect((await send(mock.url, sign(quote, { accessKey: mock.accessKey!, secretKey: mock.secretKey! }))).status).toBe(
      201,
    );
  } finally {
    await mock.close();
  }
}, 60_000);
