// The last second formatted: a client signs many requests within one second.
let last = { second: NaN, text: "" };

/** The signing timestamp: UTC as YYYYMMDDTHHMMSSZ (milliseconds dropped, never rounded). */
export function formatTimestamp(time: Date): string {
  const ms = time.getTime();
  if (Number.isNaN(ms)) throw new TypeError("Cannot sign at an invalid Date");
  const second = Math.floor(ms / 1000);
  if (second !== last.second) last = { second, text: time.toISOString().replace(/[-:]|\.\d+/g, "") }; // 2026-11-21T09:30:00.123Z -> 20261121T093000Z
  return last.text;
}

/** Reads a signing timestamp back into a Date; null when it is not a real UTC time in that format. */
export function parseTimestamp(text: string): Date | null {
  const date = new Date(/^\d{8}T\d{6}Z$/.test(text) ? text.replace(/(....)(..)(..)T(..)(..)/, "$1-$2-$3T$4:$5:") : NaN);
  // The ISO parser rolls 31 February into March: a round trip tells a real date from a rolled one.
  return Number.isNaN(date.getTime()) || formatTimestamp(date) !== text ? null : date;
}
