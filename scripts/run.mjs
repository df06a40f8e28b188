// How every script runs another program, in one place: output inherited, held or handed over; the
// telemetry-free environment by default; a time bound that stops the child by its PID and says so; the exit
// code or signal in the result; a command that cannot start as an error that says what to install.
// The mock's launcher (src/mock/launch/start.ts) alone spawns its process itself: it needs a stdin pipe (the tie to its
// starter) and an IPC channel.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { quietEnv, root } from "./tools.mjs";

/** How long a child stopped for its time bound gets after SIGTERM before SIGKILL, unless `graceMs` says. */
const GRACE_MS = 5_000;

/** A run that did not succeed: it could not start, ran past its time bound, or ended with a code or signal. */
export class RunError extends Error {
  name = "RunError";
  /**
   * @param {string} message
   * @param {{ reason: "spawn" | "timeout" | "exit", result?: RunResult, cause?: unknown }} details
   */
  constructor(message, { reason, result, cause }) {
    super(message, cause === undefined ? undefined : { cause });
    this.reason = reason;
    this.result = result;
  }
}

/**
 * @typedef {object} RunOptions
 * @property {string} [cwd] where it runs (default: the repository root)
 * @property {NodeJS.ProcessEnv} [env] the child's whole environment (default: quietEnv, telemetry off)
 * @property {"hold" | "inherit" | "pipe" | "ignore"} [output] "hold" (default): stdout and stderr collected
 *   into the result; "inherit": they go to ours as they come (stdin too); "pipe": the caller reads
 *   child.stdout and child.stderr, nothing is collected; "ignore": dropped
 * @property {string} [input] text written to the child's stdin (otherwise stdin is empty)
 * @property {number} [timeoutMs] time bound: past it the child is stopped by PID (SIGTERM, SIGKILL 5 s later)
 * @property {number} [graceMs] the time between that SIGTERM and the SIGKILL (default 5 s)
 * @property {boolean} [check] true (default): an exit code other than 0, a signal or the time bound rejects
 *   (throws) with a RunError; false: the result says so and the caller decides
 * @property {string} [name] how messages name the run (default: the command's file name and arguments)
 * @property {string} [missing] what to install when the command is not found, for the error message
 * @property {boolean} [group] start it as the leader of a process group of its own, so that stop() and the time
 *   bound reach everything it started (StrykerJS's workers), not only the child
 *
 * @typedef {object} RunResult
 * @property {number | null} code the exit code (null when a signal ended it)
 * @property {NodeJS.Signals | null} signal the signal that ended it
 * @property {boolean} timedOut whether it was stopped for its time bound
 * @property {boolean} ok exit code 0, no signal, within its time bound
 * @property {string} stdout held stdout ("" unless output is "hold")
 * @property {string} stderr held stderr
 * @property {string} output stdout and stderr together (in arrival order; runSync: stdout, then stderr)
 */

/**
 * The command as messages name it: the file name of the program and its arguments, shortened.
 * @param {string} command @param {readonly string[]} args @param {string} [name]
 */
