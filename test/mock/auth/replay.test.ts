// The replay guard's expiry: a signature is refused up to the end of its window and no longer, and a sweep
// drops exactly the signatures whose window has passed (they are kept in buckets by expiry).
import { describe, expect, test } from "vitest";
import { ReplayGuard } from "../../../src/mock/auth/replay.ts";

const t0 = new Date("2026-11-21T09:30:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

describe("ReplayGuard expiry", () => {
  test("refused through the last millisecond of the window, accepted again after it", () => {
    const guard = new ReplayGuard(60);
    expect(guard.firstUse("sig", t0, t0)).toBe(true);
    expect(guard.firstUse("sig", t0, at(59_999))).toBe(false);
    expect(guard.firstUse("sig", t0, at(60_000))).toBe(false);
    expect(guard.firstUse("sig", t0, at(60_001))).toBe(true);
    expect(guard.size).toBe(1);
  });

  test("a sweep drops only the expired buckets; signatures still inside their window stay refused", () => {
    const guard = new ReplayGuard(10);
    // Three signed seconds, two signatures each.
    for (const s of [0, 1, 2])
      for (const n of ["a", "b"]) expect(guard.firstUse(`${n}${s}`, at(s * 1000), at(s * 1000))).toBe(true);
    expect(guard.size).toBe(6);
    // 11.5 s after t0: the signatures of second 0 and 1 have expired (window ends at 10 s and 11 s), second 2's have not.
    expect(guard.firstUse("new", at(11_500), at(11_500))).toBe(true);
    expect(guard.size).toBe(3);
    expect(guard.firstUse("a2", at(2_000), at(11_600))).toBe(false);
    expect(guard.firstUse("b2", at(2_000), at(11_600))).toBe(false);
    expect(guard.size).toBe(3);
  });
});
