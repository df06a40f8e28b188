// The replay guard: a signature is refused up to the end of its window and no longer, and a sweep, at most
// once a second, drops exactly the signatures whose window has passed (kept in buckets by expiry).
import { describe, expect, test } from "vitest";
import { ReplayGuard } from "../../../src/mock/auth/replay.ts";

const t0 = new Date("2026-11-21T09:30:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

describe("ReplayGuard", () => {
  test("refuses a signature through the last millisecond of its window", () => {
    const guard = new ReplayGuard(60);
    expect(guard.firstUse("sig", t0, t0)).toBe(true);
    expect(guard.firstUse("sig", t0, at(59_999))).toBe(false);
    expect(guard.firstUse("sig", t0, at(60_000))).toBe(false);
  });

  test("accepts it again after the window, counting it once", () => {
    const guard = new ReplayGuard(60);
    guard.firstUse("sig", t0, t0);
    expect(guard.firstUse("sig", t0, at(60_001))).toBe(true);
    expect(guard.size).toBe(1);
  });

  test("keeps a bucket that a sweep meets at its expiry millisecond", () => {
    const guard = new ReplayGuard(60);
    guard.firstUse("sig", t0, t0);
    // The first use since t0 at exactly the expiry: a sweep is due and runs first.
    expect(guard.firstUse("sig", t0, at(60_000))).toBe(false);
    expect(guard.size).toBe(1);
  });

  test("accepts a signature again once its window ended, before a sweep", () => {
    const guard = new ReplayGuard(1);
    guard.firstUse("s", t0, t0);
    guard.firstUse("x", t0, at(1_000)); // a sweep at the expiry millisecond keeps "s"
    expect(guard.firstUse("s", t0, at(1_001))).toBe(true);
    expect(guard.size).toBe(2);
  });

  test("tells signatures apart within a second", () => {
    const guard = new ReplayGuard(60);
    expect(guard.firstUse("a", t0, t0)).toBe(true);
    expect(guard.firstUse("b", t0, t0)).toBe(true);
    expect(guard.firstUse("a", t0, t0)).toBe(false);
    expect(guard.size).toBe(2);
  });

  test("a sweep drops only the expired buckets", () => {
    const guard = new ReplayGuard(10);
    // Three signed seconds, two signatures each.
    for (const s of [0, 1, 2]) for (const n of ["a", "b"]) guard.firstUse(`${n}${s}`, at(s * 1000), at(s * 1000));
    expect(guard.size).toBe(6);
    // 11.5 s after t0: second 0's and 1's windows have ended (at 10 s and 11 s), second 2's has not.
    expect(guard.firstUse("new", at(11_500), at(11_500))).toBe(true);
    expect(guard.size).toBe(3);
    expect(guard.firstUse("a2", at(2_000), at(11_600))).toBe(false);
    expect(guard.firstUse("b2", at(2_000), at(11_600))).toBe(false);
  });

  test("sweeps when a second has passed since the last sweep, not before", () => {
    const guard = new ReplayGuard(1);
    // Signed a second before t0: its window ends at t0, so the sweep at t0 keeps it.
    guard.firstUse("old", at(-1_000), t0);
    guard.firstUse("x", t0, at(999));
    expect(guard.size).toBe(2);
    guard.firstUse("y", t0, at(1_000));
    expect(guard.size).toBe(2);
  });
});