function label(command, args, name) {
  if (name) return name;
  const words = command === process.execPath ? args : [command, ...args];
  const text = words.map((w, i) => (i === 0 ? path.basename(w) : w)).join(" ");
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

/**
 * The last lines of what a run printed, for an error message.
 * @param {string} text @param {number} [lines]
 */
export function tail(text, lines = 25) {
  return text.trim().split("\n").slice(-lines).join("\n");
}

/**
 * The child's stdin, stdout and stderr for an `output` mode.
 * @param {RunOptions["output"]} output @param {string | undefined} input
 * @returns {import("node:child_process").StdioOptions}
 */
function stdio(output, input) {
  if (output === "inherit") return input === undefined ? "inherit" : ["pipe", "inherit", "inherit"];
  const stdin = input === undefined ? "ignore" : "pipe";
  return output === "ignore" ? [stdin, "ignore", "ignore"] : [stdin, "pipe", "pipe"];
}

/**
 * The RunError of a command that did not start.
 * @param {string} what @param {string} command @param {NodeJS.ErrnoException} err @param {RunOptions} options
 */
function spawnFailure(what, command, err, { cwd = root, missing } = {}) {
  let text = `${what} did not start: ${err.message}`;
  // spawn says ENOENT for a missing folder as for a missing command: tell them apart.
  if (err.code === "ENOENT" && !existsSync(cwd)) text = `${what} did not start: its folder ${cwd} does not exist`;
  else if (err.code === "ENOENT") {
    const hint = missing ? ` (${missing})` : "";
    text = `${what} did not start: ${path.basename(command)} is not installed or not on PATH${hint}`;
  }
  return new RunError(text, { reason: "spawn", cause: err });
}

/**
 * The result, or a RunError when `check` is on and it did not succeed.
 * @param {string} what @param {RunResult} result @param {RunOptions} options @param {number | undefined} pid
 */
function settle(what, result, { check = true, timeoutMs, output = "hold" }, pid) {
  if (!check || result.ok) return result;
  const printed = output === "hold" && result.output.trim() ? `:\n${tail(result.output)}` : "";
  // Only a run with a time bound can time out.
  if (result.timedOut)
    return new RunError(
      `${what} did not finish within ${Number(timeoutMs) / 1000} s and was stopped (pid ${pid})${printed}`,
      {
        reason: "timeout",
        result,
      },
    );
  const how = result.signal ? `signal ${result.signal}` : `exit ${result.code}`;
  return new RunError(`${what} failed (${how})${printed}`, { reason: "exit", result });
}

/**
 * Starts a program and returns at once: the child, its PID, a `stop()` that signals it by PID, and `result`,
 * a promise of its RunResult (rejecting as `run` does).
 * @param {string} command @param {readonly string[]} args @param {RunOptions} [options]
 * @returns {{ child: import("node:child_process").ChildProcess, pid: number | undefined,
 *   stop(signal?: NodeJS.Signals): void, result: Promise<RunResult> }}
 */
export function start(command, args, options = {}) {
  const { cwd = root, env = quietEnv, output = "hold", input, timeoutMs, name, group = false } = options;
  const what = label(command, args, name);
  const child = spawn(command, args, { cwd, env, stdio: stdio(output, input), detached: group });
  const stop = (signal = "SIGTERM") => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(group ? -child.pid : child.pid, signal);
      } catch {
        // It ended between the check and the signal.
      }
    }
  };
  const result = new Promise((resolve, reject) => {
    /** @type {{ stdout: Buffer[], stderr: Buffer[], output: Buffer[] }} */
    const held = { stdout: [], stderr: [], output: [] };
    if (output === "hold")
      for (const stream of /** @type {const} */ (["stdout", "stderr"]))
        child[stream]?.on("data", (/** @type {Buffer} */ d) => {
          held[stream].push(d);
          held.output.push(d);
        });
    if (input !== undefined) child.stdin?.end(input);
    let timedOut = false;
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    /** @type {NodeJS.Timeout | undefined} */
    let killer;
    if (timeoutMs !== undefined)
      timer = setTimeout(() => {
        timedOut = true;
        stop("SIGTERM");
        killer = setTimeout(() => stop("SIGKILL"), options.graceMs ?? GRACE_MS);
      }, timeoutMs);
    child.on("error", (err) => {
      clearTimeout(timer);
      clearTimeout(killer);
      reject(spawnFailure(what, command, err, options));
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      clearTimeout(killer);
      const text = (/** @type {Buffer[]} */ chunks) => Buffer.concat(chunks).toString();
      const ran = {
        code,
        signal,
        timedOut,
        ok: code === 0 && !timedOut,
        stdout: text(held.stdout),
        stderr: text(held.stderr),
        output: text(held.output),
      };
      const settled = settle(what, ran, options, child.pid);
      if (settled instanceof RunError) reject(settled);
      else resolve(settled);
    });
  });
  return { child, pid: child.pid, stop, result };
}

/**
 * Runs a program to its end. Resolves with its RunResult; rejects with a RunError when it cannot start and,
 * unless `check: false`, when it fails or runs past `timeoutMs`.
 * @param {string} command @param {readonly string[]} args @param {RunOptions} [options]
 * @returns {Promise<RunResult>}
 */
export function run(command, args, options = {}) {
  return start(command, args, options).result;
}

/**
 * `run`, blocking, for the callers that are synchronous (oasdiff's and vacuum's installers). Past `timeoutMs`
 * the child gets SIGKILL at once (a blocked caller cannot wait out a grace period). Throws a RunError.
 * @param {string} command @param {readonly string[]} args @param {RunOptions} [options]
 * @returns {RunResult}
 */
export function runSync(command, args, options = {}) {
  const { cwd = root, env = quietEnv, output = "hold", input, timeoutMs, name } = options;
  const what = label(command, args, name);
  const res = spawnSync(command, args, {
    cwd,
    env,
    input,
    stdio: stdio(output === "pipe" ? "hold" : output, input),
    encoding: "utf8",
    maxBuffer: 256 << 20,
    timeout: timeoutMs,
    killSignal: "SIGKILL",
  });
  const timedOut = /** @type {NodeJS.ErrnoException | undefined} */ (res.error)?.code === "ETIMEDOUT";
  if (res.error && !timedOut) throw spawnFailure(what, command, res.error, options);
  const stdout = res.stdout ?? "";
  const stderr = res.stderr ?? "";
  const result = {
    code: res.status,
    signal: res.signal,
    timedOut,
    ok: res.status === 0 && !timedOut,
    stdout,
    stderr,
    output: stdout + stderr,
  };
  const settled = settle(what, result, options, res.pid);
  if (settled instanceof RunError) throw settled;
  return settled;
}

/**
 * A Node script with this Node (never through npx): `run(process.execPath, [script, ...args])`, named by the
 * script's file name.
 * @param {string} script @param {readonly string[]} args @param {RunOptions} [options]
 */
export function runNode(script, args, options = {}) {
  return run(process.execPath, [script, ...args], { name: [path.basename(script), ...args].join(" "), ...options });
}

/**
 * Every `everyMs` (10 s), while `pending` (names of what runs) is not empty, prints `PREFIX: still running after N s:
 * NAMES`, so a step that waits on others is never silent for long. Returns the function that stops it.
 * @param {string} prefix @param {Set<string>} pending @param {number} [everyMs]
 */
export function stillRunning(prefix, pending, everyMs = 10_000) {
  const began = performance.now();
  const timer = setInterval(() => {
    if (pending.size)
      console.log(
        `${prefix}: still running after ${Math.round((performance.now() - began) / 1000)} s: ${[...pending].join(", ")}`,
      );
  }, everyMs);
  return () => clearInterval(timer);
}
