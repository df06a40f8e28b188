// Doubles at the network edge for the flow tests: a recording fetch (stubbed or passed through to
// Prism) and a fake clock. Nothing else is mocked.
import { createClient, parseTimestamp, signRequest, type ApiClient, type Clock, type ClientOptions, type FetchLike } from "../../src/index.ts";

export interface Sent {
  url: URL;
  method: string;
  headers: Headers;
  body: Uint8Array<ArrayBuffer> | null;
}

type Answer = Response | Error | "hang" | ((sent: Sent, index: number) => Response | Error | "hang" | Promise<Response>);

const record = (url: string, init: RequestInit): Sent => ({
  url: new URL(url),
  method: init.method!,
  headers: new Headers(init.headers),
  body: init.body == null ? null : new Uint8Array(init.body as Uint8Array),
});

/** A fetch that records each call in `sent` and answers from the list by call number, the last answer repeating. */
export function stubFetch(...answers: Answer[]) {
  const sent: Sent[] = [];
  let calls = 0;
  const fetch: FetchLike = async (url, init) => {
    const call = record(url, init);
    sent.push(call);
    const index = calls++;
    let answer = answers[Math.min(index, answers.length - 1)]!;
    if (typeof answer === "function") answer = await answer(call, index);
    if (answer === "hang") return new Promise((_, reject) => init.signal?.addEventListener("abort", () => reject(init.signal!.reason)));
    if (answer instanceof Error) throw answer;
    return answer.clone();
  };
  return { fetch, sent };
}

/** A fetch that records each call and passes it to the real network (Prism), keeping each response's sl-violations header. */
export function passThroughFetch() {
  const sent: (Sent & { violations: string | null; status: number })[] = [];
  const fetch: FetchLike = async (url, init) => {
    const call = record(url, init);
    const response = await globalThis.fetch(url, init);
    sent.push({ ...call, violations: response.headers.get("sl-violations"), status: response.status });
    return response;
  };
  return { fetch, sent };
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

/**
 * A clock that only moves when something waits on it: once every pending wait is idle it jumps to
 * the earliest deadline. `waits` lists the sleeps that ran to completion.
 */
export function fakeClock(start = Date.UTC(2026, 10, 21, 9, 30, 0)) {
  let now = start;
  const pending: { at: number; ms: number; resolve: () => void }[] = [];
  const waits: number[] = [];
  let scheduled = false;
  const advance = () => {
    scheduled = false;
    pending.sort((a, b) => a.at - b.at);
    const next = pending.shift();
    if (!next) return;
    now = Math.max(now, next.at);
    waits.push(next.ms);
    next.resolve();
    if (pending.length) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setTimeout(advance, 0);
  };
  const clock: Clock = {
    now: () => now,
    sleep: (ms, signal) =>
      new Promise((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const entry = { at: now + ms, ms, resolve };
        pending.push(entry);
        signal?.addEventListener("abort", () => {
          const i = pending.indexOf(entry);
          if (i >= 0) pending.splice(i, 1);
          reject(signal.reason);
        });
        schedule();
      }),
  };
  return { clock, waits, time: () => now, set: (ms: number) => void (now = ms) };
}

export const HMAC = { accessKey: "AK-FLOWS", secretKey: "c2VjcmV0LWtleS1ieXRlcy1mb3ItdGVzdHM" };
export const CUSTOMER = "c0ffee00-0000-4000-8000-000000000001";
export const BASE = "https://svc.example";

/** A client over a stub fetch, on the fake clock, with retries and timeouts as given. */
export function stubClient(answers: Answer[], options: Partial<ClientOptions> = {}) {
  const stub = stubFetch(...answers);
  const time = fakeClock();
  const client: ApiClient = createClient({ baseUrl: BASE, credentials: HMAC, fetch: stub.fetch, clock: time.clock, timeout: false, retry: { random: () => 0.5 }, ...options });
  return { client, ...stub, ...time };
}

export const bankAccount = {
  network: "US_ACH",
  account_holder_name: "Acme Trading LLC",
  currency: "USD",
  country_code: "USA",
  account_number: "000123456789",
  institution_id: "021000021",
};

export const rfiCase = (case_id: string, updated_at: string, rfi_status: "ACTION_REQUIRED" | "PENDING_REVIEW" = "ACTION_REQUIRED") => ({
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
