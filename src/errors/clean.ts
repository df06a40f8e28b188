/**
 * Text from a server made safe for a message: ANSI escape sequences and control characters (CR/LF
 * included) removed, so a log line cannot be forged or recoloured, and cut to `max` characters.
 */
export const clean = (text: string, max = 200): string => {
  const s = text.replace(/\x1b\[[0-?]*[ -/]*[@-~]|[\0-\x1f\x7f-\x9f]/g, " ").trim();
  return s.length > max ? `${s.slice(0, max)}…` : s;
};
