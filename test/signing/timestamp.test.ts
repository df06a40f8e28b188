// Signing timestamps: UTC as YYYYMMDDTHHMMSSZ, milliseconds dropped; read back only when real and canonical.
import fc from "fast-check";
import { beforeEach, describe, expect, test } from "vitest";
import { fresh } from "./fresh.ts";

let m: typeof import("../../src/signing/timestamp.ts");
beforeEach(async () => {
  m = await fresh(() => import("../../src/signing/timestamp.ts"));
});

const wholeSeconds = fc
  .date({ min: new Date("1000-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true })
  .map((d) => new Date(Math.floor(d.getTime() / 1000) * 1000));

describe("formatTimestamp", () => {
  test("writes UTC without separators", () => {
    expect(m.formatTimestamp(new Date("2026-11-21T09:30:05Z"))).toBe("20261121T093005Z");
  });

  test("drops milliseconds without rounding", () => {
    expect(m.formatTimestamp(new Date("2026-12-31T23:59:59.999Z"))).toBe("20261231T235959Z");
  });

  test("refuses an invalid Date", () => {
    expect(() => m.formatTimestamp(new Date(Number.NaN))).toThrow(
      expect.objectContaining({
        name: "InvalidSigningInputError",
        field: "time",
        message: expect.stringMatching(/invalid Date/i),
      }),
    );
  });
});

describe("parseTimestamp", () => {
  test("reads back what formatTimestamp writes", () => {
    fc.assert(
      fc.property(wholeSeconds, (time) => {
        expect(m.parseTimestamp(m.formatTimestamp(time))?.getTime()).toBe(time.getTime());
      }),
    );
  });

  test.each([
    ["a rolled-over date", "20260231T093000Z"],
    ["hour 24", "20261121T240000Z"],
    ["text before", "x20261121T093000Z"],
    ["text after", "20261121T093000Zx"],
    ["a line after", "20261121T093000Z\n"],
    ["milliseconds", "20261121T093000.5Z"],
    ["no Z", "20261121T093000"],
    ["ISO separators", "2026-11-21T09:30:00Z"],
    ["letters for digits", "2026112aT093000Z"],
    ["empty", ""],
  ])("refuses %s", (_, text) => {
    expect(m.parseTimestamp(text)).toBeNull();
  });
});
