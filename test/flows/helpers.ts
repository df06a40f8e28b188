// Flow-test helpers on top of the shared network-edge doubles (test/helpers/edge.ts).
import { createClient, type ApiClient, type ClientOptions } from "../../src/index.ts";
import { parseTimestamp, signRequest } from "../../src/signing/index.ts";
import { type Answer, fakeClock, type Sent, stubFetch } from "../helpers/edge.ts";

export { CUSTOMER, fakeClock, json, passThroughFetch, type Sent, stubFetch } from "../helpers/edge.ts";
export { bankAccount } from "../fixtures/operations.ts";

export const HMAC = { accessKey: "AK-FLOWS", secretKey: "c2VjcmV0LWtleS1ieXRlcy1mb3ItdGVzdHM" };
export const BASE = "https://svc.example";

/** A client over a stub fetch, on the fake clock, with retries and timeouts as given. */
export function stubClient(answers: Answer[], options: Partial<ClientOptions> = {}) {
  const stub = stubFetch(...answers);
  const time = fakeClock();
  const client: ApiClient = createClient({
    baseUrl: BASE,
    credentials: HMAC,
    fetch: stub.fetch,
    clock: time.clock,
    timeout: false,
    retry: { random: () => 0.5 },
    ...options,
  });
  return { client, ...stub, ...time };
}

export const rfiCase = (
  case_id: string,
  updated_at: string,
  rfi_status: "ACTION_REQUIRED" | "PENDING_REVIEW" = "ACTION_REQUIRED",
) => ({
  case_id,
  case_class: "RECIPIENT",
  rfi_status,
  subject: { type: "RECIPIENT" as const, id: `rcp-${case_id}` },
  requirements: [],
  created_at: "2026-11-20T14:02:11+00:00",
  updated_at,
});

/** The Authorization this request should carry if it was signed over exactly the bytes it sent. */
export function expectedAuthorization(s: Sent): string {
  const time = parseTimestamp(s.headers.get("X-SVC-Date") ?? "");
  if (!time) throw new Error("request has no X-SVC-Date");
  return signRequest({ ...HMAC, method: s.method, path: s.url.pathname, body: s.body, time }).headers.Authorization;
}
