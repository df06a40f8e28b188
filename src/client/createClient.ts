import type { FetchOptions, HeadersOptions } from "openapi-fetch";
import { createAuth } from "./auth.ts";
import { mergeHeaders } from "./headers.ts";
import { serializeBody } from "./body.ts";
import { systemClock } from "../clock.ts";
import { IDEMPOTENCY_KEY, setIdempotencyKey } from "./idempotency.ts";
import { executeOperations, idempotencyKeyOperations, isPortfolioPath } from "./operations.ts";
import type { ClientOptions } from "./options.ts";
import { toResult } from "./result.ts";
import { defaultRetry } from "./retry.ts";
import { send, type Transport } from "./send.ts";
import type { ApiClient } from "./types.ts";
import { fillPath, serializeQuery } from "./url.ts";
import { baseUrlOf, checkMethod, checkOptions } from "./validate.ts";
import { InvalidOptionError } from "../errors/InvalidOptionError.ts";

/**
 * What one call takes: openapi-fetch's own per-request options (FetchOptions), for any operation: params
 * and body are typed per operation by ApiClient, so here they are only the shapes every operation shares.
 */
type Init = FetchOptions<AnyOperation>;
type AnyOperation = {
  parameters: { path?: Record<string, unknown>; query?: Record<string, unknown>; header?: HeadersOptions };
  requestBody?: { content: { [media: string]: unknown } };
};

/**
 * A client typed by the document, with openapi-fetch's call signatures and results, that
 * authenticates (HMAC in production, bearer in sandbox and for portfolios), adds Idempotency-Keys,
 * retries what is safe and times out attempts. It builds each call itself (openapi-fetch's header
 * rules, the document's path and query styles) and hands fetch the URL, headers and exact bytes it
 * signed: no Request is built in between.
 * @throws InvalidCredentialsError on bad credentials, before any request.
 * @throws InvalidOptionError for a baseUrl that is not http(s) or carries a user name or password, or an out-of-range
 * option.
 * @throws ServerSideOnlyError for HMAC credentials in a browser page.
 */
export function createClient(options: ClientOptions): ApiClient {
  const clock = options.clock ?? systemClock;
  const authFor = createAuth(options, clock);
  const retry = options.retry === false ? undefined : { ...defaultRetry, ...options.retry };
  const transport: Transport = {
    fetch: options.fetch ?? ((url, init) => fetch(url, init)),
    retry,
    timeout: options.timeout ?? 30_000,
    maxResponseBytes: options.maxResponseBytes ?? 10 * 2 ** 20,
    clock,
  };
  checkOptions(transport, retry);
  const baseUrl = baseUrlOf(options.baseUrl);

  const request = async (method: string, template: string, init: Init = {}) => {
    const { params = {}, body, signal, querySerializer: qs, fetch: perCall } = init;
    // openapi-fetch options this client does not take: refused rather than ignored, one problem per message.
    if ("middleware" in init)
      throw new InvalidOptionError("middleware", "middleware is not supported: wrap the fetch option");
    if (qs && typeof qs !== "function")
      throw new InvalidOptionError("querySerializer", "querySerializer options are not supported: pass a function");
    const search = (qs ?? serializeQuery)(params.query ?? {}).replace(/^\?/, "");
    const origin = init.baseUrl ? baseUrlOf(init.baseUrl) : baseUrl;
    const url = `${origin}${(init.pathSerializer ?? fillPath)(template, params.path ?? {})}${search && `?${search}`}`;
    const op = `${method} ${template}`;
    const keyed = idempotencyKeyOperations.has(op);
    const headers = mergeHeaders(options.headers, init.headers, params.header as HeadersOptions);
    if (keyed) setIdempotencyKey(headers);
    else headers.delete(IDEMPOTENCY_KEY);
    const bytes = await serializeBody(body, headers, init.bodySerializer);
    const received = await send(
      perCall ? { ...transport, fetch: (url, req) => perCall(new Request(url, req)) } : transport,
      {
        url,
        method,
        headers,
        bytes,
        signal: signal ?? undefined,
        authorize: authFor(isPortfolioPath(template)),
        retryable: method === "GET" || method === "HEAD" || keyed,
        execute: executeOperations.has(op)
          ? { customerId: params.path?.customer_id as string, quoteId: (body as { quote_id?: string })?.quote_id }
          : undefined,
      },
    );
    return toResult(received, method, init.parseAs);
  };
  const client: Record<string, unknown> = {
    request: async (method: string, url: string, init?: Init) => request(checkMethod(method), url, init),
  };
  for (const m of "GET PUT POST DELETE OPTIONS HEAD PATCH TRACE".split(" "))
    client[m] = (url: string, init?: Init) => request(m, url, init);
  return client as unknown as ApiClient;
}
