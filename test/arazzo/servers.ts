// The servers a user starts to run the workflows: the stateful mock (`fo-mock --stateful --control ...`) and, for
// production auth, `fo-sign proxy` in front of it. Each is a process of its own on 127.0.0.1, stopped by PID.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { runFoMock } from "../helpers/foMock.ts";

const root = path.resolve(import.meta.dirname, "../..");

export interface Keys {
  accessKey: string;
  secretKey: string;
}

/** A key pair as `fo-mock keys` makes one (32 random bytes, URL-safe Base64), written to a 0600 keys file. */
export function testKeys(dir: string): Keys & { file: string } {
  const keys = {
    accessKey: `mock-${randomBytes(9).toString("base64url")}`,
    secretKey: randomBytes(32).toString("base64url"),
  };
  const file = path.join(dir, "keys.json");
  writeFileSync(file, JSON.stringify({ [keys.accessKey]: keys.secretKey }), { mode: 0o600 });
  return { ...keys, file };
}

export const controlToken = () => randomBytes(32).toString("hex");

/** The stateful mock with its control API on a free port; `args` adds the auth options. */
export async function startStatefulMock(
  started: ChildProcess[],
  token: string,
  args: string[] = [],
): Promise<{ url: string; output(): string }> {
  const env = { ...process.env, FO_MOCK_CONTROL_TOKEN: token, SCARF_ANALYTICS: "false", DO_NOT_TRACK: "1" };
  const mock = await runFoMock(["--stateful", "--control", "--port", "0", ...args], { started, env });
  return { url: mock.url, output: mock.output };
}

/**
 * `fo-sign proxy --upstream URL --port 0` (and `args`, such as `--record FILE`) with the keys in its environment;
 * resolves with its address once ready.
 */
export async function startProxyProcess(
  started: ChildProcess[],
  upstream: string,
  keys: Keys,
  args: string[] = [],
): Promise<{ url: string; child: ChildProcess; output(): string }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "src/cli/fo-sign.ts", "proxy", "--upstream", upstream, "--port", "0", ...args],
    {
      cwd: root,
      env: { ...process.env, FO_ACCESS_KEY: keys.accessKey, FO_SECRET_KEY: keys.secretKey },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  started.push(child);
  let out = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`fo-sign proxy did not start within 30 s:\n${out}`)), 30_000);
    const onData = (d: Buffer) => {
      out += d;
      const ready = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]!);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`fo-sign proxy exited (${code}) before it was ready:\n${out}`));
    });
  });
  return { url, child, output: () => out };
}
