// What the CLI touches of its process. The bin passes the process itself; tests pass their own, so that main() and
// `fo-sign proxy` run in-process: what they print, the exit code they set, what a signal does. Only a type: nothing
// here runs.
export interface Terminal {
  env: NodeJS.ProcessEnv;
  stdout: {
    write(text: string): unknown;
    on(event: "error", listener: (err: NodeJS.ErrnoException) => void): unknown;
  };
  stderr: { write(text: string): unknown };
  exitCode?: number | string | null | undefined;
  exit(code: number): void;
  once(signal: "SIGINT" | "SIGTERM" | "SIGHUP", listener: () => void): unknown;
}
