import { randomUUID } from "node:crypto";
import { CONTROL_LIMITS } from "./limits.ts";
import { isObject } from "./operation.ts";

/**
 * What an injected fault does to the next matching request:
 * - `delay`: waits `delay_ms` before handling it (`at: "before"`) or before answering (`at: "after"`);
 * - `drop-before`: closes the connection without handling it (nothing is recorded);
 * - `drop-after`: handles it, records any change, then closes the connection without an answer
 *   (the execute timeout whose outcome is unknown);
 * - `status`: answers `status` (with `Retry-After: retry_after` and `code` when given) instead of handling it
 *   (`at: "before"`, the default), or handles it, records any change, then answers `status` in place of its answer
 *   (`at: "after"`: a gateway timeout after the order was made, an outcome unknown that a client can branch on).
 */
export type FaultKind = "delay" | "drop-before" | "drop-after" | "status";

export interface Fault {
  id: string;
  kind: FaultKind;
  /** Matches when every one given holds: the document's operationId, the method, the exact path. */
  operation_id?: string;
  method?: string;
  path?: string;
  delay_ms?: number;
  /** For `delay` and `status`: before handling the request (the default) or after it. */
  at?: "before" | "after";
  status?: number;
  retry_after?: number;
  code?: string;
  /** Matching requests still to hit. */
  remaining: number;
}

/** Thrown for a fault the injector cannot apply; the control API answers it with 400. */
export class FaultSpecError extends Error {
  override readonly name = "FaultSpecError";
}

const KINDS: readonly FaultKind[] = ["delay", "drop-before", "drop-after", "status"];
const FIELDS = new Set([
  "kind",
  "operation_id",
  "method",
  "path",
  "delay_ms",
  "at",
  "status",
  "retry_after",
  "code",
  "times",
]);
/** Longest delay a fault may ask for: a test waits this long at most. */
export const MAX_DELAY_MS = 120_000;

const wholeNumber = (v: unknown, min: number, max: number) =>
  typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;

/** The queue of faults waiting for their requests, first added first used. */
export class FaultInjector {
  private faults: Fault[] = [];

  /**
   * @param operations every operationId of the document.
   * @param handled the operationIds the stateful mode answers itself: only those can fail after handling.
   */
  constructor(
    private readonly operations: ReadonlySet<string>,
    private readonly handled: ReadonlySet<string>,
  ) {}

  /**
   * Adds a fault from its JSON description.
   * @throws FaultSpecError naming what is wrong with it.
   */
  add(spec: unknown): Fault {
    if (!isObject(spec)) throw new FaultSpecError("A fault is a JSON object with at least a kind.");
    const extra = Object.keys(spec).filter((k) => !FIELDS.has(k));
    // At most five names, each cut short: the message never grows with the input.
    const names = extra.slice(0, 5).map((k) => (k.length > 40 ? `${k.slice(0, 40)}...` : k));
    if (extra.length)
      throw new FaultSpecError(
        `Unknown fault fields: ${names.join(", ")}${extra.length > 5 ? ", ..." : ""} (known: ` +
          `${[...FIELDS].join(", ")}).`,
      );
    const { kind, operation_id, method, path, delay_ms, at = "before", status, retry_after, code, times = 1 } = spec;
    if (!KINDS.includes(kind as FaultKind)) throw new FaultSpecError(`kind must be one of ${KINDS.join(", ")}.`);
    if (operation_id !== undefined && (typeof operation_id !== "string" || !this.operations.has(operation_id))) {
      const shown =
        typeof operation_id === "string" && operation_id.length > 80 ? `${operation_id.slice(0, 80)}...` : operation_id;
      throw new FaultSpecError(`operation_id ${JSON.stringify(shown)} is not an operationId of the document.`);
    }
    if (method !== undefined && (typeof method !== "string" || !/^[A-Za-z]{1,16}$/.test(method)))
      throw new FaultSpecError("method must be an HTTP method name (1 to 16 letters).");
    if (
      path !== undefined &&
      (typeof path !== "string" || !path.startsWith("/") || path.length > CONTROL_LIMITS.faultPath)
    ) {
      throw new FaultSpecError(
        `path must be a request path starting with /, at most ${CONTROL_LIMITS.faultPath} characters.`,
      );
    }
    if (!wholeNumber(times, 1, 1000)) throw new FaultSpecError("times must be a whole number from 1 to 1000.");
    if ((kind === "delay" || kind === "status") && at !== "before" && at !== "after")
      throw new FaultSpecError('at must be "before" or "after".');
    const afterHandling = kind === "drop-after" || ((kind === "delay" || kind === "status") && at === "after");
    if (afterHandling && !(typeof operation_id === "string" && this.handled.has(operation_id))) {
      throw new FaultSpecError(
        `${kind === "drop-after" ? kind : `${kind} at after`} needs an operation_id the stateful mode answers: ` +
          `${[...this.handled].join(", ")}.`,
      );
    }
    const fault: Fault = { id: randomUUID(), kind: kind as FaultKind, remaining: times as number };
    if (operation_id !== undefined) fault.operation_id = operation_id as string;
    if (method !== undefined) fault.method = (method as string).toUpperCase();
    if (path !== undefined) fault.path = path as string;
    if (kind === "delay") {
      if (!wholeNumber(delay_ms, 0, MAX_DELAY_MS))
        throw new FaultSpecError(`delay_ms must be a whole number of ms from 0 to ${MAX_DELAY_MS}.`);
      Object.assign(fault, { delay_ms, at });
    } else if (delay_ms !== undefined || (kind !== "status" && spec.at !== undefined)) {
      throw new FaultSpecError("delay_ms and at only apply to kind delay (at also to kind status).");
    }
    if (kind === "status") {
      if (!wholeNumber(status, 400, 599)) throw new FaultSpecError("status must be a whole number from 400 to 599.");
      if (retry_after !== undefined && !wholeNumber(retry_after, 0, 86_400))
        throw new FaultSpecError("retry_after must be whole seconds from 0 to 86400.");
      if (code !== undefined && (typeof code !== "string" || code === "" || code.length > CONTROL_LIMITS.faultCode)) {
        throw new FaultSpecError(`code must be a string of 1 to ${CONTROL_LIMITS.faultCode} characters.`);
      }
      Object.assign(
        fault,
        { status, at },
        retry_after === undefined ? {} : { retry_after },
        code === undefined ? {} : { code },
      );
    } else if (status !== undefined || retry_after !== undefined || code !== undefined) {
      throw new FaultSpecError("status, retry_after and code only apply to kind status.");
    }
    this.faults.push(fault);
    return fault;
  }

  /** The first fault matching this request, used up by one; undefined when none matches. */
  take(request: { method: string; path: string; operationId: string | undefined }): Fault | undefined {
    const index = this.faults.findIndex(
      (f) =>
        (f.operation_id === undefined || f.operation_id === request.operationId) &&
        (f.method === undefined || f.method === request.method.toUpperCase()) &&
        (f.path === undefined || f.path === request.path),
    );
    if (index < 0) return undefined;
    const fault = this.faults[index]!;
    if (--fault.remaining === 0) this.faults.splice(index, 1);
    return { ...fault };
  }

  /** Faults waiting. */
  get size(): number {
    return this.faults.length;
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.faults = [];
  }
}
