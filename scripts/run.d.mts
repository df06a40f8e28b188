// Types of scripts/run.mjs for the TypeScript callers (tests, benches).
import type { ChildProcess } from "node:child_process";

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  output?: "hold" | "inherit" | "pipe" | "ignore";
  input?: string;
  timeoutMs?: number;
  check?: boolean;
  name?: string;
  missing?: string;
  /** Its own process group: stop() and the time bound reach everything it started. */
  group?: boolean;
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  ok: boolean;
  stdout: string;
  stderr: string;
  output: string;
}

export declare class RunError extends Error {
  reason: "spawn" | "timeout" | "exit";
  result: RunResult | undefined;
}

export interface Running {
  child: ChildProcess;
  pid: number | undefined;
  stop(signal?: NodeJS.Signals): void;
  result: Promise<RunResult>;
}

export declare function start(command: string, args: readonly string[], options?: RunOptions): Running;
export declare function run(command: string, args: readonly string[], options?: RunOptions): Promise<RunResult>;
export declare function runSync(command: string, args: readonly string[], options?: RunOptions): RunResult;
export declare function runNode(script: string, args: readonly string[], options?: RunOptions): Promise<RunResult>;
export declare function tail(text: string, lines?: number): string;
