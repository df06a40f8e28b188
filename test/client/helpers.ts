// Test doubles at the network edge: a recording fetch and a fake clock. Nothing else is mocked.
import type { Clock, FetchLike } from "../../src/index.ts";

export interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: Uint8Array | null;
}

type Answer = Response | Error | "hang" | ((sent: Sent) => Response | Promise<Response>);

/** A fetch that records each call and answers from the list, the last answer repeating. */
export function stubFetch(...answers: Answer[]) {
  const sent: Sent[] = [];
  const fetch: FetchLike = async (url, init) => {
    const call: Sent = { url, method: init.method!, headers: new Headers(init.headers), body: (init.body as Uint8Array | null) ?? null };
    sent.push(call);
    const answer = answers[Math.min(sent.length - 1, answers.length - 1)]!;
    if (answer === "hang") {
      return new Promise((_, reject) => init.signal?.addEventListener("abort", () => reject(init.signal!.reason)));
    }
    if (answer instanceof Error) throw answer;
    return typeof answer === "function" ? answer(call) : answer.clone();
  };
  return { fetch, sent };
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

/**
 * A clock that only moves when something waits on it: when every pending wait is idle it jumps to the
 * earliest deadline. `waits` lists the sleeps that ran to completion (backoff and fired timeouts).
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
          pending.splice(pending.indexOf(entry), 1);
          reject(signal.reason);
        });
        schedule();
      }),
  };
  return { clock, waits, time: () => now };
}

export const HMAC = { accessKey: "AK-TEST", secretKey: "c2VjcmV0LWtleS1ieXRlcy1mb3ItdGVzdHM" };
export const CUSTOMER = "c0ffee00-0000-4000-8000-000000000001";
export const bankAccount = {
  network: "US_ACH",
  account_holder_name: "Acme Trading LLC",
  currency: "USD",
  country_code: "USA",
  account_number: "000123456789",
  institution_id: "021000021",
};
