// Per-attempt timeouts through AbortSignal, and the caller's own signal.
import { expect, test } from "vitest";
import { createClient, isTimeoutError, TimeoutError } from "../../src/index.ts";
import { CUSTOMER, fakeClock, HMAC, json, stubFetch } from "./helpers.ts";

const read = (client: ReturnType<typeof createClient>, signal?: AbortSignal) =>
  client.GET("/v1/customers/{customer_id}/rfi-cases", {
    params: { path: { customer_id: CUSTOMER } },
    ...(signal ? { signal } : {}),
  });

test("a timed-out read is retried", async () => {
  const { fetch, sent } = stubFetch("hang", json(200, { list: [], total: 0 }));
  const { clock, waits } = fakeClock();
  const client = createClient({
    baseUrl: "https://svc.example",
    credentials: HMAC,
    fetch,
    clock,
    timeout: 5_000,
    retry: { random: () => 0, baseDelay: 100 },
  });
  const { data } = await read(client);
  expect(data).toEqual({ list: [], total: 0 });
  expect(sent).toHaveLength(2);
  expect(waits).toEqual([5_000, 50]);
});

test("TimeoutError once no retry is left", async () => {
  const { fetch, sent } = stubFetch("hang");
  const { clock } = fakeClock();
  const client = createClient({ baseUrl: "https://svc.example", credentials: HMAC, fetch, clock, timeout: 1_000 });
  const error = await read(client).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TimeoutError);
  expect(isTimeoutError(error)).toBe(true);
  expect((error as TimeoutError).message).toBe(
    `[GET] "https://svc.example/v1/customers/${CUSTOMER}/rfi-cases": no response within 1000 ms`,
  );
  expect(sent).toHaveLength(3);
});

test("the real clock times out a hanging fetch", async () => {
  const { fetch } = stubFetch("hang");
  const client = createClient({ baseUrl: "https://svc.example", credentials: HMAC, fetch, timeout: 20, retry: false });
  await expect(read(client)).rejects.toBeInstanceOf(TimeoutError);
});

test("the caller's signal stops retries", async () => {
  const { fetch, sent } = stubFetch("hang");
  const { clock } = fakeClock();
  const client = createClient({ baseUrl: "https://svc.example", credentials: HMAC, fetch, clock, timeout: false });
  const ctrl = new AbortController();
  const pending = read(client, ctrl.signal);
  setTimeout(() => ctrl.abort(new Error("caller gave up")), 5);
  await expect(pending).rejects.toThrow("caller gave up");
  expect(sent).toHaveLength(1);
});

test("an already aborted signal sends nothing", async () => {
  const { fetch, sent } = stubFetch("hang");
  const client = createClient({ baseUrl: "https://svc.example", credentials: HMAC, fetch, timeout: false });
  await expect(read(client, AbortSignal.abort(new Error("stop")))).rejects.toThrow("stop");
  expect(sent).toHaveLength(0);
});

test("the caller's signal also cuts a backoff wait short", async () => {
  const { fetch, sent } = stubFetch(json(503, {}));
  const ctrl = new AbortController();
  const client = createClient({
    baseUrl: "https://svc.example",
    credentials: HMAC,
    fetch,
    timeout: false,
    retry: { baseDelay: 60_000 },
  });
  const pending = read(client, ctrl.signal);
  setTimeout(() => ctrl.abort(new Error("enough")), 10);
  await expect(pending).rejects.toThrow("enough");
  expect(sent).toHaveLength(1);
});
