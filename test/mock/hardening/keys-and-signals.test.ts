// Defect 6: a keys file with key and secret swapped printed the secret in the error, repeated access keys
// passed silently, and SIGTERM to the npm process or SIGKILL/SIGHUP to the front left Prism running. The
// front now runs inside Prism's process: the mock script's signals must still leave nothing behind.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { loadKeys, repeatedMembers } from "../../../src/mock/auth/keys.ts";
import { startMockScript } from "../../helpers/mockScript.ts";
import { freePort, stopChild } from "../../helpers/prism.ts";
import { newSecret } from "../support.ts";
import { isAlive } from "./raw.ts";
import { childrenOf } from "../../helpers/processes.ts";

const dir = mkdtempSync(path.join(tmpdir(), "mock-keys-signals-"));
const started: ChildProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map(stopChild));
  rmSync(dir, { recursive: true, force: true });
});

function keysFile(name: string, text: string) {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

function errorOf(fn: () => unknown): Error {
  try {
    fn();
  } catch (err) {
    return err as Error;
  }
  throw new Error("expected an error");
}

describe("keys file errors", () => {
  test("key and secret swapped: named, without the secret", () => {
    const secret = newSecret();
    const err = errorOf(() => loadKeys(keysFile("swapped.json", JSON.stringify({ [secret]: "AK-live-1" })), {}));
    expect(err.message).toMatch(/entry 1 of 1: Secret key \(9 characters\).*look swapped/);
    expect(err.message).not.toContain(secret);
    expect(err.message).not.toContain(secret.slice(0, 8));
  });

  test("the same through FO_ACCESS_KEY/FO_SECRET_KEY", () => {
    const secret = newSecret();
    const err = errorOf(() => loadKeys(undefined, { FO_ACCESS_KEY: secret, FO_SECRET_KEY: "AK-live-1" }));
    expect(err.message).not.toContain(secret);
    expect(err.message).toMatch(/look swapped/);
  });

  test("a repeated access key names both entries", () => {
    const [a, b] = [newSecret(), newSecret()];
    const text = `{"AK-1": "${a}", "AK-2": "${newSecret()}",\n "AK-1" : "${b}"}`;
    const err = errorOf(() => loadKeys(keysFile("dup.json", text), {}));
    expect(err.message).toMatch(/entry 3 repeats the access key of entry 1/);
    expect(err.message).not.toContain(a);
    expect(err.message).not.toContain(b);
  });

  test("names inside values and escaped quotes are not taken for members", () => {
    expect(repeatedMembers('{"a": "b", "b": "a\\"", "c": {"a": 1}}')).toEqual([]);
    expect(repeatedMembers('{"a\\u0041": 1, "aA": 2}')).toEqual([{ entry: 2, first: 1 }]);
  });
});

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

const descendantsOf = (pid: number): number[] => childrenOf(pid).flatMap((child) => [child, ...descendantsOf(child)]);

/** Starts the mock (directly or through npm), resolves with the started process, its port and its process tree. */
async function startMock(viaNpm: boolean) {
  const port = await freePort();
  const args = ["--port", String(port), "--auth", "production"];
  const env = { ...process.env, FO_ACCESS_KEY: "AK-signals", FO_SECRET_KEY: newSecret() };
  const { child } = await startMockScript(args, { started, env, viaNpm });
  const tree = descendantsOf(child.pid!);
  expect(tree.length).toBeGreaterThan(0);
  expect(await listening(port)).toBe(true);
  return { child, port, tree };
}

async function expectAllGone(tree: number[], ports: number[]) {
  for (let i = 0; i < 100 && tree.some(isAlive); i++) await new Promise((r) => setTimeout(r, 100));
  for (const pid of tree) expect(isAlive(pid), `process ${pid} left behind`).toBe(false);
  for (const port of ports) expect(await listening(port), `port ${port} still listening`).toBe(false);
}

describe("Prism never outlives the mock", () => {
  test.each(["SIGKILL", "SIGHUP", "SIGTERM"] as const)(
    "%s to the mock script stops Prism and the front in it",
    async (signal) => {
      const mock = await startMock(false);
      process.kill(mock.child.pid!, signal);
      await expectAllGone(mock.tree, [mock.port]);
    },
    60_000,
  );

  test("SIGTERM to the npm process alone stops the front and Prism", async () => {
    const mock = await startMock(true);
    process.kill(mock.child.pid!, "SIGTERM");
    await expectAllGone(mock.tree, [mock.port]);
  }, 60_000);
});
