// The flow helpers against the stateful mock as `npm run mock -- --stateful --auth production` runs it:
// Prism behind the signature front on 127.0.0.1, the client signing every request. Each test drives the
// mock's virtual clock and faults through its control API, over HTTP like a user's test would.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import {
  type ApiClient,
  type ClientOptions,
  type Clock,
  type ConversionTransactionQuery,
  type RfiCase,
  createClient,
  createExternalAccount,
  createQuote,
  createRfiPoller,
  executeQuote,
  isOutcomeUnknownError,
  resolveExecuteOutcome,
} from "../../src/index.ts";
import { systemClock } from "../../src/clock.ts";
import { type RunningFront, startFront } from "../../src/mock/front.ts";
import { parseKeys } from "../../src/mock/auth/keys.ts";
import { statefulFrontOptions } from "../../src/mock/stateful/http.ts";
import { createStatefulMock } from "../../src/mock/stateful/index.ts";
import { type PrismInProcess, prismInProcess } from "../mock/prismInProcess.ts";
import { newSecret } from "../mock/support.ts";
import { type Body, CUSTOMER, type Logged, bankAccount } from "./support.ts";
import fixture from "../../src/mock/stateful/rfi-cases.json" with { type: "json" };

const creds = { accessKey: "AK-stateful", secretKey: newSecret() };
const dir = mkdtempSync(path.join(tmpdir(), "stateful-e2e-"));
const POLLED = "cust-poll";
const BOUNDARY = "2026-11-10T12:00:00+00:00";

/** 25 cases: 13 before the boundary instant, 12 exactly at it (more than a page of repeats). */
function pollFixture(): RfiCase[] {
  const template = (fixture.customers as Record<string, RfiCase[]>)[CUSTOMER]![1]!;
  return Array.from({ length: 25 }, (_, i) => ({
    ...template,
    case_id: `case-${String(i).padStart(2, "0")}`,
    updated_at: i < 13 ? `2026-11-10T11:${String(i * 4).padStart(2, "0")}:00+00:00` : BOUNDARY,
  }));
}

let prism: PrismInProcess;
let front: RunningFront;
let base: string;

