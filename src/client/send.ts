import { sentRequests } from "../errors/normalizeError.ts";
import { OutcomeUnknownError } from "../errors/OutcomeUnknownError.ts";
import { TimeoutError } from "../errors/TimeoutError.ts";
import { hashBody } from "../signing/signRequest.ts";
import type { Authorize } from "./auth.ts";
import { type BodyRecord, toBytes } from "./body.ts";
import type { Clock } from "./clock.ts";
import { IDEMPOTENCY_KEY } from "./idempotency.ts";
import type { FetchLike } from "./options.ts";
import { type RetryPolicy, retryDelay } from "./retry.ts";
import { attemptSignal } from "./timeout.ts";

export interface Transport {
  fetch: FetchLike;
  authorize: Authorize;
  retry: RetryPolicy | undefined;
  timeout: number | false;
  clock: Clock;
}

export interface Call {
  body: BodyRecord;
  signal: AbortSignal | undefined;
  /** Reads, and POSTs that take an Idempotency-Key. */
  retryable: boolean;
  keyed: boolean;
  portfolio: boolean;
  /** Set for Execute Quote: what the reference's procedure needs when its outcome is unknown. */
  execute: { customerId: string | undefined; quoteId: string | undefined } | undefined;
}

/**
 * The fetch given to openapi-fetch for one call. It never reads the body back out of the Request:
 * it sends the recorded bytes, signs every attempt afresh, and retries only what `call` allows.
 */
export function createSend(t: Transport, call: Call) {
  return async (request: Request): Promise<Response> => {
    const { url, method } = request;
    const { bytes, contentType } = await toBytes(call.body.value);
    let hash: string | undefined;
    const bodyHash = () => (hash ??= hashBody(bytes));
    const path = new URL(url).pathname;
    for (let retry = 0; ; retry++) {
      call.signal?.throwIfAborted();
      const headers = new Headers(request.headers);
      if (!call.keyed) headers.delete(IDEMPOTENCY_KEY);
      if (contentType && !headers.has("Content-Type")) headers.set("Content-Type", contentType);
      const time = t.clock.now();
      const stringToSign = t.authorize({ headers, method, path, bodyHash, time, portfolio: call.portfolio });
      const attempt = attemptSignal(call.signal, t.timeout, t.clock);
      let response: Response | undefined;
      let failure: unknown;
      try {
        response = await t.fetch(url, { method, headers, body: (bytes ?? null) as BodyInit | null, signal: attempt.signal, redirect: request.redirect });
      } catch (error) {
        if (call.signal?.aborted) throw error;
        failure = attempt.timedOut() ? new TimeoutError(method, url, t.timeout as number) : error;
        if (call.execute) throw new OutcomeUnknownError(method, url, { ...call.execute, requestTime: new Date(time), traceId: undefined }, failure);
      } finally {
        attempt.done();
      }
      const delay = call.retryable && t.retry ? retryDelay(t.retry, retry, response, t.clock.now()) : undefined;
      if (delay === undefined) {
        if (!response) throw failure;
        if (!response.ok) sentRequests.set(response, { method, url, stringToSign });
        return response;
      }
      // Frees the connection; not awaited, as a tee'd body (a cloned response) settles its cancel only with its twin.
      response?.body?.cancel().catch(() => {});
      await t.clock.sleep(delay, call.signal);
    }
  };
}
