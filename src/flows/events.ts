import { InvalidWebhookEventError } from "../errors/InvalidWebhookEventError.ts";

/** The event names the reference documents. The RFI event's name is not shown, so it is not in this list. */
export const DOCUMENTED_EVENT_NAMES = ["conversion.completed", "conversion.failed"] as const;
export type ConversionEventName = (typeof DOCUMENTED_EVENT_NAMES)[number];

/** A payload as received: its fields are not shown in the reference, so every field is kept. */
export type EventPayload = Readonly<Record<string, unknown>>;

/** A conversion order completed. Its payload fields are not shown. */
export interface ConversionCompletedEvent {
  kind: "conversion.completed";
  name: "conversion.completed";
  payload: EventPayload;
}

/** A conversion order failed. Its payload fields are not shown. */
export interface ConversionFailedEvent {
  kind: "conversion.failed";
  name: "conversion.failed";
  payload: EventPayload;
}

/**
 * RFI cases changed. `kind` is this package's label (the document's `rfi-case-changed` key); `name`
 * is the real name the caller declared. Read the case with handleRfiWebhook before deciding anything.
 */
export interface RfiCaseChangedEvent {
  kind: "rfi-case-changed";
  name: string;
  payload: EventPayload;
}

export type WebhookEvent = ConversionCompletedEvent | ConversionFailedEvent | RfiCaseChangedEvent;

export interface ParseWebhookEventOptions {
  /**
   * The RFI event's real name, from the caller's own contract: the reference does not show it.
   * Without it, an RFI event is refused as an unknown name.
   */
  rfiEventName?: string;
}

const decode = (body: string | Uint8Array | ArrayBuffer) =>
  typeof body === "string" ? body : new TextDecoder("utf-8", { fatal: true }).decode(body);

/**
 * Checks an incoming event against the documented names and returns it with its payload untouched.
 * Where the name travels (a header, a body field) and how events are signed are not shown in the
 * reference, so the caller reads the name itself and passes it here; this does not verify origin.
 * @param name The event name as the caller received it.
 * @param body The raw body (JSON text or bytes) or an already parsed value.
 * @throws InvalidWebhookEventError for a name outside the documented set (and `rfiEventName`), a body that is not JSON,
 * or one that is not an object.
 */
export function parseWebhookEvent(name: string, body: unknown, options: ParseWebhookEventOptions = {}): WebhookEvent {
  const rfi = options.rfiEventName !== undefined && options.rfiEventName !== "" && name === options.rfiEventName;
  if (name !== "conversion.completed" && name !== "conversion.failed" && !rfi) {
    throw new InvalidWebhookEventError(
      "unknown-name",
      `Unknown event name ${JSON.stringify(name)}: documented are ${DOCUMENTED_EVENT_NAMES.join(", ")}` +
        (options.rfiEventName
          ? ` and the RFI event ${JSON.stringify(options.rfiEventName)}.`
          : " (pass rfiEventName for the RFI event, whose name is not shown)."),
    );
  }
  let payload: unknown = body;
  if (typeof body === "string" || body instanceof Uint8Array || body instanceof ArrayBuffer) {
    try {
      payload = JSON.parse(decode(body));
    } catch (cause) {
      throw new InvalidWebhookEventError(
        "not-json",
        `The body of event ${JSON.stringify(name)} is not JSON: pass the body as received.`,
        cause,
      );
    }
  }
  if (payload === null || typeof payload !== "object" || Array.isArray(payload)) {
    throw new InvalidWebhookEventError(
      "not-an-object",
      `The body of event ${JSON.stringify(name)} is not a JSON object: pass the body as received.`,
    );
  }
  const kept = payload as EventPayload;
  if (rfi) return { kind: "rfi-case-changed", name, payload: kept };
  return { kind: name, name, payload: kept } as ConversionCompletedEvent | ConversionFailedEvent;
}
