// The journey table's TypeScript client column: createClient and the flow helpers, as docs/client.md uses them
// (retries and timeout left at their defaults, but for the timeout journeys' client_timeout_ms).
import {
  type ApiClient,
  createClient,
  createExternalAccount,
  createQuote,
  executeQuote,
  findExternalAccountByKey,
  type IssuedQuote,
  isApiError,
  isTimeoutError,
  resolveExecuteOutcome,
} from "../../src/index.ts";
import { control, type Env, type Inputs, type Journey, main, theAccount, transactions, unexpected } from "./harness.ts";

const failure = (error: unknown) =>
  isTimeoutError(error)
    ? "timeout"
    : isApiError(error)
      ? `${error.status}${error.code ? ` ${error.code}` : ""}`
      : unexpected(error);

const walk = (env: Env) => {
  const client = (journey: Journey): ApiClient =>
    createClient({
      baseUrl: env.baseUrl,
      credentials: { accessKey: env.accessKey, secretKey: env.secretKey },
      ...(journey.client_timeout_ms ? { timeout: journey.client_timeout_ms } : {}),
    });

  async function conversion(journey: Journey, inputs: Inputs): Promise<string[]> {
    const c = client(journey);
    let quote: IssuedQuote;
    try {
      quote = await createQuote(c, {
        customerId: inputs.customer_id,
        from_asset: inputs.from_asset,
        to_asset: inputs.to_asset,
        amountFields: inputs.amount_fields,
        amount: inputs.amount as never,
      });
    } catch (error) {
      return [failure(error)];
    }
    const out = ["201"];
    if (journey.advance_clock_seconds)
      await control(env, "POST", "/clock", { advance_seconds: journey.advance_clock_seconds });
    const executed = await executeQuote(c, quote);
    if (executed.outcome === "unknown") {
      out.push("unknown");
      if (!journey.reconcile) return out;
      const resolved = await resolveExecuteOutcome(c, executed.record, {
        rounds: 1,
        listTransactions: async (q) => ({
          items: (await transactions(env, inputs, q)).map((transaction_id) => ({ transaction_id })),
        }),
      });
      out.push(resolved.status);
      return out;
    }
    if (executed.outcome !== "created") return [...out, failure(executed.error)];
    out.push(`201 ${executed.order.order_status}`);
    if (journey.execute_again) {
      // A second execute of the same quote, as from another process (this client refuses it before sending).
      const again = await executeQuote(client(journey), quote);
      out.push(
        again.outcome === "created"
          ? `201 ${again.order.order_status}`
          : again.outcome === "unknown"
            ? "unknown"
            : failure(again.error),
      );
      return out;
    }
    const read = await c.GET("/v1/customers/{customer_id}/conversions/order", {
      params: { path: { customer_id: inputs.customer_id }, query: { transaction_id: executed.order.transaction_id } },
    });
    out.push(
      read.response.ok
        ? `200${read.data?.quote_id === quote.quoteId ? " quote_id" : " another quote_id"}`
        : String(read.response.status),
    );
    return out;
  }

  async function rfiList(journey: Journey, inputs: Inputs): Promise<string[]> {
    try {
      const res = await client(journey).GET("/v1/customers/{customer_id}/rfi-cases", {
        params: { path: { customer_id: inputs.customer_id } },
      });
      return [
        res.response.ok
          ? `${res.response.status}${Array.isArray(res.data?.list) ? " list" : ""}`
          : String(res.response.status),
      ];
    } catch (error) {
      return [failure(error)];
    }
  }

  async function externalAccount(journey: Journey, inputs: Inputs): Promise<string[]> {
    const c = client(journey);
    const idempotencyKey = globalThis.crypto.randomUUID();
    let first: string;
    let created: unknown;
    try {
      const result = await createExternalAccount(c, {
        customerId: inputs.customer_id,
        account: inputs.bank_account as never,
        idempotencyKey,
      });
      first = result.status === "created" ? "201" : "recovered";
      if (result.status === "created") created = result.account;
    } catch (error) {
      first = failure(error);
    }
    // The reader's check, with a client of default timeout: the account bound to the key.
    const lookup = await findExternalAccountByKey(
      client({ ...journey, client_timeout_ms: undefined }),
      inputs.customer_id,
      idempotencyKey,
    );
    return [first, `200 ${theAccount(lookup, inputs.bank_account, created)}`];
  }

  return { conversion, "rfi-list": rfiList, "external-account": externalAccount };
};

await main(walk);
