// Traffic with known departures from the document: a local upstream that answers the document's operations, some as
// the document says and some with one departure of each kind the drift report knows (a field that breaks its schema, an
// endpoint the document lacks, a status the operation does not list, a gateway's text/html 502, a member the reference
// does not show, a value a gap waits for), and the requests a client sends through the signing proxy, each twice.
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export const CUSTOMER = "c0ffee00-0000-4000-8000-000000000001";
const C = `/v1/customers/${CUSTOMER}`;
export const QUOTE = "3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69";
/** The banking values the client sends and the upstream echoes: none may reach the recording or the report. */
export const BANKING = {
  account_number: "123456789012",
  account_holder_name: "Jane Q Public",
  institution_id: "021000021",
};
export const IDEMPOTENCY_KEY = "0f8e2a51-6c3d-4b7e-9a12-5d4c3b2a1f09";
export const PORTFOLIO_TOKEN = "portfolio-token-7Hq2Lx9";

const RFI_CASE = {
  case_id: "7ecdb953-298e-4b86-929e-8916fd2559f7",
  case_class: "RECIPIENT",
  rfi_status: "ACTION_REQUIRED",
  subject: { type: "RECIPIENT", id: "c991edb9-60d7-41ba-9cc7-1b4754a8904d" },
  requirements: [
    {
      requirement_id: "7063d699-6382-4c95-bf28-0bc2d37883d4",
      type: "TEXT",
      accepted_document_types: [],
      required: true,
      status: "ACTION_REQUIRED",
      note: "Describe your relationship with the recipient.",
      submissions: [],
    },
  ],
  created_at: "2026-11-02T08:00:00+00:00",
  updated_at: "2026-11-02T08:47:00+00:00",
};

export interface Call {
  /** What the call is: as the document says, or the departure it carries. */
  name: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  answer: { status: number; type: string; body: string };
}

const json = (status: number, body: unknown) => ({ status, type: "application/json", body: JSON.stringify(body) });

/** Each call the client makes (twice), and what the upstream answers it. */
export const CALLS: Call[] = [
  {
    name: "conforms: Execute Quote",
    method: "POST",
    path: `${C}/conversions/hedge`,
    body: { quote_id: QUOTE },
    answer: json(201, { transaction_id: "t-1", order_status: "PENDING" }),
  },
  {
    name: "conforms: Get Conversion",
    method: "GET",
    path: `${C}/conversions/order?transaction_id=t-1`,
    answer: json(200, { quote_id: QUOTE }),
  },
  {
    name: "conforms: Create Portfolio Quote",
    method: "POST",
    path: "/v1/portfolios/p-1/conversions/quote",
    headers: { Authorization: `Bearer ${PORTFOLIO_TOKEN}` },
    body: { from_asset: { asset: "USDC" }, to_asset: { asset: "EUR" } },
    answer: json(200, { quote_id: "pq-1", valid_until: "2026-12-01T10:00:30Z" }),
  },
  {
    name: "schema: quote_id not a UUID",
    method: "GET",
    path: `${C}/conversions/order?transaction_id=t-2`,
    answer: json(200, { quote_id: "not-a-uuid" }),
  },
  {
    name: "endpoint the document lacks",
    method: "GET",
    path: `${C}/transactions?transaction_action=CONVERSION`,
    answer: json(200, { list: [] }),
  },
  {
    name: "status the operation does not list: 422",
    method: "POST",
    path: `${C}/external-accounts`,
    headers: { "Idempotency-Key": IDEMPOTENCY_KEY },
    body: { network: "US_ACH", currency: "USD", country_code: "USA", ...BANKING },
    answer: json(422, {
      code: "00000002",
      status: 422,
      detail: "Unprocessable.",
      instance: `${C}/external-accounts`,
      trace_id: "tr-1",
      // The service echoes the banking details: masked in the recording.
      rejected: BANKING,
    }),
  },
  {
    name: "a gateway's text/html 502",
    method: "GET",
    path: "/v1/portfolios/p-1/conversions/hedge?conversion_id=conv-1",
    headers: { Authorization: `Bearer ${PORTFOLIO_TOKEN}` },
    answer: { status: 502, type: "text/html", body: "<html><body><h1>502 Bad Gateway</h1></body></html>" },
  },
  {
    name: "a member the reference does not show: risk_score in an RFI case",
    method: "GET",
    path: `${C}/rfi-cases`,
    answer: json(200, { list: [{ ...RFI_CASE, risk_score: 3 }], total: 1 }),
  },
  {
    name: "a value the gap waits for: order_status COMPLETED at Execute Quote",
    method: "POST",
    path: `${C}/conversions/hedge`,
    body: { quote_id: "6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d" },
    answer: json(201, { transaction_id: "t-3", order_status: "COMPLETED" }),
  },
  {
    name: "a member the reference does not show: order_status in a conversion read",
    method: "GET",
    path: `${C}/conversions/order?transaction_id=t-3`,
    answer: json(200, { quote_id: QUOTE, order_status: "COMPLETED" }),
  },
];

/** The upstream: answers each call's method and path (query included) with its answer, anything else 404. */
export async function startUpstream(): Promise<{ url: string; authorizations: string[]; close(): Promise<void> }> {
  const authorizations: string[] = [];
  const server = http.createServer((req, res) => {
    authorizations.push(String(req.headers.authorization ?? ""));
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString();
      const call = CALLS.find(
        (c) =>
          c.method === req.method && c.path === req.url && (c.body === undefined || JSON.stringify(c.body) === body),
      );
      if (!call) return res.writeHead(404, { "Content-Type": "text/plain" }).end("no such call");
      res.writeHead(call.answer.status, { "Content-Type": call.answer.type }).end(call.answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    authorizations,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sends every call through `proxy`, twice; resolves with each answer's status and bytes as the client got them. */
export async function sendCalls(proxy: string): Promise<{ call: Call; status: number; body: string }[]> {
  const got: { call: Call; status: number; body: string }[] = [];
  for (let round = 0; round < 2; round++)
    for (const call of CALLS) {
      const headers: Record<string, string> = { ...call.headers };
      if (call.body !== undefined) headers["Content-Type"] = "application/json";
      // A new key per keyed request, as the reference asks; its value is masked in the recording either way.
      if (headers["Idempotency-Key"] && round > 0) headers["Idempotency-Key"] = randomUUID();
      const res = await fetch(`${proxy}${call.path}`, {
        method: call.method,
        headers,
        ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      });
      got.push({ call, status: res.status, body: Buffer.from(await res.arrayBuffer()).toString() });
    }
  return got;
}
