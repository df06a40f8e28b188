// One call's attempts (src/client/send.ts, send) on their own: what fetch is given, what is retried, what is thrown.
import { describe, expect, test } from "vitest";
import { systemClock } from "../../src/clock.ts";
import { defaultRetry } from "../../src/client/retry.ts";
import { type Call, send, type Transport } from "../../src/client/send.ts";
import { OutcomeUnknownError } from "../../src/errors/OutcomeUnknownError.ts";
import { RedirectError } from "../../src/errors/RedirectError.ts";
import { ResponseTooLargeError } from "../../src/errors/ResponseTooLargeError.ts";
import { TimeoutError } from "../../src/errors/TimeoutError.ts";
import { fakeClock, json, stubFetch } from "./helpers.ts";

const url = "https://svc.example/v1/x";
type Answers = Parameters<typeof stubFetch>;

function setup(answers: Answers, transport: Partial<Transport> = {}) {
  const stub = stubFetch(...answers);
  const inits: RequestInit[] = [];
  const time = fakeClock();
  const t: Transport = {
    fetch: (u, init) => {
      inits.push(init);
      return stub.fetch(u, init);
    },
    retry: { ...defaultRetry, random: () => 0 },
    timeout: false,
    maxResponseBytes: 1_000,
    clock: time.clock,
    ...transport,
  };
  return { t, inits, ...stub, ...time };
}

const call = (change: Partial<Call> = {}): Call => ({
  url,
  method: "GET",
  headers: new Headers({ "X-A": "a" }),
  bytes: undefined,
  signal: undefined,
  authorize: undefined,
  retryable: true,
  execute: undefined,
  ...change,
});
const execute = { customerId: "c", quoteId: "q" };

describe("what fetch is given", () => {
  test("the call's headers, method and bytes, no redirects", async () => {
    const { t, inits } = setup([json(200, {})]);
    const c = call({ method: "POST", bytes: new Uint8Array([1]) });
    await send(t, c);
    expect(inits[0]).toMatchObject({ method: "POST", redirect: "manual" });
    expect(inits[0]!.headers).toBe(c.headers);
    expect(inits[0]!.body).toBe(c.bytes);
  });

  test("no bytes, null body", async () => {
    const { t, inits } = setup([json(200, {})]);
    await send(t, call());
    expect(inits[0]!.body).toBeNull();
  });

  test("a retry gets a copy of the headers", async () => {
    const { t, inits } = setup([json(503, {}), json(200, {})]);
    const c = call();
    await send(t, c);
    expect(inits[1]!.headers).not.toBe(c.headers);
    expect((inits[1]!.headers as Headers).get("X-A")).toBe("a");
  });

  test("each attempt is authorized with the path, and a retry with the previous attempt's signing time", async () => {
    const { t, time } = setup([json(503, {}), json(200, {})]);
    const seen: unknown[] = [];
    const authorize: Call["authorize"] = async (headers, method, path, bodyHash, at) => {
      seen.push([method, path, bodyHash(), at?.after]);
      headers.set("Authorization", `n${seen.length}`);
      return { time: time() + seen.length };
    };
    await send(t, call({ url: `${url}?q=1`, authorize }));
    const empty = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    expect(seen).toEqual([
      ["GET", "/v1/x", empty, undefined],
      ["GET", "/v1/x", empty, time() - 150 + 1],
    ]);
  });
});

describe("what it resolves with", () => {
  test("a success: the response and its bytes", async () => {
    const { t } = setup([json(200, { a: 1 })]);
    const received = await send(t, call());
    expect([received.response.status, new TextDecoder().decode(received.bytes)]).toEqual([200, '{"a":1}']);
    expect([received.json, received.sent]).toEqual([undefined, undefined]);
  });

  test("an error: what was sent", async () => {
    const { t } = setup([json(400, {})]);
    expect((await send(t, call({ authorize: async () => ({ time: 0, stringToSign: "sts" }) }))).sent).toEqual({
      method: "GET",
      url,
      stringToSign: undefined,
    });
  });

  test("a 401: the string to sign too", async () => {
    const { t } = setup([json(401, {})]);
    expect(
      (await send(t, call({ authorize: async () => ({ time: 0, stringToSign: "sts" }) }))).sent?.stringToSign,
    ).toBe("sts");
  });

  test("Execute Quote's success parsed once", async () => {
    const { t } = setup([json(201, { transaction_id: "t" })]);
    expect((await send(t, call({ method: "POST", execute }))).json).toEqual({ value: { transaction_id: "t" } });
  });

  test("Execute Quote's error is not parsed", async () => {
    const { t } = setup([new Response("<html>", { status: 400 })]);
    const received = await send(t, call({ method: "POST", execute }));
    expect([received.json, received.response.status]).toEqual([undefined, 400]);
  });
});

