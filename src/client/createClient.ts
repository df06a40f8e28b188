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
 * @throws ServerSideOnlyError for HMAC credentials in a browser page.
 */
export function createClient(options: ClientOptions): ApiClient {
  const authFor = createAuth(options);
  const transport: Transport = {
    fetch: options.fetch ?? ((url, init) => fetch(url, init)),
    retry: options.retry === false ? undefined : { ...defaultRetry, ...options.retry },
    timeout: options.timeout ?? 30_000,
    clock: options.clock ?? systemClock,
  };
  const core = createFetchClient<ClientPaths>({
    baseUrl: new URL(options.baseUrl).href,
    headers: options.headers,
    // rfi_status is one comma-separated parameter, not repeated: openapi-fetch ignores `explode`.
    querySerializer: { array: { style: "form", explode: false } },
  });
  const request = (method: string, template: string, { signal, bodySerializer, ...rest }: Init = {}) => {
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
