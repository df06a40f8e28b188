// Webhook events: documented names only (plus the caller's RFI name), payloads kept whole.
import { describe, expect, expectTypeOf, test } from "vitest";
import {
  DOCUMENTED_EVENT_NAMES,
  InvalidWebhookEventError,
  parseWebhookEvent,
  type WebhookEvent,
} from "../../src/index.ts";

describe("parseWebhookEvent", () => {
  test("the documented names are conversion.completed and conversion.failed", () => {
    expect(DOCUMENTED_EVENT_NAMES).toEqual(["conversion.completed", "conversion.failed"]);
  });

  test.each(["conversion.completed", "conversion.failed"])("%s: keeps every payload field, known or not", (name) => {
    const body = { transaction_id: "tx-1", surprise: { nested: [1, 2] } };
    const event = parseWebhookEvent(name, JSON.stringify(body));
    expect(event).toEqual({ kind: name, name, payload: body });
  });

  test("takes bytes or an already parsed object", () => {
    expect(parseWebhookEvent("conversion.failed", new TextEncoder().encode('{"a":1}')).payload).toEqual({ a: 1 });
    expect(parseWebhookEvent("conversion.failed", { a: 1 }).payload).toEqual({ a: 1 });
  });

  test("the RFI event is recognised only under the name the caller declares", () => {
    const event = parseWebhookEvent("rfi.case.updated", '{"case_id":"case-7"}', { rfiEventName: "rfi.case.updated" });
    expect(event).toEqual({ kind: "rfi-case-changed", name: "rfi.case.updated", payload: { case_id: "case-7" } });
    expect(() => parseWebhookEvent("rfi.case.updated", "{}")).toThrow(InvalidWebhookEventError);
    expect(() => parseWebhookEvent("rfi-case-changed", "{}")).toThrow(/unknown event name/i);
  });

  test.each([
    ["unknown-name", "conversion.created", "{}"],
    ["unknown-name", "CONVERSION.COMPLETED", "{}"],
    ["unknown-name", "", "{}"],
    ["not-json", "conversion.completed", "{not json"],
    ["not-json", "conversion.completed", new Uint8Array([0xff, 0xfe])],
    ["not-an-object", "conversion.completed", "[]"],
    ["not-an-object", "conversion.completed", "null"],
    ["not-an-object", "conversion.completed", '"text"'],
  ])("refuses %s (%s)", (reason, name, body) => {
    const error = (() => {
      try {
        parseWebhookEvent(name, body);
      } catch (e) {
        return e as InvalidWebhookEventError;
      }
    })();
    expect(error).toBeInstanceOf(InvalidWebhookEventError);
    expect(error!.reason).toBe(reason);
  });

  test("narrows the event union on kind", () => {
    const event: WebhookEvent = parseWebhookEvent("conversion.completed", "{}");
    expect(event).toMatchObject({ kind: "conversion.completed", name: "conversion.completed" });
    if (event.kind === "conversion.completed") expectTypeOf(event.name).toEqualTypeOf<"conversion.completed">();
  });
});
