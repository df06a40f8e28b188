// The control calls a test makes on a running mock, as methods of startMock's handle (the same in Python's and Go's
// helpers): start over between tests, move the virtual clock, add a fault, read the request log. They call the control
// API (../stateful/control.openapi.yaml) with the mock's control token.
import type { Fault } from "../stateful/faults.ts";
import type { RequestLogEntry } from "../stateful/index.ts";

/** A fault to add: what happens to the next matching request (the control API's FaultSpec). */
export type FaultSpec = Omit<Fault, "id" | "remaining"> & { times?: number };

export interface ControlCalls {
  /** Empties every record, fault and log entry, rewinds the virtual clock and seeds the RFI cases again. */
  reset(): Promise<void>;
  /** Moves the virtual clock forward (quotes expire, keys age); resolves with the virtual time, ISO 8601. */
  advanceClock(seconds: number): Promise<string>;
  /** Adds a fault for the next matching request (`times` of them); resolves with the fault as the mock holds it. */
  addFault(fault: FaultSpec): Promise<Fault>;
  /** The requests the mock received, oldest first. */
  requests(): Promise<RequestLogEntry[]>;
}

/** Thrown when a control call fails: the control API is off, or it refused the call (its reason in the message). */
export class MockControlError extends Error {
  override readonly name = "MockControlError";
}

/**
 * The control calls of a running mock from its URL and control token: for code that has those but not the handle
 * (vitest's test files, which get them from the global setup with inject()).
 */
export function mockControl(mock: { url: string; controlToken?: string | undefined }): ControlCalls {
  return controlCalls(mock.url, mock.controlToken, undefined);
}

/** The control calls on the mock at `url`; each fails with MockControlError where the control API is off (`off`). */
export function controlCalls(url: string, token: string | undefined, off: string | undefined): ControlCalls {
  async function call(method: string, route: string, body?: unknown): Promise<unknown> {
    if (off) throw new MockControlError(off);
    const res = await fetch(`${url}/__mock${route}`, {
      method,
      // The control API takes writes only as JSON, even with no body.
      headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) {
      const said = (() => {
        try {
          return (JSON.parse(text) as { error?: string }).error;
        } catch {
          return undefined;
        }
      })();
      throw new MockControlError(`${method} /__mock${route}: ${res.status} ${said ?? text.slice(0, 200)}`);
    }
    return text ? JSON.parse(text) : undefined;
  }
  return {
    reset: async () => void (await call("POST", "/reset")),
    advanceClock: async (seconds) =>
      ((await call("POST", "/clock", { advance_seconds: seconds })) as { now: string }).now,
    addFault: async (fault) => (await call("POST", "/faults", fault)) as Fault,
    requests: async () => ((await call("GET", "/requests")) as { requests: RequestLogEntry[] }).requests,
  };
}
