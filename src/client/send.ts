import { sentRequests } from "../errors/normalizeError.ts";
import { OutcomeUnknownError } from "../errors/OutcomeUnknownError.ts";
import { RedirectError } from "../errors/RedirectError.ts";
import { ResponseTooLargeError } from "../errors/ResponseTooLargeError.ts";
import { TimeoutError } from "../errors/TimeoutError.ts";
import { hashBody } from "../signing/signRequest.ts";
import type { Authorize } from "./auth.ts";
import { type BodyRecord, toBytes } from "./body.ts";
import type { Clock } from "./clock.ts";
import { IDEMPOTENCY_KEY } from "./idempotency.ts";
import type { FetchLike } from "./options.ts";
import { readResponse } from "./response.ts";
import { type RetryPolicy, retryDelay } from "./retry.ts";
import { startAttempt } from "./timeout.ts";

export interface Transport {
  fetch: FetchLike;
  retry: RetryPolicy | undefined;
  timeout: number | false;
  maxResponseBytes: number;
  clock: Clock;
}

export interface Call {
  body: BodyRecord;
  signal: AbortSignal | undefined;
  authorize: Authorize | undefined;
  /** Reads, and POSTs that take an Idempotency-Key. */
  retryable: boolean;
  keyed: boolean;
  /** Set for Execute Quote: what the reference's procedure needs when its outcome is unknown. */
  execute: { customerId: string | undefined; quoteId: string | undefined } | undefined;
}

/**
 * The fetch given to openapi-fetch for one call. It sends the recorded bytes (reading back from the
 * Request only blobs and forms), signs every attempt afresh, never follows a redirect, reads the
 * answer whole within the size and time bounds, and retries only what `call` allows.
 */
export function createSend(t: Transport, call: Call) {
  return async (request: Request): Promise<Response> => {
    const { url, method } = request;
    const bytes = await toBytes(call.body.value, request);
    let hash: string | undefined;
    const bodyHash = () => (hash ??= hashBody(bytes));
    const path = new URL(url).pathname;
    for (let retry = 0; ; retry++) {
      const headers = new Headers(request.headers);
      if (!call.keyed) headers.delete(IDEMPOTENCY_KEY);
      const time = t.clock.now();
      const stringToSign = call.authorize?.(headers, method, path, bodyHash, time);
      const attempt = startAttempt(call.signal, t.timeout, t.clock);
      let response: Response | undefined;
      let failure: unknown;
      try {
        const [answer, received] = await readResponse(
          await t.fetch(url, { method, headers, body: (bytes ?? null) as BodyInit | null, signal: attempt.signal, redirect: "manual" }),
          method,
          url,
          t.maxResponseBytes,
          attempt.signal,
        );
        // An order may exist behind a 2xx that is not JSON (truncated, an HTML page): that is no answer.
        if (call.execute && answer.ok) JSON.parse(new TextDecoder().decode(received));
        response = answer;
      } catch (error) {
        // Once Execute Quote was sent, whatever stops the answer (even the caller's abort) leaves an order possible.
        failure = attempt.timedOut ? new TimeoutError(method, url, t.timeout as number) : error;
        if (call.execute) throw new OutcomeUnknownError(method, url, { ...call.execute, requestTime: new Date(time), traceId: undefined }, failure);
        if (call.signal?.aborted || failure instanceof RedirectError || failure instanceof ResponseTooLargeError) throw failure;
      } finally {
        attempt.end();
      }
      const delay = call.retryable && t.retry ? retryDelay(t.retry, retry, response, t.clock.now()) : undefined;
      if (delay === undefined) {
        if (!response) throw failure;
        if (!response.ok) sentRequests.set(response, { method, url, stringToSign: response.status === 401 ? stringToSign : undefined });
        return response;
      }
      await t.clock.sleep(delay, call.signal);
    }
  };
}
