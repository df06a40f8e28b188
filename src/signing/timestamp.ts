import { InvalidSigningInputError } from "../errors/InvalidSigningInputError.ts";

/** The signing timestamp: UTC as YYYYMMDDTHHMMSSZ (milliseconds dropped, never rounded). */
export function formatTimestamp(time: Date): string {
  // The client formats once per second (its signature memo) and the mock parses once per text, so no cache here.
  if (Number.isNaN(time.getTime()))
    throw new InvalidSigningInputError("time", "The signing time is an invalid Date: give a valid one.");
  return time.toISOString().replace(/[-:]|\.\d+/g, ""); // 2026-11-21T09:30:00.123Z -> 20261121T093000Z
}

/** Reads a signing timestamp back into a Date; null when it is not a real UTC time in that format. */
export function parseTimestamp(text: string): Date | null {
  // Stryker disable next-line Regex: the anchors are equivalent; the round trip below refuses any other text
  const date = new Date(/^\d{8}T\d{6}Z$/.test(text) ? text.replace(/(....)(..)(..)T(..)(..)/, "$1-$2-$3T$4:$5:") : NaN);
  // The ISO parser rolls 31 February into March: a round trip tells a real date from a rolled one.
  return Number.isNaN(date.getTime()) || formatTimestamp(date) !== text ? null : date;
}
