const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/**
 * An RFC 3339 date-time as nanoseconds since the epoch, so that comparisons keep every digit of the
 * fraction (Date.parse keeps milliseconds only); undefined for anything else.
 */
export function instant(value: unknown): bigint | undefined {
  if (typeof value !== "string") return undefined;
  const m = DATE_TIME.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac = "", z, sign, oh, om] = m;
  const ms = Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s!);
  const check = new Date(ms);
  // Rejects 2026-02-30 and 25:00, which Date.UTC would roll over.
  if (
    check.getUTCMonth() !== +mo! - 1 ||
    check.getUTCDate() !== +d! ||
    check.getUTCHours() !== +h! ||
    check.getUTCMinutes() !== +mi! ||
    +s! > 59 ||
    (oh !== undefined && (+oh > 23 || +om! > 59))
  )
    return undefined;
  const offsetMs = z ? 0 : (sign === "-" ? -1 : 1) * (+oh! * 60 + +om!) * 60_000;
  return BigInt(ms - offsetMs) * 1_000_000n + BigInt(frac.padEnd(9, "0"));
}
