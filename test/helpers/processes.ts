// Processes a test starts and reads from outside: stopping one by PID, checking that it and everything it started are
// gone, and a free port for a server it starts (the one the mock's launcher uses).
import { type ChildProcess, execFileSync } from "node:child_process";

export { freePort } from "../../src/mock/launch/start.ts";

/** Kills a child by PID and waits until it has exited (SIGTERM, SIGKILL after 5 s). */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.pid && process.kill(child.pid, "SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    if (child.pid) process.kill(child.pid, "SIGTERM");
  });
}

/** Whether a process with this id exists (signal 0 checks without sending anything). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The ids of a process's direct children (pgrep -P); none when it has none or is gone. */
export function childrenOf(pid: number): number[] {
  try {
    return execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}
