// What fo-sign writes to stdout is only its output: under `npm run`, --curl needs --silent (npm's banner went to
// the same stdout, so `... --curl | sh` ran it), and a reader that has gone (`| head`) ends it quietly (EPIPE).
import { execFile, spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { run } from "../../src/cli/sign.ts";

const SECRET = "-_-_ABEiM0RVZneImaq7zN3u_wEjRWeJq83v----_6A";
const env = { FO_ACCESS_KEY: "AK_vector_1", FO_SECRET_KEY: SECRET };
const root = path.resolve(import.meta.dirname, "../..");
const launcher = ["--import", createRequire(import.meta.url).resolve("tsx"), path.join(root, "src/cli/fo-sign.ts")];

describe("npm run sign", () => {
  test("--curl without --silent is refused", () => {
    expect(() => run(["GET", "/v1/x", "--curl"], { ...env, npm_lifecycle_event: "sign" })).toThrow(
      /npm run --silent sign/,
    );
  });
  test("--silent --curl prints only the command", async () => {
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

test("--help into a closed pipe exits quietly (EPIPE)", async () => {
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
