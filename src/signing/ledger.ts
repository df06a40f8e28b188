// When to sign, so that no signature is sent twice where a server may refuse it as a replay.
//
// The signature covers the access key, a timestamp of whole seconds, the method, the path (no query) and the body's
// hash: the same request signed twice within one second carries the same signature, and a server that refuses a
// repeated signature (the mock by default) answers the second with 401. A retry 0.5 s after a 503, or the same
// Execute Quote sent twice, would be refused so instead of getting the answer the reference documents. The ledger
// moves such a signing to the next whole second: it waits, and never writes a timestamp ahead of the clock.
//
// Reads (GET, HEAD, OPTIONS) are not held apart across separate calls: the pages of a list differ only in their
// query, which is not signed, so holding them apart would make a ten-page read take ten seconds; reading twice
// changes nothing, and the mock never refuses a repeated read. A retry of any method is still signed later than
// the attempt before it.
import { type Clock, systemClock } from "../clock.ts";
import { type SignedRequest, type SignInput, signRequest } from "./signRequest.ts";
import { hashBody } from "./stringToSign.ts";

/** The parts of a request its signature covers, apart from the key and the timestamp. */
export interface LedgerRequest {
  method: string;
  /** The path as signed (no query). */
  path: string;
  /** SHA-256 of the exact body bytes, lowercase hex. */
  bodyHash: string;
}

export interface LedgerOptions {
  /** The previous attempt's signing time (ms) when this is a retry: the new one falls in a later second. */
  after?: number;
  /** Stops the wait: the returned promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface SigningLedger {
  /**
   * The time (ms since the epoch) to sign `request` at: now, or, after waiting for the next whole second, the first
   * time at which a state-changing request gets a signature this ledger has not handed out and a retry (`after`)
   * falls in a later second than the attempt before. Records what it hands out.
   */
  timeFor(request: LedgerRequest, options?: LedgerOptions): Promise<number>;
}

/** Methods that change nothing: a repeated signature of these is never refused (src/mock/front.ts does the same). */
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The latest second a state-changing request was signed in, and what was signed in it. */
interface Seen {
  second: number;
  signed: Set<string>;
}

/**
 * Per access key, for every ledger of this process on the system clock: two clients made with the same keys (one per
 * request handler, say), or a client and a signing fetch, never hand out one signature twice either. One entry per
 * access key, holding one second's requests.
 */
const onSystemClock = new Map<string, Seen>();

/**
 * A ledger for one signer. Its memory is the current second's state-changing requests alone: a signature of an
 * earlier second can only be repeated by a clock that went back, and then it waits until the clock has passed the
 * latest second it signed in. Given the access key and the system clock, it shares that memory with every other
 * ledger of the key in this process (processes of their own share nothing). An injected clock gets a memory of its
 * own, and must advance while it sleeps (the system clock does).
 */
export function createSigningLedger(
  clock: Pick<Clock, "now" | "sleep"> = systemClock,
  accessKey?: string,
): SigningLedger {
  // Stryker disable next-line ObjectLiteral: equivalent; an empty memory's undefined second compares as no second.
  let seen: Seen = { second: Number.NEGATIVE_INFINITY, signed: new Set() };
  if (accessKey !== undefined && clock === systemClock) {
    seen = onSystemClock.get(accessKey) ?? seen;
    onSystemClock.set(accessKey, seen);
  }

  const timeFor = async ({ method, path, bodyHash }: LedgerRequest, { after, signal }: LedgerOptions = {}) => {
    const m = String(method).toUpperCase();
    const changes = !READS.has(m);
    const key = `${m}\n${path}\n${bodyHash}`;
    const floor = after === undefined ? Number.NEGATIVE_INFINITY : Math.floor(after / 1000);
    for (;;) {
      signal?.throwIfAborted();
      const time = clock.now();
      const s = Math.floor(time / 1000);
      const repeats = changes && (s < seen.second || (s === seen.second && seen.signed.has(key)));
      if (s > floor && !repeats) {
        if (changes) {
          if (s !== seen.second) [seen.second, seen.signed] = [s, new Set()];
          seen.signed.add(key);
        }
        return time;
      }
      // The next whole second after every second this request must not be signed in.
      const next = (Math.max(s, floor, changes ? seen.second : s) + 1) * 1000;
      await clock.sleep(next - time, signal);
    }
  };

  return { timeFor };
}

/**
 * signRequest at the time the ledger gives, for a signer of your own:
 * `const signed = await signWithLedger(ledger, { accessKey, secretKey, method, path, body })`. A function apart from
 * the ledger, so a client that signs its own way does not carry signRequest.
 */
export async function signWithLedger(
  ledger: SigningLedger,
  input: Omit<SignInput, "time">,
  options?: LedgerOptions,
): Promise<SignedRequest> {
  const bodyHash = input.bodyHash ?? hashBody(input.body);
  const time = await ledger.timeFor({ method: input.method, path: input.path, bodyHash }, options);
  return signRequest({ ...input, bodyHash, time: new Date(time) });
}
