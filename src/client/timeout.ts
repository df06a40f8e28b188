import { type Clock, systemClock } from "./clock.ts";

/**
 * One attempt's signal, aborted by the caller's signal or after `timeout` ms on the clock, and the
 * function that ends the attempt (stops the timer, unhooks the caller's signal). It runs on every
 * attempt, so it stays cheap: a plain timer on the system clock, and no error built unless it fires.
 * @throws the caller's abort reason when it has already aborted.
 */
export function attemptSignal(caller: AbortSignal | undefined, timeout: number | false, clock: Clock): [AbortSignal, () => void] {
  caller?.throwIfAborted();
  const ctrl = new AbortController();
  const onAbort = () => ctrl.abort(caller!.reason);
  caller?.addEventListener("abort", onAbort);
  let stopTimer = () => {};
  if (timeout !== false) {
    const timedOut = () => ctrl.abort(new DOMException(`No response within ${timeout} ms`, "TimeoutError"));
    if (clock === systemClock) {
      const timer = setTimeout(timedOut, timeout);
      stopTimer = () => clearTimeout(timer);
    } else {
      const ended = new AbortController();
      clock.sleep(timeout, ended.signal).then(timedOut, () => {});
      // A reason of its own: a bare abort() would build a DOMException, stack and all.
      stopTimer = () => ended.abort(null);
    }
  }
  return [ctrl.signal, () => (stopTimer(), caller?.removeEventListener("abort", onAbort))];
}
