// The journey table's signing-fetch column: plain openapi-fetch with createSigningFetch as its fetch, as
// docs/signing-fetch.md shows it. openapi-fetch neither retries nor times out: a 503 is the answer the caller gets,
// and the timeout journeys pass AbortSignal.timeout, as a caller would. Reconciliation is the reference's procedure
// by hand: the transactions around the request time, then Get Conversion of each for the quote_id.
import createClient from "openapi-fetch";
import type { paths } from "../../generated/types.ts";
import { createSigningFetch } from "../../src/fetch/index.ts";
import { type Env, type Inputs, type Journey, control, main, theAccount, transactions, unexpected } from "./harness.ts";

const failure = (error: unknown) =>
  error instanceof Error && error.name === "TimeoutError" ? "timeout" : unexpected(error);

/** An error answer as the token the table compares: its status, and the envelope's code when there is one. */
const answered = (status: number, error: unknown) => {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? `${status} ${code}` : String(status);
};

const walk = (env: Env) => {
  const client = createClient<paths>({
    baseUrl: env.baseUrl,
    fetch: createSigningFetch({
      baseUrl: env.baseUrl,
      credentials: { accessKey: env.accessKey, secretKey: env.secretKey },
    }),
  });
  const signal = (journey: Journey) =>
    journey.client_timeout_ms ? AbortSignal.timeout(journey.client_timeout_ms) : undefined;

  async function conversion(journey: Journey, inputs: Inputs): Promise<string[]> {
    const customer = { customer_id: inputs.customer_id };
    const quote = await client.POST("/v1/customers/{customer_id}/conversions/quote", {
      params: { path: customer },
      body: { from_asset: inputs.from_asset, to_asset: inputs.to_asset, ...inputs.amount },
    });
    if (!quote.data) return [answered(quote.response.status, quote.error)];
    const quoteId = quote.data.quote_id;
    const out = [String(quote.response.status)];
    if (journey.advance_clock_seconds)
      await control(env, "POST", "/clock", { advance_seconds: journey.advance_clock_seconds });
    const execute = () =>
      client.POST("/v1/customers/{customer_id}/conversions/hedge", {
        params: { path: customer },
        body: { quote_id: quoteId },
      });
    const requestTime = new Date();
    let executed: Awaited<ReturnType<typeof execute>>;
    try {
      executed = await execute();
    } catch {
      out.push("unknown");
      if (!journey.reconcile) return out;
      for (const transaction_id of await transactions(env, inputs, requestTime)) {
        const read = await client.GET("/v1/customers/{customer_id}/conversions/order", {
          params: { path: customer, query: { transaction_id } },
        });
        if (read.data?.quote_id === quoteId) return [...out, "found"];
      }
      return [...out, "not-found-yet"];
    }
    if (!executed.data) return [...out, answered(executed.response.status, executed.error)];
    out.push(`${executed.response.status} ${executed.data.order_status}`);
    if (journey.execute_again) {
      const again = await execute();
      return [...out, again.data ? `${again.response.status}` : answered(again.response.status, again.error)];
    }
    const read = await client.GET("/v1/customers/{customer_id}/conversions/order", {
      params: { path: customer, query: { transaction_id: executed.data.transaction_id } },
    });
    return [
      ...out,
      read.data
        ? `${read.response.status}${read.data.quote_id === quoteId ? " quote_id" : " another quote_id"}`
        : answered(read.response.status, read.error),
    ];
  }

  async function rfiList(journey: Journey, inputs: Inputs): Promise<string[]> {
    try {
      const res = await client.GET("/v1/customers/{customer_id}/rfi-cases", {
        params: { path: { customer_id: inputs.customer_id } },
        signal: signal(journey),
      });
      return [
        res.data
          ? `${res.response.status}${Array.isArray(res.data.list) ? " list" : ""}`
          : answered(res.response.status, res.error),
      ];
    } catch (error) {
      return [failure(error)];
    }
  }

  async function externalAccount(journey: Journey, inputs: Inputs): Promise<string[]> {
    const key = globalThis.crypto.randomUUID();
    let first: string;
    let created: unknown;
    try {
      const res = await client.POST("/v1/customers/{customer_id}/external-accounts", {
        params: { path: { customer_id: inputs.customer_id }, header: { "Idempotency-Key": key } },
        body: inputs.bank_account as never,
        signal: signal(journey),
      });
      first = res.data ? String(res.response.status) : answered(res.response.status, res.error);
      created = res.data;
    } catch (error) {
      first = failure(error);
    }
    const lookup = await client.GET("/v1/customers/{customer_id}/external-accounts", {
      params: { path: { customer_id: inputs.customer_id }, query: { idempotency_key: key } },
    });
    return [
      first,
      lookup.data
        ? `${lookup.response.status} ${theAccount(lookup.data, inputs.bank_account, created)}`
        : answered(lookup.response.status, lookup.error),
    ];
  }

  return { conversion, "rfi-list": rfiList, "external-account": externalAccount };
};

await main(walk);
