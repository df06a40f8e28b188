// Defect 6: SIGTERM to the npm process or SIGKILL/SIGHUP to the front left Prism running. The mock is now one process
// (from source, beside tsx's compiler service): fo-mock's signals must still leave nothing behind. (The keys file's
// errors of the same defect are test/mock/auth/keys.test.ts's.)
import type { ChildProcess } from "node:child_process";
import net from "node:net";
import { afterAll, describe, expect, test } from "vitest";
import { runFoMock } from "../../helpers/foMock.ts";
import { newSecret } from "../support.ts";
import { isAlive } from "./raw.ts";
import { childrenOf, freePort, stopChild } from "../../helpers/processes.ts";

const started: ChildProcess[] = [];
afterAll(() => Promise.all(started.map(stopChild)));

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
  const { child } = await runFoMock(args, { started, env, viaNpm });
  const tree = [child.pid!, ...descendantsOf(child.pid!)];
  expect(await listening(port)).toBe(true);
  return { child, port, tree };
}

async function expectAllGone(tree: number[], ports: number[]) {
  for (let i = 0; i < 100 && tree.some(isAlive); i++) await new Promise((r) => setTimeout(r, 100));
  for (const pid of tree) expect(isAlive(pid), `process ${pid} left behind`).toBe(false);
  for (const port of ports) expect(await listening(port), `port ${port} still listening`).toBe(false);
}

describe("nothing of the mock outlives a signal", () => {
  test.each(["SIGKILL", "SIGHUP", "SIGTERM"] as const)(
    "%s to fo-mock stops it and frees its port",
    async (signal) => {
      const mock = await startMock(false);
      process.kill(mock.child.pid!, signal);
      await expectAllGone(mock.tree, [mock.port]);
    },
    60_000,
  );

  test("SIGTERM to the npm process alone stops the mock (its parent ends)", async () => {
    const mock = await startMock(true);
    process.kill(mock.child.pid!, "SIGTERM");
    await expectAllGone(mock.tree, [mock.port]);
  }, 60_000);
});
