// Test doubles at the network edge, shared by the client and flow suites: a recording fetch (stubbed,
// or passed through to Prism) and a fake clock. Nothing else is mocked.
import type { Clock, FetchLike } from "../../src/index.ts";

export interface Sent {
  url: URL;
  method: string;
  headers: Headers;
  body: Uint8Array<ArrayBuffer> | null;
}

export type Answer =
  | Response
  | Error
  | "hang"
  | ((sent: Sent, index: number) => Response | Error | "hang" | Promise<Response>);

const record = (url: string, init: RequestInit): Sent => ({
  url: new URL(url),
  method: init.method!,
  headers: new Headers(init.headers),
  // The very bytes given to fetch, not a copy, so a test can tell that nothing was copied.
  body: init.body == null ? null : (init.body as Uint8Array<ArrayBuffer>),
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
    if (answer === "hang")
      return new Promise((_, reject) => init.signal?.addEventListener("abort", () => reject(init.signal!.reason)));
    if (answer instanceof Error) throw answer;
    return answer.clone();
  };
  return { fetch, sent };
}

/**
 * A fetch that records each call and passes it to the real network (Prism), keeping each response's
 * sl-violations header.
 */
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
  return {
    clock,
    waits,
    time: () => now,
    set: (ms: number) => {
      now = ms;
    },
  };
}

export const CUSTOMER = "c0ffee00-0000-4000-8000-000000000001";
