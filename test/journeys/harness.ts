// What the TypeScript and newman drivers of the journey table share: the table, the mock's control API and the
// line each journey prints (`JOURNEY <id> <outcomes as JSON>`), read by scripts/journeys.mjs. The drivers in other
// languages (python/examples/journeys.py, go/examples/journeys/main.go) do the same in their own words.
import { readFileSync } from "node:fs";

export interface Fault {
  kind: string;
  operation_id: string;
  [field: string]: unknown;
}

export interface Journey {
  id: string;
  kind: "conversion" | "rfi-list" | "external-account";
  faults?: Fault[];
  advance_clock_seconds?: number;
  execute_again?: boolean;
  reconcile?: boolean;
  client_timeout_ms?: number;
  amount?: string;
  account_number?: string;
}

export interface Inputs {
  customer_id: string;
  from_asset: Record<string, unknown>;
  to_asset: Record<string, unknown>;
  amount_fields: [string, string];
  amount: Record<string, string>;
  bank_account: Record<string, string>;
  list_transactions: string;
}

/** The environment every driver gets from scripts/journeys.mjs; a missing variable stops it with its name. */
export function environment() {
  const need = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is not set: scripts/journeys.mjs sets it (npm run journeys).`);
    return value;
  };
  const baseUrl = need("FO_BASE_URL");
  return {
    baseUrl,
    // The control API is the mock's own: through a recording proxy (npm run journeys -- --record) it stays direct.
    controlUrl: process.env.FO_MOCK_CONTROL_URL || baseUrl,
    accessKey: need("FO_ACCESS_KEY"),
    secretKey: need("FO_SECRET_KEY"),
    controlToken: need("FO_MOCK_CONTROL_TOKEN"),
    table: need("FO_JOURNEYS"),
  };
}

export type Env = ReturnType<typeof environment>;

/** A control call: JSON, the control token; anything but a 2xx stops the journey. */
export async function control(env: Env, method: string, route: string, body?: unknown) {
  const res = await fetch(`${env.controlUrl}/__mock${route}`, {
    method,
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${env.controlToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`control ${method} ${route}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
}

/**
 * The transaction ids in a window, from the route that stands in for List Transactions (its path is not shown):
 * `inputs.list_transactions`, read with the control token. Without bounds, ten minutes either side of
 * `requestTime`, the window of the reference's procedure.
 */
export async function transactions(
  env: Env,
  inputs: Inputs,
  window: { created_after: string; created_before: string } | Date,
): Promise<string[]> {
  const margin = 10 * 60_000;
  const bounds =
    window instanceof Date
      ? {
          created_after: new Date(window.getTime() - margin).toISOString(),
          created_before: new Date(window.getTime() + margin).toISOString(),
        }
      : window;
  const query = new URLSearchParams({ customer_id: inputs.customer_id, ...bounds });
  const page = (await control(env, "GET", `${inputs.list_transactions.replace(/^\/__mock/, "")}?${query}`)) as {
    list: { transaction_id: string }[];
  };
  return page.list.map((t) => t.transaction_id);
}

/** The inputs of one journey: its own amount value and account number in place of the table's (`$distinct`). */
export function inputsOf(journey: Journey, inputs: Inputs): Inputs {
  const [field] = Object.keys(inputs.amount);
  return {
    ...inputs,
    amount: journey.amount && field ? { [field]: journey.amount } : inputs.amount,
    bank_account: journey.account_number
      ? { ...inputs.bank_account, account_number: journey.account_number }
      : inputs.bank_account,
  };
}

/** The outcome of a step that ended in an error the driver does not know: the journey stops there. */
export const unexpected = (error: unknown) =>
  `error ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`
    .split("\n")[0]!
    .replace(/\s+/g, " ")
    .slice(0, 200);

/** Whether an account lookup answer holds exactly the account sent (and, when given, the one created). */
export function theAccount(lookup: unknown, sent: Record<string, string>, created?: unknown): string {
  const list = (lookup as { list?: unknown[] } | undefined)?.list;
  if (!Array.isArray(list) || list.length === 0) return "no account";
  if (list.length > 1) return `${list.length} accounts`;
  const account = list[0] as Record<string, unknown>;
  const same = Object.entries(sent).every(([k, v]) => account[k] === v);
  const asCreated = created === undefined || JSON.stringify(created) === JSON.stringify(account);
  return same && asCreated ? "the account" : "another account";
}

export type Walk = (journey: Journey, inputs: Inputs) => Promise<string[]>;
/** A driver's walk of each kind of journey. */
export type Walks = Record<Journey["kind"], Walk>;

/** Runs every journey of the table (or those named in FO_JOURNEY_IDS) with the driver's walk, each on a reset mock. */
export async function main(walks: (env: Env) => Walks) {
  const env = environment();
  const table = JSON.parse(readFileSync(env.table, "utf8")) as { inputs: Inputs; journeys: Journey[] };
  const only = process.env.FO_JOURNEY_IDS?.split(",").filter(Boolean) ?? [];
  const walk = walks(env);
  for (const journey of table.journeys) {
    if (only.length > 0 && !only.includes(journey.id)) continue;
    await control(env, "POST", "/reset");
    for (const fault of journey.faults ?? []) await control(env, "POST", "/faults", fault);
    let outcomes: string[];
    try {
      outcomes = await walk[journey.kind](journey, inputsOf(journey, table.inputs));
    } catch (error) {
      outcomes = [unexpected(error)];
    }
    console.log(`JOURNEY ${journey.id} ${JSON.stringify(outcomes)}`);
  }
}
