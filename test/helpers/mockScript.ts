// `npm run mock` as a user starts it: scripts/mock.mjs (or npm itself) in a process of its own, ready once it
// prints its startup line, "(Ctrl-C stops both)" with the front or "(Ctrl-C stops it)" with --bare.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

const script = path.resolve(import.meta.dirname, "../../scripts/mock.mjs");
const root = path.dirname(path.dirname(script));

export interface MockProcess {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr together. */
  output(): string;
}

/**
 * Starts the mock with `args` and resolves once it is ready; rejects with its output when it exits first or
 * is not ready within `timeoutMs`. The child goes into `started` at once, so the caller's teardown stops it by PID.
 */
export async function startMockScript(
  args: string[],
  {
    started,
    env = process.env,
    viaNpm = false,
    timeoutMs = 40_000,
  }: { started: ChildProcess[]; env?: NodeJS.ProcessEnv; viaNpm?: boolean; timeoutMs?: number },
): Promise<MockProcess> {
  const child = viaNpm
    ? spawn("npm", ["run", "--silent", "mock", "--", ...args], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] })
    : spawn(process.execPath, [script, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  started.push(child);
  let out = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`mock did not start within ${timeoutMs / 1000} s:\n${out}`)),
      timeoutMs,
    );
    const onData = (d: Buffer) => {
      out += d;
      if (/\(Ctrl-C stops (both|it)\)/.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`mock exited (${signal ?? code}) before it was ready:\n${out}`));
    });
  });
  return { child, output: () => out };
}
