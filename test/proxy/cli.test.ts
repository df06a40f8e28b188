// `fo-sign proxy` as a user runs it: credentials checked before the port opens, errors that name the next step,
// one start line with the access key id and the upstream, and the secret nowhere in its output.
import { spawn } from "node:child_process";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { proxySettings } from "../../src/cli/proxy.ts";
import { stopChild } from "../helpers/processes.ts";
import { keys } from "./support.ts";

const root = path.resolve(import.meta.dirname, "../..");
const env = { FO_ACCESS_KEY: keys.accessKey, FO_SECRET_KEY: keys.secretKey };
const running: ReturnType<typeof spawn>[] = [];
afterEach(async () => void (await Promise.all(running.splice(0).map(stopChild))));

function foSign(args: string[], environment: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli/fo-sign.ts", "proxy", ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, ...environment },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.push(child);
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  return new Promise((resolve) => {
    child.stdout.on("data", () => {
      if (/ready/.test(out)) resolve({ code: null, out });
    });
    child.once("exit", (code) => resolve({ code, out }));
  });
}

test("without keys it stops before listening and names the command that makes test keys", async () => {
  const { code, out } = await foSign(["--upstream", "http://127.0.0.1:4010"], {});
  expect(code).toBe(2);
  expect(out).toMatch(/FO_ACCESS_KEY and FO_SECRET_KEY/);
  expect(out).toContain("bash scripts/dev.sh keys");
});

test.each([
  ["a secret that is not URL-safe Base64", { ...env, FO_SECRET_KEY: `${keys.secretKey}+/` }],
  ["a secret shorter than 16 bytes", { ...env, FO_SECRET_KEY: keys.secretKey.slice(0, 12) }],
])("%s is refused without being printed", async (_, environment) => {
  const { code, out } = await foSign(["--upstream", "http://127.0.0.1:4010"], environment);
  expect(code).toBe(2);
  expect(out).toContain("bash scripts/dev.sh keys");
  expect(out).not.toContain(environment.FO_SECRET_KEY);
});

test.each(["ftp://127.0.0.1", "http://user:pw@127.0.0.1:4010", "http://127.0.0.1:4010/api", "not a url"])(
  "--upstream %s is refused",
  (upstream) => {
    expect(() => proxySettings(["--upstream", upstream], env)).toThrow(/--upstream/);
  },
);

test("the start line says ready, the access key id, the upstream and the address; never the secret", async () => {
  const { code, out } = await foSign(["--upstream", "http://127.0.0.1:4010", "--port", "0"], env);
  expect(code).toBeNull();
  expect(out.trim().split("\n")).toHaveLength(1);
  expect(out).toMatch(
    new RegExp(
      `^fo-sign proxy ready: signing as access key ${keys.accessKey} for http://127.0.0.1:4010, listening on http://127\\.0\\.0\\.1:\\d+ `,
    ),
  );
  expect(out).not.toContain(keys.secretKey);
});