describe("what it retries", () => {
  test("a retryable status, after the backoff", async () => {
    const { t, sent, waits } = setup([json(503, {}), json(200, {})]);
    expect((await send(t, call())).response.status).toBe(200);
    expect([sent.length, waits]).toEqual([2, [150]]);
  });

  test("a network error", async () => {
    const { t, sent } = setup([new TypeError("fetch failed"), json(200, {})]);
    expect((await send(t, call())).response.status).toBe(200);
    expect(sent).toHaveLength(2);
  });

  test("nothing when not retryable", async () => {
    const { t, sent } = setup([json(503, {})]);
    expect((await send(t, call({ retryable: false }))).response.status).toBe(503);
    expect(sent).toHaveLength(1);
  });

  test("nothing without a policy", async () => {
    const { t, sent } = setup([new TypeError("fetch failed")], { retry: undefined });
    await expect(send(t, call())).rejects.toThrow("fetch failed");
    expect(sent).toHaveLength(1);
  });

  test("the last network error is thrown", async () => {
    const { t, sent } = setup([new TypeError("one"), new TypeError("two"), new TypeError("three")]);
    await expect(send(t, call())).rejects.toThrow("three");
    expect(sent).toHaveLength(3);
  });
});

describe("what it throws at once", () => {
  test("a redirect", async () => {
    const { t, sent } = setup([new Response(null, { status: 302, headers: { Location: "/y" } })]);
    await expect(send(t, call())).rejects.toBeInstanceOf(RedirectError);
    expect(sent).toHaveLength(1);
  });

  test("a body too large", async () => {
    const { t, sent } = setup([new Response("x".repeat(2_000))]);
    await expect(send(t, call())).rejects.toBeInstanceOf(ResponseTooLargeError);
    expect(sent).toHaveLength(1);
  });

  test("the caller's abort", async () => {
    const caller = new AbortController();
    const reason = new Error("mine");
    const { t, sent } = setup([
      () => {
        caller.abort(reason);
        return Promise.reject(reason);
      },
      json(200, {}),
    ]);
    await expect(send(t, call({ signal: caller.signal }))).rejects.toBe(reason);
    expect(sent).toHaveLength(1);
  });

  test("a timeout, as TimeoutError", async () => {
    const { t } = setup(["hang"], { timeout: 500, retry: undefined });
    const error = await send(t, call()).catch((e) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toBe(`[GET] "${url}": no response within 500 ms`);
  });

  test("Execute Quote's failure, as an unknown outcome", async () => {
    const { t, sent, time } = setup([new TypeError("reset"), json(201, {})]);
    const started = time();
    const error = await send(t, call({ method: "POST", execute })).catch((e) => e);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error.cause).toMatchObject({ message: "reset" });
    expect(error).toMatchObject({ customerId: "c", quoteId: "q", requestTime: new Date(started) });
    expect(sent).toHaveLength(1);
  });

  test("Execute Quote's non-JSON 201, as an unknown outcome", async () => {
    const { t } = setup([new Response("<html>", { status: 201 })]);
    const error = await send(t, call({ method: "POST", execute })).catch((e) => e);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  test("Execute Quote's timeout, as an unknown outcome", async () => {
    const { t } = setup(["hang"], { timeout: 500 });
    const error = await send(t, call({ method: "POST", execute })).catch((e) => e);
    expect(error.cause).toBeInstanceOf(TimeoutError);
  });
});

// Each attempt is ended: its timer stopped; its signal aborted only when it failed (to close what it left open).
describe("the attempt's end", () => {
  const capture = (answer: Answers[number], transport: Partial<Transport>) => {
    const { t, inits, ...rest } = setup([answer], { retry: undefined, ...transport });
    return { t, signal: () => inits[0]!.signal!, ...rest };
  };

  test("a success leaves its signal alone", async () => {
    const { t, signal } = capture(json(200, {}), { timeout: 60_000, clock: systemClock });
    await send(t, call());
    expect(signal().aborted).toBe(false);
  });

  test("a failure aborts its signal", async () => {
    const { t, signal } = capture(new Response("x".repeat(2_000)), { timeout: 60_000, clock: systemClock });
    await expect(send(t, call())).rejects.toBeInstanceOf(ResponseTooLargeError);
    expect(signal().aborted).toBe(true);
  });

  test("the timer's wait is ended, never run out", async () => {
    const { t, waits } = capture(json(200, {}), { timeout: 500 });
    await send(t, call());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(waits).toEqual([]);
  });
});
