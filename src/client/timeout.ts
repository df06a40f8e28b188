import type { Clock } from "./clock.ts";

/**
 * One attempt's signal, aborted by the caller's signal or after `timeout` ms on the clock, and the
 * function that ends the attempt (stops the timer, unhooks the caller's signal).
 * @throws the caller's abort reason when it has already aborted.
 */
export function attemptSignal(caller: AbortSignal | undefined, timeout: number | false, clock: Clock): [AbortSignal, () => void] {
  caller?.throwIfAborted();
  const ctrl = new AbortController();
  const ended = new AbortController();
  caller?.addEventListener("abort", () => ctrl.abort(caller.reason), { signal: ended.signal });
  if (timeout !== false) {
    clock.sleep(timeout, ended.signal).then(
      () => ctrl.abort(new DOMException(`No response within ${timeout} ms`, "TimeoutError")),
      () => {},
    );
  }
  return [ctrl.signal, () => ended.abort()];
}
