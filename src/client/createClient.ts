import createFetchClient from "openapi-fetch";
import { createAuth } from "./auth.ts";
import { recordingSerializer, type BodyRecord } from "./body.ts";
import { systemClock } from "./clock.ts";
import { withIdempotencyKey } from "./idempotency.ts";
import { executeQuote, idempotencyKeyOperations, isPortfolioPath } from "./operations.ts";
import type { ClientOptions } from "./options.ts";
import { defaultRetry } from "./retry.ts";
import { createSend, type Transport } from "./send.ts";
import type { ApiClient, ClientPaths } from "./types.ts";
import { baseUrlOf, checkOptions, checkPathParams } from "./validate.ts";

type Init = {
  params?: { path?: Record<string, unknown>; header?: Record<string, unknown> };
  body?: unknown;
  headers?: Parameters<typeof withIdempotencyKey>[1];
  signal?: AbortSignal | null;
  bodySerializer?: (body: unknown, headers?: Headers) => unknown;
} & Record<string, unknown>;

/**
 * An openapi-fetch client typed by the document that authenticates (HMAC in production, bearer in
 * sandbox and for portfolios), adds Idempotency-Keys, retries what is safe and times out attempts.
 * @throws InvalidCredentialsError on bad credentials, before any request.
 * @throws TypeError for a baseUrl that is not http(s) or carries a user name or password, or an out-of-range option.
 * @throws ServerSideOnlyError for HMAC credentials in a browser page.
 */
export function createClient(options: ClientOptions): ApiClient {
  const authFor = createAuth(options);
  const retry = options.retry === false ? undefined : { ...defaultRetry, ...options.retry };
  const transport: Transport = {
    fetch: options.fetch ?? ((url, init) => fetch(url, init)),
    retry,
    timeout: options.timeout ?? 30_000,
    maxResponseBytes: options.maxResponseBytes ?? 10 * 2 ** 20,
    clock: options.clock ?? systemClock,
  };
  checkOptions(transport, retry);
  const core = createFetchClient<ClientPaths>({
    baseUrl: baseUrlOf(options.baseUrl),
    headers: options.headers,
    // rfi_status is one comma-separated parameter, not repeated: openapi-fetch ignores `explode`.
    querySerializer: { array: { style: "form", explode: false } },
  });
  const request = async (method: string, template: string, { signal, bodySerializer, ...rest }: Init = {}) => {
    checkPathParams(rest.params?.path);
    const op = `${method} ${template}`;
    const keyed = idempotencyKeyOperations.has(op);
    const body: BodyRecord = {};
    return (core.request as Function)(method, template, {
      ...rest,
      params: keyed ? withIdempotencyKey(rest.params, rest.headers) : rest.params,
      bodySerializer: recordingSerializer(body, bodySerializer),
      duplex: "half",
      fetch: createSend(transport, {
        body,
        signal: signal ?? undefined,
        authorize: authFor(isPortfolioPath(template)),
        keyed,
        retryable: method === "GET" || method === "HEAD" || keyed,
        execute: op === executeQuote ? { customerId: rest.params?.path?.customer_id as string, quoteId: (rest.body as { quote_id?: string })?.quote_id } : undefined,
      }),
    });
  };
  const client: Record<string, unknown> = { ...core, request: (method: string, url: string, init?: Init) => request(method.toUpperCase(), url, init) };
  // One wrapper per method openapi-fetch has (GET ... TRACE).
  for (const m of Object.keys(core)) if (m === m.toUpperCase()) client[m] = (url: string, init?: Init) => request(m, url, init);
  return client as unknown as ApiClient;
}
