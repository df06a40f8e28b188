import { type Clock, systemClock } from "../clock.ts";

/** One attempt: the signal given to fetch and to the body read, whether it timed out, and its end. */
export interface Attempt {
  signal: AbortSignal | undefined;
  timedOut: boolean;
  /**
   * Stops the timer and unhooks the caller's signal; `failed` also aborts what the attempt left open (a body,
   * a socket).
   */
  end(failed: boolean): void;
}

// The reason an attempt's signal ends with when it failed for another reason: no DOMException (and no stack) is made.
const ENDED = Symbol("attempt ended");
const noop = () => {};

/**
 * Starts one attempt, aborted by the caller's signal or after `timeout` ms on the clock, covering the
 * whole exchange: headers and body. Without a timeout it is the caller's signal itself, so an attempt
 * makes at most one AbortController. An attempt that succeeded has read its answer whole, so its
 * signal is left as it is: aborting it would only dispatch an event nobody needs.
 * @throws the caller's abort reason when it has already aborted.
 */
export function startAttempt(caller: AbortSignal | undefined, timeout: number | false, clock: Clock): Attempt {
  caller?.throwIfAborted();
  if (timeout === false) return { signal: caller, timedOut: false, end: noop };
  const ctrl = new AbortController();
  const onAbort = () => ctrl.abort(caller!.reason);
  caller?.addEventListener("abort", onAbort);
  const expire = () => {
    attempt.timedOut = true;
    ctrl.abort();
  };
  // The system clock's own timer, cleared at the end: no promise and no abort listener per attempt.
  const timer = clock === systemClock ? setTimeout(expire, timeout) : undefined;
  if (!timer) clock.sleep(timeout, ctrl.signal).then(expire, noop);
  const attempt: Attempt = {
    signal: ctrl.signal,
    timedOut: false,
    end: (failed) => {
      clearTimeout(timer);
      caller?.removeEventListener("abort", onAbort);
      // A fake clock's sleep waits on the signal: it is ended either way.
      if (failed || !timer) ctrl.abort(ENDED);
    },
  };
  return attempt;
}
