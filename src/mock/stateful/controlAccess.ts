import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { ownAuthorities } from "../../server/authorities.ts";
import { CONTROL_LIMITS } from "./limits.ts";
import { type Reply, reply } from "./reply.ts";

/** What the gate reads of a control request: its head, and its body once read. */
export interface ControlCaller {
  method: string;
  headers: IncomingHttpHeaders;
  /** Undefined while only the head has arrived: the gate then decides from the headers alone. */
  body?: Uint8Array;
  /** The port the request came in on (the mock's own); without it no Host can be checked, so none passes. */
  localPort?: number;
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const JSON_TYPE = /^application\/json\s*(;|$)/i;
const digest = (s: string) => createHash("sha256").update(s).digest();
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
/** A caller's value in a message: quoted, cut short, so no message grows with the input. */
const shown = (v: string) => JSON.stringify(v.length > 80 ? `${v.slice(0, 80)}...` : v);

/**
 * The control API's gate, before any route is looked at: the Host must be the mock's own address (no
 * DNS rebinding), an Origin, when sent, the mock's own (no cross-site page), the control token when one
 * is set, writes `Content-Type: application/json` (a cross-site "simple" request cannot send it without a
 * preflight, which the mock never grants), and the body within its bound: a declared Content-Length over it is refused
 * from the head, before a byte of the body is read (the front calls the gate first with the head alone). Undefined
 * lets the call through.
 */
export function controlGate(token: string | undefined): (caller: ControlCaller) => Reply | undefined {
  const expected = token === undefined ? undefined : digest(token);
  return (caller) => {
    if (caller.localPort === undefined)
      return reply(403, { error: "The control API answers only on the mock's own address." });
    const own = ownAuthorities(caller.localPort);
    const host = first(caller.headers.host);
    if (host === undefined || !own.has(host.toLowerCase())) {
      return reply(403, {
        error:
          `The control API answers only to Host 127.0.0.1:${caller.localPort}, localhost:${caller.localPort} or ` +
          `[::1]:${caller.localPort}, not ${shown(host ?? "(none)")}.`,
      });
    }
    const origin = first(caller.headers.origin);
    if (
      origin !== undefined &&
      !(origin.toLowerCase().startsWith("http://") && own.has(origin.slice(7).toLowerCase()))
    ) {
      return reply(403, { error: `The control API takes no cross-origin calls (Origin ${shown(origin)}).` });
    }
    if (expected) {
      // Stryker disable next-line StringLiteral: no header is read as text, and any text without "Bearer " fails alike
      const sent = /^Bearer (\S+)$/.exec(first(caller.headers.authorization) ?? "")?.[1];
      // Compared as digests, in constant time; the token sent never goes into an answer or a log.
      if (sent === undefined || !timingSafeEqual(digest(sent), expected)) {
        return reply(
          401,
          { error: "The control API needs Authorization: Bearer <the control token, FO_MOCK_CONTROL_TOKEN>." },
          { "WWW-Authenticate": 'Bearer realm="mock control"' },
        );
      }
    }
    const contentType = first(caller.headers["content-type"]);
    // Stryker disable next-line StringLiteral: no Content-Type is read as text, and any text but JSON's fails alike
    if (WRITES.has(caller.method.toUpperCase()) && !JSON_TYPE.test(contentType ?? "")) {
      return reply(415, {
        error: "Control writes (POST, PUT, PATCH, DELETE) take Content-Type: application/json, even with no body.",
      });
    }
    const size = caller.body?.length ?? Number(first(caller.headers["content-length"]) ?? 0);
    if (size > CONTROL_LIMITS.bodyBytes) return tooLarge(size);
    return undefined;
  };
}

/** Who may reach the control API as the mock's options set it: none unless it is on, then the gate's callers. */
export interface ControlAccess {
  /** True for a path under the control prefix while the control API is on. */
  isControlPath(path: string): boolean;
  /** The refusal of a call (its head alone, or with its body), or undefined to let it through. */
  admit(caller: ControlCaller): Reply | undefined;
}

/** The control API's access from the mock's options: off unless `control`, under `controlPrefix`, behind the gate. */
export function controlAccess(options: {
  control: boolean;
  controlPrefix: string;
  controlToken: string | undefined;
}): ControlAccess {
  const { control, controlPrefix: prefix } = options;
  const gate = controlGate(options.controlToken);
  return {
    isControlPath: (path) => control && (path === prefix || path.startsWith(`${prefix}/`)),
    admit: (caller) =>
      control ? gate(caller) : reply(404, { error: "The control API is off: start the mock with --control." }),
  };
}

/** The 413 of a control body over its bound (`size`: its declared or read length, when known). */
export const tooLarge = (size?: number) =>
  reply(413, {
    error: `A control body is at most ${CONTROL_LIMITS.bodyBytes} bytes${size === undefined ? "" : ` (this one: ${size})`}.`,
  });
