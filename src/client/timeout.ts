import { type Clock, systemClock } from "./clock.ts";

const ATTEMPT_ENDED = "attempt ended";

/**
 * One attempt's signal, aborted by the caller's signal or after `timeout` ms on the clock, and the
 * function that ends the attempt (stops the timer, unhooks the caller's signal). This runs on every
 * attempt, so it stays cheap: on the system clock a plain timer, and no error is built unless it fires.
 * @throws the caller's abort reason when it has already aborted.
 */
export function attemptSignal(caller: AbortSignal | undefined, timeout: number | false, clock: Clock): [AbortSignal, () => void] {
  caller?.throwIfAborted();
  const ctrl = new AbortController();
  const timedOut = () => ctrl.abort(new DOMException(`No response within ${timeout} ms`, "TimeoutError"));
  let stopTimer: (() => void) | undefined;
  if (timeout !== false && clock === systemClock) {
    const timer = setTimeout(timedOut, timeout);
    stopTimer = () => clearTimeout(timer);
  } else if (timeout !== false) {
    const ended = new AbortController();
    clock.sleep(timeout, ended.signal).then(timedOut, () => {});
    stopTimer = () => ended.abort(ATTEMPT_ENDED);
  }
  if (!caller) return [ctrl.signal, stopTimer ?? (() => {})];
  const onAbort = () => ctrl.abort(caller.reason);
  caller.addEventListener("abort", onAbort, { once: true });
  return [ctrl.signal, () => (stopTimer?.(), caller.removeEventListener("abort", onAbort))];
}
