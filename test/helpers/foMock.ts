// fo-mock as a user runs it: the CLI from source in a process of its own (`node --import tsx src/mock/fo-mock.ts`, what
// `bash scripts/dev.sh mock` runs), or through npm. Ready once it prints its `fo-mock ready: URL` line. For the tests of
// the command itself; a test that only needs a mock starts it with startMock.
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");
/** The command line that runs fo-mock from source, as package.json's `mock` script does. */
export const foMockArgv = [
  "--import",
  createRequire(import.meta.url).resolve("tsx"),
  path.join(root, "src/mock/fo-mock.ts"),
];

export interface FoMock {
  child: ChildProcess;
  /** Its URL, from the ready line. */
  url: string;
  port: number;
  /** Everything it printed so far, stdout and stderr together. */
  output(): string;
}

/**
 * Starts fo-mock with `args` and resolves once it is ready; rejects with its output when it exits first or is not
 * ready within `timeoutMs`. The child goes into `started` at once, so the caller's teardown stops it by PID.
 */
export async function runFoMock(
  args: string[],
  {
    started,
    env = process.env,
    viaNpm = false,
    timeoutMs = 40_000,
  }: { started: ChildProcess[]; env?: NodeJS.ProcessEnv; viaNpm?: boolean; timeoutMs?: number },
): Promise<FoMock> {
  const child = viaNpm
    ? spawn("npm", ["run", "--silent", "mock", "--", ...args], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] })
    : spawn(process.execPath, [...foMockArgv, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  started.push(child);
  let out = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`fo-mock was not ready within ${timeoutMs / 1000} s:\n${out}`)),
      timeoutMs,
    );
    const onData = (d: Buffer) => {
      out += d;
      const ready = /fo-mock ready: (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]!);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`fo-mock exited (${signal ?? code}) before it was ready:\n${out}`));
    });
  });
  return { child, url, port: Number(new URL(url).port), output: () => out };
}
