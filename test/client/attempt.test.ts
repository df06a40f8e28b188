// One attempt's signal (src/client/timeout.ts, startAttempt), unit by unit: the timer, the caller's signal, the end.
import { describe, expect, test } from "vitest";
import { systemClock } from "../../src/clock.ts";
import { startAttempt } from "../../src/client/timeout.ts";
import { fakeClock } from "./helpers.ts";

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("without a timeout", () => {
  test("the signal is the caller's own", () => {
    const caller = new AbortController().signal;
    const attempt = startAttempt(caller, false, systemClock);
    expect(attempt.signal).toBe(caller);
    attempt.end(true);
    expect(caller.aborted).toBe(false);
  });

  test("no caller, no signal", () => {
    expect(startAttempt(undefined, false, systemClock).signal).toBeUndefined();
  });
});

describe("the caller's signal", () => {
  test("already aborted throws its reason", () => {
    const reason = new Error("stop");
    expect(() => startAttempt(AbortSignal.abort(reason), 1_000, systemClock)).toThrow(reason);
  });

  test("aborting mid-attempt aborts it", () => {
    const caller = new AbortController();
    const attempt = startAttempt(caller.signal, 60_000, systemClock);
    const reason = new Error("caller");
    caller.abort(reason);
    expect(attempt.signal!.reason).toBe(reason);
    expect(attempt.timedOut).toBe(false);
    attempt.end(true);
  });

  test("is unhooked at the end", () => {
    const caller = new AbortController();
    const attempt = startAttempt(caller.signal, 60_000, systemClock);
    attempt.end(false);
    caller.abort(new Error("late"));
    expect(attempt.signal!.aborted).toBe(false);
  });
});

describe("the system clock's timer", () => {
  test("aborts and marks a timeout", async () => {
    const attempt = startAttempt(undefined, 5, systemClock);
    await tick(30);
    expect([attempt.timedOut, attempt.signal!.aborted]).toEqual([true, true]);
    expect(attempt.signal!.reason).toBeInstanceOf(DOMException);
  });

  test("is cleared at the end", async () => {
    const attempt = startAttempt(undefined, 5, systemClock);
    attempt.end(false);
    await tick(30);
    expect([attempt.timedOut, attempt.signal!.aborted]).toEqual([false, false]);
  });

  test("a failed end aborts the signal", () => {
    const attempt = startAttempt(undefined, 60_000, systemClock);
    attempt.end(true);
    expect(attempt.signal!.aborted).toBe(true);
    expect(attempt.timedOut).toBe(false);
  });
});

describe("a fake clock", () => {
  test("times out when its sleep ends", async () => {
    const { clock, waits } = fakeClock();
    const attempt = startAttempt(undefined, 250, clock);
    await tick(10);
    expect([attempt.timedOut, waits]).toEqual([true, [250]]);
  });

  test("its sleep is ended with the attempt", async () => {
    const { clock, waits } = fakeClock();
    const attempt = startAttempt(undefined, 250, clock);
    attempt.end(false);
    await tick(10);
    expect([attempt.timedOut, attempt.signal!.aborted, waits]).toEqual([false, true, []]);
  });
});
