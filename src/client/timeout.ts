import type { Clock } from "./clock.ts";

export interface AttemptSignal {
  signal: AbortSignal;
  /** Whether this attempt was aborted by its own timeout (not by the caller). */
  timedOut(): boolean;
  /** Stops the timer and unhooks the caller's signal once the attempt is over. */
  done(): void;
}

/** One attempt's signal: aborts on the caller's signal or after `timeout` ms on the clock. */
export function attemptSignal(caller: AbortSignal | undefined, timeout: number | false, clock: Clock): AttemptSignal {
  const ctrl = new AbortController();
  const timer = new AbortController();
  let expired = false;
  const onAbort = () => ctrl.abort(caller!.reason);
  if (caller?.aborted) onAbort();
  else caller?.addEventListener("abort", onAbort, { once: true });
  if (timeout !== false) {
    clock.sleep(timeout, timer.signal).then(
      () => {
        expired = true;
        ctrl.abort(new DOMException(`No response within ${timeout} ms`, "TimeoutError"));
      },
      () => {},
    );
  }
  return {
    signal: ctrl.signal,
    timedOut: () => expired,
    done() {
      timer.abort();
      caller?.removeEventListener("abort", onAbort);
    },
  };
}
