// What the proxy forwards: a request target read with the project's one reading (src/signing/canonicalPath.ts),
// addressed to the proxy itself or to its one upstream origin, and nothing else.
import { PATH_PROBLEMS, readTarget } from "../signing/canonicalPath.ts";

export { ownAuthorities } from "../server/authorities.ts";

export type Destination =
  | { ok: true; path: string; query: string }
  | { ok: false; status: number; path: string; detail: string };

/**
 * Reads where a request goes. Origin form (`/path?query`) is taken; absolute form only when it names the upstream
 * origin exactly. The Host must be the proxy's own address or the upstream's (a name rebound to 127.0.0.1 is not
 * served). The path must reach upstream as it is signed (readTarget's rules), or the request is refused.
 */
export function destinationOf(
  target: string,
  host: string | undefined,
  upstream: URL,
  own: ReadonlySet<string>,
): Destination {
  const rawPath = target.split(/[?#]/, 1)[0]!;
  let originForm = target;
  if (target.charCodeAt(0) !== 0x2f) {
    const prefix = `${upstream.origin}/`;
    if (target.slice(0, prefix.length).toLowerCase() !== prefix.toLowerCase())
      return {
        ok: false,
        status: 421,
        path: "/",
        detail: `This proxy signs and forwards only to ${upstream.origin}; the request target names another.`,
      };
    originForm = target.slice(prefix.length - 1);
  }
  if (host === undefined)
    return { ok: false, status: 400, path: rawPath, detail: "An HTTP/1.1 request needs a Host header." };
  const authority = host.toLowerCase();
  if (!own.has(authority) && authority !== upstream.host.toLowerCase())
    return {
      ok: false,
      status: 421,
      path: originForm.split(/[?#]/, 1)[0]!,
      detail: `This proxy answers only to its own address or ${upstream.host}; Host names another.`,
    };
  const reading = readTarget(originForm);
  if (!reading.ok)
    return {
      ok: false,
      status: 400,
      path: reading.path,
      detail: `The request target ${PATH_PROBLEMS[reading.problem]}; it would not reach the service as signed.`,
    };
  return { ok: true, path: reading.path, query: reading.query };
}
