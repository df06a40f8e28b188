/** The signing timestamp: UTC as YYYYMMDDTHHMMSSZ (milliseconds dropped, never rounded). */
export function formatTimestamp(time: Date): string {
  if (Number.isNaN(time.getTime())) throw new TypeError("Cannot sign at an invalid Date");
  const iso = time.toISOString(); // 2026-11-21T09:30:00.123Z
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

const TIMESTAMP = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

/** Reads a signing timestamp back into a Date; null when it is not a real UTC time in that format. */
export function parseTimestamp(text: string): Date | null {
  const m = TIMESTAMP.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // Date.UTC rolls 31 February into March: a round trip tells a real date from a rolled one.
  return formatTimestamp(date) === text ? date : null;
}
