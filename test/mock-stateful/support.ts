// In-process helpers for the stateful mock's unit tests: requests go straight to `handle`, no sockets.
import {
  type Reply,
  type StatefulMock,
  type StatefulOptions,
  createStatefulMock,
} from "../../src/mock/stateful/index.ts";
import { bankAccount } from "../fixtures/operations.ts";

export { bankAccount };
export const CUSTOMER = "c0ffee00-0000-4000-8000-000000000001";
export const OTHER_CUSTOMER = "c0ffee00-0000-4000-8000-000000000002";
export const C = `/v1/customers/${CUSTOMER}`;
export const P = "/v1/portfolios/pf-1";
export const KEY = "9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d";
export const BEARER = { authorization: "Bearer sandbox-token" };

/** A JSON answer body: of many shapes, each test reads the fields it checks. */
// biome-ignore lint/suspicious/noExplicitAny: answer bodies are arbitrary JSON, read field by field in the tests
export type Body = any;

/** A request log entry, as far as the tests read it. */
export interface Logged {
  operation_id: string;
  outcome: unknown;
  fault?: string;
}

export interface Call {
  query?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A stateful mock on a clock the test sets (`time.ms`), starting 2026-11-21T09:30:00Z, its control API on. */
export async function testMock(options: StatefulOptions = {}) {
  const time = { ms: Date.UTC(2026, 10, 21, 9, 30, 0) };
  const mock = await createStatefulMock({ now: () => time.ms, control: true, ...options });
  return { mock, time };
}

/** The port in-process control calls claim to have come in on. */
export const LOCAL_PORT = 4010;

/** A control call as the mock's owner makes it: own Host, JSON content type, `headers` on top. */
export function ctl(
  mock: StatefulMock,
  method: string,
  route: string,
  body?: unknown,
  query = "",
  headers: Record<string, string> = {},
) {
  const bytes =
    body === undefined
      ? new Uint8Array()
      : typeof body === "string" && headers.raw
        ? Buffer.from(body)
        : Buffer.from(JSON.stringify(body));
  const all = { host: `127.0.0.1:${LOCAL_PORT}`, "content-type": "application/json", ...lower(headers) };
  delete (all as Record<string, string>).raw;
  return mock.control({
    method,
    path: `${mock.controlPrefix}${route}`,
    query,
    headers: all,
    body: bytes,
    localPort: LOCAL_PORT,
  }) as Reply & { body: Body };
}

/** Sends one request to `handle` as the front would after authentication. */
export async function call(
  mock: StatefulMock,
  method: string,
  path: string,
  { query = "", body, headers = {} }: Call = {},
) {
  const bytes =
    body === undefined
      ? new Uint8Array()
      : typeof body === "string"
        ? Buffer.from(body)
        : Buffer.from(JSON.stringify(body));
  const allHeaders = {
    ...BEARER,
    ...(body === undefined ? {} : { "content-type": "application/json" }),
    ...lower(headers),
  };
  return mock.handle({ method, path, query, headers: allHeaders, body: bytes });
}

/** Like `call`, for a request the stateful mode must answer. */
export async function answer(
  mock: StatefulMock,
  method: string,
  path: string,
  c: Call = {},
): Promise<Reply & { body: Body }> {
  const outcome = await call(mock, method, path, c);
  if (outcome === undefined || outcome === "drop")
    throw new Error(`${method} ${path} was not answered: ${String(outcome)}`);
  return outcome as Reply & { body: Body };
}

const lower = (h: Record<string, string>) =>
  Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));

export const quoteBody = (amount: Record<string, unknown> = { pay_amount: "100" }) => ({
  from_asset: { asset: "USDC" },
  to_asset: { asset: "EUR" },
  ...amount,
});

/** A fresh customer quote's id. */
export async function newQuote(mock: StatefulMock, customerPath = C): Promise<string> {
  const r = await answer(mock, "POST", `${customerPath}/conversions/quote`, { body: quoteBody() });
  if (r.status !== 201) throw new Error(`quote: ${r.status}`);
  return r.body.quote_id;
}
