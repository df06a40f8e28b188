// What the drift tests share: `fo-mock drift` run in-process on a terminal of the test's own.
import type { Terminal } from "../../src/cli/terminal.ts";
import { driftMain } from "../../src/mock/drift/command.ts";

/** Runs `fo-mock drift ARGS` with relative files read from `from`; its exit code and what it printed. */
export async function runDrift(args: string[], from: string) {
  let out = "";
  let err = "";
  const terminal: Terminal = {
    env: {},
    stdout: { write: (text: string) => (out += text), on: () => {} },
    stderr: { write: (text: string) => (err += text) },
    exit: () => {},
    once: () => {},
  };
  await driftMain(args, terminal, from, "9.9.9");
  return { code: terminal.exitCode ?? 0, out, err };
}
