// The journey table's Postman column: the shipped collection (generated/postman/) run by newman with the shipped
// production environment, its collection-level pre-request script signing each request. Each step runs the
// collection's own request (found by its name) with the journey's values set, as a user edits it in Postman; the
// mock's control calls come between the steps. Postman and newman do not retry: a 503 is the answer the user sees.
// The timeout journeys use newman's --timeout-request.
import { readFileSync } from "node:fs";
import path from "node:path";
import newman from "newman";
import { type Env, type Inputs, type Journey, control, main, theAccount, transactions, unexpected } from "./harness.ts";

const root = path.join(import.meta.dirname, "../..");
interface Item {
  name: string;
  request: {
    url: { query?: { key: string; value: string; disabled?: boolean }[]; variable?: { key: string; value: string }[] };
    header?: { key: string; value: string; disabled?: boolean }[];
    body?: { mode?: string; raw?: string };
  };
  item?: Item[];
}
const collection = JSON.parse(
  readFileSync(path.join(root, "generated/postman/financial-operations-api.postman_collection.json"), "utf8"),
) as { item: Item[] };
const environment = JSON.parse(
  readFileSync(path.join(root, "generated/postman/production.postman_environment.json"), "utf8"),
) as { values: { key: string; value: string }[] };

/** The collection's request of that name. */
function request(name: string): Item {
  const found = collection.item.flatMap((folder) => folder.item ?? []).find((item) => item.name === name);
  if (!found) throw new Error(`The shipped collection has no request named ${JSON.stringify(name)}.`);
  return structuredClone(found);
}

interface Step {
  name: string;
  customer: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs?: number;
}

/** What newman got for one request: the status and the body, or the error that stopped it. */
type Answer = { status: number; body: unknown } | { error: Error & { code?: string } };

