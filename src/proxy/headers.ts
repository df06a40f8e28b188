import { HOP_BY_HOP } from "../server/hopByHop.ts";

/**
 * Headers that never cross the proxy: the connection-level ones the mock's front drops (src/server/hopByHop.ts)
 * and the rest of RFC 9110 7.6.1's list; Node frames each side's message itself.
 */
const NEVER_FORWARDED = new Set([
  ...HOP_BY_HOP,
  "te",
  "trailer",
  "transfer-encoding",
  "proxy-authorization",
  "proxy-authenticate",
]);

/**
 * The raw headers (name, value, name, value, ...) without the hop-by-hop ones, those the Connection header names,
 * and `drop` (lower-case names).
 */
export function endToEnd(rawHeaders: readonly string[], drop: ReadonlySet<string> = new Set()): string[] {
  const named = new Set<string>();
  for (let i = 0; i < rawHeaders.length; i += 2)
    if (rawHeaders[i]!.toLowerCase() === "connection")
      for (const token of rawHeaders[i + 1]!.split(",")) named.add(token.trim().toLowerCase());
  const kept: string[] = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase();
    if (!NEVER_FORWARDED.has(name) && !named.has(name) && !drop.has(name))
      kept.push(rawHeaders[i]!, rawHeaders[i + 1]!);
  }
  return kept;
}