beforeAll(async () => {
  const rfiFixture = path.join(dir, "rfi-cases.json");
  writeFileSync(rfiFixture, JSON.stringify({ customers: { [POLLED]: pollFixture() } }));
  const stateful = await createStatefulMock({ rfiFixture, control: true });
  prism = await prismInProcess();
  // Replays allowed: a retry or a second execute within the same second is byte-identical when signed, and
  // these tests are about the state behind the front, not its replay guard.
  front = await startFront({
    prism: prism.mocker,
    auth: "production",
    replay: "allow",
    keys: parseKeys({ [creds.accessKey]: creds.secretKey }, "test keys"),
    ...statefulFrontOptions(stateful),
  });
  base = front.url;
});
afterAll(async () => {
  await front?.close();
  await prism?.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => void (await controlCall("POST", "/reset")));

async function controlCall(method: string, route: string, body?: unknown): Promise<Body> {
  const res = await fetch(`${base}/__mock${route}`, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`control ${method} ${route}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
}
const inject = (fault: Record<string, unknown>) => controlCall("POST", "/faults", fault);

const client = (options: Partial<ClientOptions> = {}): ApiClient =>
  createClient({ baseUrl: base, credentials: creds, portfolioToken: "portfolio-token", ...options });
const quoteInput = {
  customerId: CUSTOMER,
  from_asset: { asset: "USDC" },
  to_asset: { asset: "EUR" },
  amountFields: ["pay_amount", "receive_amount"],
  amount: { pay_amount: "100" },
} as const;

/** List Transactions over the mock's records (the real path is not shown), paged by page number. */
async function listTransactions(q: ConversionTransactionQuery<number>) {
  const query = new URLSearchParams({
    customer_id: q.customerId,
    transaction_action: q.transaction_action,
    created_after: q.created_after,
    created_before: q.created_before,
    page: String(q.cursor ?? 1),
    size: "2",
  });
  const page = await controlCall("GET", `/transactions?${query}`);
  const read = ((q.cursor ?? 1) - 1) * 2 + page.list.length;
  return { items: page.list, next: read < page.total ? (q.cursor ?? 1) + 1 : undefined };
}

describe("executeQuote", () => {
  test("created: a PENDING order with its quote_id", async () => {
    const c = client();
    const quote = await createQuote(c, quoteInput);
    const result = await executeQuote(c, quote);
    expect(result.outcome).toBe("created");
    if (result.outcome !== "created") return;
    expect(result.order.order_status).toBe("PENDING");
    const read = await c.GET("/v1/customers/{customer_id}/conversions/order", {
      params: { path: { customer_id: CUSTOMER }, query: { transaction_id: result.order.transaction_id } },
    });
    expect(read.data?.quote_id).toBe(quote.quoteId);
  });

  // After the virtual clock passes 30 s; the client's own clock still sees it valid.
  test("expired: refused with 00020001 after 30 s", async () => {
    const c = client();
    const quote = await createQuote(c, quoteInput);
    await controlCall("POST", "/clock", { advance_seconds: 30 });
    const result = await executeQuote(c, quote);
    expect(result.outcome).toBe("refused");
    if (result.outcome === "refused") expect([result.error.status, result.error.code]).toEqual([400, "00020001"]);
  });

  // A second execute of the same quote, as from another process.
  test("already consumed: 409 00000006", async () => {
    const quote = await createQuote(client(), quoteInput);
    expect((await executeQuote(client(), quote)).outcome).toBe("created");
    const again = await executeQuote(client(), quote);
    expect(again.outcome).toBe("already-consumed");
    if (again.outcome === "already-consumed") expect([again.error.status, again.error.code]).toEqual([409, "00000006"]);
  });
});

describe("the execute-timeout procedure", () => {
  // The connection dropped after the order was recorded: an unknown outcome; resolveExecuteOutcome finds the order by
  // its quote_id.
  test("finds an order whose answer was dropped", async () => {
    const c = client();
    // Two other orders in the window, so the procedure has to read candidates and pages.
    for (let i = 0; i < 2; i++) await executeQuote(c, await createQuote(c, quoteInput));
    const quote = await createQuote(c, quoteInput);
    await inject({ kind: "drop-after", operation_id: "executeQuote" });
    const result = await executeQuote(c, quote);
    expect(result.outcome).toBe("unknown");
    const resolved = await resolveExecuteOutcome(c, result.record, { listTransactions, rounds: 1 });
    expect(resolved.status).toBe("found");
    if (resolved.status === "found") expect(resolved.conversion.quote_id).toBe(quote.quoteId);
    const log = (await controlCall("GET", "/requests")).requests;
    expect(log.filter((r: Logged) => r.operation_id === "executeQuote").map((r: Logged) => r.outcome)).toEqual([
      201,
      201,
      "drop",
    ]);
  });

  test("finds an order completed later on a later pass", async () => {
    const c = client({ timeout: 1_000 });
    const quote = await createQuote(c, quoteInput);
    await inject({ kind: "delay", delay_ms: 3_000, operation_id: "executeQuote" });
    const result = await executeQuote(c, quote);
    expect(result.outcome).toBe("unknown");
    if (result.outcome === "unknown") expect(isOutcomeUnknownError(result.cause)).toBe(true);
    const resolved = await resolveExecuteOutcome(c, result.record, {
      listTransactions,
      rounds: 5,
      baseDelayMs: 800,
      random: () => 1,
    });
    expect(resolved.status).toBe("found");
    expect(resolved.passes).toBeGreaterThan(1);
  });

  test("ends not-found-yet when nothing was recorded", async () => {
    const c = client();
    const quote = await createQuote(c, quoteInput);
    await inject({ kind: "drop-before", operation_id: "executeQuote" });
    const result = await executeQuote(c, quote);
    expect(result.outcome).toBe("unknown");
    const resolved = await resolveExecuteOutcome(c, result.record, { listTransactions, rounds: 2, baseDelayMs: 10 });
    expect(resolved.status).toBe("not-found-yet");
  });
});

describe("createExternalAccount", () => {
  test("recovers a dropped create by its key", async () => {
    await inject({ kind: "drop-after", operation_id: "createExternalAccount" });
    const result = await createExternalAccount(client({ retry: false }), {
      customerId: CUSTOMER,
      account: bankAccount,
      timeoutRetries: 0,
    });
    expect(result).toMatchObject({ status: "recovered", after: "unknown-outcome", attempts: 1 });
    if (result.status === "recovered")
      expect(result.lookup).toEqual({
        list: [{ ...bankAccount, institution_name: "Example National Bank" }],
        total: 1,
      });
  });

  test("a retry's 409 reads back the bound account", async () => {
    await inject({ kind: "drop-after", operation_id: "createExternalAccount" });
    const result = await createExternalAccount(client({ retry: { baseDelay: 1 } }), {
      customerId: CUSTOMER,
      account: bankAccount,
    });
    expect(result).toMatchObject({ status: "recovered", after: "conflict" });
    const posts = (await controlCall("GET", "/requests")).requests.filter(
      (r: Logged) => r.operation_id === "createExternalAccount",
    );
    expect(posts.map((r: Logged) => r.outcome)).toEqual(["drop", 409]);
    const all = await client().GET("/v1/customers/{customer_id}/external-accounts", {
      params: { path: { customer_id: CUSTOMER } },
    });
    expect((all.data as { total: number }).total).toBe(1);
  });
});

describe("RFI poller", () => {
  // Reads every page; the next poll drops the repeats the inclusive updated_from sends again.
  test("pages through, drops boundary repeats, loses nothing", async () => {
    const c = client();
    const poller = createRfiPoller(c, { customerId: POLLED, size: 10 });
    const first = await poller.poll();
    expect(first.map((x) => x.case_id)).toEqual(pollFixture().map((x) => x.case_id));
    expect(poller.state().updatedFrom).toBe("2026-11-10T12:00:00.000Z");

    // A case stamped exactly at the cursor arrives late, and an old one changes.
    const late = { ...pollFixture()[0]!, case_id: "case-late", updated_at: BOUNDARY };
    await controlCall("PUT", `/customers/${POLLED}/rfi-cases/case-late`, late);
    await controlCall("PATCH", `/customers/${POLLED}/rfi-cases/case-03`, {
      rfi_status: "CLOSED",
      updated_at: "2026-11-10T12:00:01+00:00",
    });

    // What the service sends for that cursor: the 12 boundary cases again, the late one, the changed one, over two
    // pages.
    const raw = await c.GET("/v1/customers/{customer_id}/rfi-cases", {
      params: { path: { customer_id: POLLED }, query: { updated_from: poller.state().updatedFrom!, size: 100 } },
    });
    expect(raw.data!.total).toBe(14);

    const second = await poller.poll();
    expect(second.map((x) => x.case_id).sort()).toEqual(["case-03", "case-late"]);
    expect(second.find((x) => x.case_id === "case-03")!.rfi_status).toBe("CLOSED");
    expect(await poller.poll()).toEqual([]);
    const listReads = (await controlCall("GET", "/requests")).requests.filter(
      (r: Logged) => r.operation_id === "listRfiCases",
    );
    // First poll 3 pages, the raw read, second poll 2 pages (the repeats span them), third poll 1.
    expect(listReads).toHaveLength(3 + 1 + 2 + 1);
  });
});

describe("client retries", () => {
  /**
   * The system clock, with every wait recorded and shortened so the test stays quick: the clock still moves on by
   * the whole wait (the signing ledger, src/signing/ledger.ts, expects a clock to advance while it sleeps), only
   * 20 ms of it pass for real; the mock's front allows timestamps that far ahead.
   */
  function recordingClock() {
    const waits: number[] = [];
    let skipped = 0;
    const clock: Clock = {
      now: () => Date.now() + skipped,
      sleep: (ms, signal) => {
        waits.push(ms);
        const real = Math.min(ms, 20);
        skipped += ms - real;
        return systemClock.sleep(real, signal);
      },
    };
    return { clock, waits };
  }

  test("a 429 waits exactly its Retry-After", async () => {
    const { clock, waits } = recordingClock();
    await inject({ kind: "status", status: 429, retry_after: 3, operation_id: "listRfiCases" });
    const r = await client({ clock, timeout: false }).GET("/v1/customers/{customer_id}/rfi-cases", {
      params: { path: { customer_id: POLLED } },
    });
    expect(r.response.status).toBe(200);
    expect(waits).toEqual([3000]);
  });

  test("a portfolio 503 waits its Retry-After", async () => {
    const { clock, waits } = recordingClock();
    await inject({ kind: "status", status: 503, retry_after: 2, operation_id: "getPortfolioHedge" });
    const r = await client({ clock, timeout: false }).GET("/v1/portfolios/{portfolio_id}/conversions/hedge", {
      params: { path: { portfolio_id: "pf-1" }, query: { conversion_id: "3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69" } },
    });
    expect(waits).toEqual([2000]);
    expect(r.response.status).toBe(404);
    expect((r.error as { error: { code: string } }).error.code).toBe("HEDGE_NOT_FOUND");
  });

  test("a Retry-After beyond the bound returns the 429", async () => {
    const { clock, waits } = recordingClock();
    await inject({ kind: "status", status: 429, retry_after: 120, operation_id: "listRfiCases" });
    const r = await client({ clock, timeout: false }).GET("/v1/customers/{customer_id}/rfi-cases", {
      params: { path: { customer_id: POLLED } },
    });
    expect([r.response.status, r.response.headers.get("Retry-After"), waits]).toEqual([429, "120", []]);
  });
});