const walk = (env: Env) => {
  const values = { baseUrl: env.baseUrl, accessKey: env.accessKey, secretKey: env.secretKey };
  // What a Postman session keeps from one request to the next: the environment, the globals and the collection's
  // variables as the scripts left them (carried from each newman run to the next, as the app keeps them).
  const session: { environment: unknown; globals: unknown; variable: unknown } = {
    environment: {
      ...environment,
      values: environment.values.map((v) =>
        v.key in values ? { ...v, value: values[v.key as keyof typeof values] } : v,
      ),
    },
    globals: undefined,
    variable: (collection as { variable?: unknown }).variable,
  };

  type Scope = { values: { toJSON(): unknown } };

  /** Runs one request of the collection with newman, the way a user sets its values. */
  function send(step: Step): Promise<Answer> {
    const item = request(step.name);
    for (const v of item.request.url.variable ?? []) if (v.key === "customer_id") v.value = step.customer;
    // The example query values are the collection's; a step sends only the ones it names.
    item.request.url.query = Object.entries(step.query ?? {}).map(([key, value]) => ({ key, value }));
    for (const h of item.request.header ?? [])
      if (step.headers && h.key in step.headers) h.value = step.headers[h.key]!;
    if (step.body !== undefined)
      item.request.body = { ...item.request.body, mode: "raw", raw: JSON.stringify(step.body) };
    return new Promise((resolve, reject) => {
      let answer: Answer | undefined;
      const scriptErrors: string[] = [];
      newman
        .run({
          collection: { ...collection, variable: session.variable, item: [item] } as never,
          environment: session.environment as never,
          ...(session.globals ? { globals: session.globals as never } : {}),
          reporters: [],
          ...(step.timeoutMs ? { timeoutRequest: step.timeoutMs } : {}),
        })
        .on("script", (err) => err && scriptErrors.push(err.message))
        // The collection's variables as the pre-request script left them (its signing ledger among them): newman's
        // summary keeps the collection's own, not the script's, so they are read from the script's result.
        .on("prerequest", (_err, args) => {
          for (const { result } of (args as { executions?: { result?: { collectionVariables?: Scope } }[] })
            .executions ?? [])
            if (result?.collectionVariables) session.variable = result.collectionVariables.values.toJSON();
        })
        .on("request", (err, args) => {
          if (err) answer = { error: err };
          else {
            const text = args.response.stream?.toString() ?? "";
            let body: unknown;
            try {
              body = text ? JSON.parse(text) : undefined;
            } catch {
              body = text;
            }
            answer = { status: args.response.code, body };
          }
        })
        .on("done", (err, summary) => {
          if (summary) {
            session.environment = summary.environment.toJSON();
            session.globals = summary.globals.toJSON();
          }
          if (err || scriptErrors.length) reject(err ?? new Error(scriptErrors.join("; ")));
          else if (!answer) reject(new Error(`newman sent no request for ${step.name}`));
          else resolve(answer);
        });
    });
  }

  /** The table's token of an answer: the status, with the envelope's code when it is an error that has one. */
  const token = (a: Answer) => {
    if ("error" in a)
      return a.error.code === "ESOCKETTIMEDOUT" || a.error.code === "ETIMEDOUT" ? "timeout" : unexpected(a.error);
    const code = (a.body as { code?: unknown } | undefined)?.code;
    return a.status >= 400 && typeof code === "string" ? `${a.status} ${code}` : String(a.status);
  };
  const body = (a: Answer) => ("error" in a ? undefined : (a.body as Record<string, unknown> | undefined));

  async function conversion(journey: Journey, inputs: Inputs): Promise<string[]> {
    const customer = inputs.customer_id;
    const quote = await send({
      name: "Create a quote",
      customer,
      body: { from_asset: inputs.from_asset, to_asset: inputs.to_asset, ...inputs.amount },
    });
    const quoteId = body(quote)?.quote_id;
    if ("error" in quote || quote.status !== 201 || typeof quoteId !== "string") return [token(quote)];
    const out = ["201"];
    if (journey.advance_clock_seconds)
      await control(env, "POST", "/clock", { advance_seconds: journey.advance_clock_seconds });
    const execute = () => send({ name: "Execute a quote", customer, body: { quote_id: quoteId } });
    const requestTime = new Date();
    const executed = await execute();
    if ("error" in executed) {
      out.push("unknown");
      if (!journey.reconcile) return out;
      for (const transaction_id of await transactions(env, inputs, requestTime)) {
        const read = await send({ name: "Get a conversion", customer, query: { transaction_id } });
        if (body(read)?.quote_id === quoteId) return [...out, "found"];
      }
      return [...out, "not-found-yet"];
    }
    if (executed.status !== 201) return [...out, token(executed)];
    out.push(`201 ${body(executed)?.order_status}`);
    if (journey.execute_again) return [...out, token(await execute())];
    const read = await send({
      name: "Get a conversion",
      customer,
      query: { transaction_id: String(body(executed)?.transaction_id) },
    });
    if (token(read) !== "200") return [...out, token(read)];
    return [...out, `200 ${body(read)?.quote_id === quoteId ? "quote_id" : "another quote_id"}`];
  }

  async function rfiList(journey: Journey, inputs: Inputs): Promise<string[]> {
    const list = await send({
      name: "List RFI cases",
      customer: inputs.customer_id,
      timeoutMs: journey.client_timeout_ms,
    });
    return [token(list) === "200" && Array.isArray(body(list)?.list) ? "200 list" : token(list)];
  }

  async function externalAccount(journey: Journey, inputs: Inputs): Promise<string[]> {
    const key = globalThis.crypto.randomUUID();
    const created = await send({
      name: "Create an external account",
      customer: inputs.customer_id,
      headers: { "Idempotency-Key": key },
      body: inputs.bank_account,
      timeoutMs: journey.client_timeout_ms,
    });
    const lookup = await send({
      name: "List external accounts, or find one by idempotency key",
      customer: inputs.customer_id,
      query: { idempotency_key: key },
    });
    const account = token(created) === "201" ? body(created) : undefined;
    return [
      token(created),
      token(lookup) === "200" ? `200 ${theAccount(body(lookup), inputs.bank_account, account)}` : token(lookup),
    ];
  }

  return { conversion, "rfi-list": rfiList, "external-account": externalAccount };
};

await main(walk);
