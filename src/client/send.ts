import type { SentRequest } from "../errors/normalizeError.ts";
import { OutcomeUnknownError } from "../errors/OutcomeUnknownError.ts";
import { RedirectError } from "../errors/RedirectError.ts";
import { ResponseTooLargeError } from "../errors/ResponseTooLargeError.ts";
import { TimeoutError } from "../errors/TimeoutError.ts";
import { hashBody } from "../signing/stringToSign.ts";
import type { Authorize } from "./auth.ts";
import type { Clock } from "../clock.ts";
import type { FetchLike } from "./options.ts";
import { readResponse } from "./response.ts";
import { utf8 } from "./text.ts";
import { type RetryPolicy, retryDelay } from "./retry.ts";
import { startAttempt } from "./timeout.ts";
import { requestPathOf } from "./url.ts";

export interface Transport {
  fetch: FetchLike;
  retry: RetryPolicy | undefined;
  timeout: number | false;
  maxResponseBytes: number;
  clock: Clock;
}

/** One call as built: the URL, headers and exact body bytes every attempt sends, and what it may do. */
export interface Call {
  url: string;
  method: string;
  headers: Headers;
  bytes: Uint8Array | undefined;
  signal: AbortSignal | undefined;
  authorize: Authorize | undefined;
  /** Reads, and POSTs that take an Idempotency-Key. */
  retryable: boolean;
  /** Set for Execute Quote: what the reference's procedure needs when its outcome is unknown. */
  execute: { customerId: string | undefined; quoteId: string | undefined } | undefined;
}

/** What a call received: fetch's response, its body read whole, and what `toResult` and `normalizeError` need. */
export interface Received {
  response: Response;
  bytes: Uint8Array;
  /** The body parsed as JSON where the call had to parse it (an Execute Quote success), so it is parsed once. */
  json?: { value: unknown };
  /** For an error response: what was sent, for the message of `normalizeError`. */
  sent?: SentRequest;
}

/**
 * Sends one call: signs every attempt afresh (a retry in a later second than the attempt before), never follows a redirect, reads the answer whole within
 * the size and time bounds, and retries only what `call` allows.
 */
export async function send(t: Transport, call: Call): Promise<Received> {
  const { url, method, bytes, signal } = call;
  let hash: string | undefined;
  const bodyHash = () => (hash ??= hashBody(bytes));
  const path = requestPathOf(url);
  // The previous attempt's signing time: a retry is signed in a later second, so it never repeats its signature.
  let after: number | undefined;
  for (let retry = 0; ; retry++) {
    // A retry gets headers of its own: a fetch may keep what an earlier attempt sent.
    const headers = retry ? new Headers(call.headers) : call.headers;
    const { time, stringToSign } = call.authorize
      ? await call.authorize(headers, method, path, bodyHash, { after, signal })
      : { time: t.clock.now(), stringToSign: undefined };
    after = time;
    const attempt = startAttempt(signal, t.timeout, t.clock);
    let response: Response | undefined;
    let received: Uint8Array | undefined;
    let json: Received["json"];
    let failure: unknown;
    let failed = true;
    try {
      const answer = await t.fetch(url, {
        method,
        headers,
        body: (bytes ?? null) as BodyInit | null,
        signal: attempt.signal,
        redirect: "manual",
      });
      received = await readResponse(answer, method, url, t.maxResponseBytes, attempt.signal);
      // An order may exist behind a 2xx that is not JSON (truncated, an HTML page): that is no answer.
      if (call.execute && answer.ok) json = { value: JSON.parse(utf8.decode(received)) };
      response = answer;
      failed = false;
    } catch (error) {
      // Once Execute Quote was sent, whatever stops the answer (even the caller's abort) leaves an order possible.
      failure = attempt.timedOut ? new TimeoutError(method, url, t.timeout as number) : error;
      if (call.execute)
        throw new OutcomeUnknownError(
          method,
          url,
          { ...call.execute, requestTime: new Date(time), traceId: undefined },
          failure,
        );
      if (signal?.aborted || failure instanceof RedirectError || failure instanceof ResponseTooLargeError)
        throw failure;
    } finally {
      attempt.end(failed);
    }
    const delay = call.retryable && t.retry ? retryDelay(t.retry, retry, response, t.clock.now()) : undefined;
    if (delay === undefined) {
      if (!response) throw failure;
      const sent = response.ok
        ? undefined
        : { method, url, stringToSign: response.status === 401 ? stringToSign : undefined };
      return { response, bytes: received!, json, sent };
    }
    // The answer not taken is read already: nothing is left open.
    await t.clock.sleep(delay, signal);
  }
}
