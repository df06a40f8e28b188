// External accounts over an injected fetch: one key per creation, reused on every retry, and the
// account recovered by that key after a timeout or a 409.
import { describe, expect, test } from "vitest";
import {
  createExternalAccount,
  ExternalAccountNotRecoveredError,
  InvalidIdempotencyKeyError,
} from "../../src/index.ts";
import { bankAccount, CUSTOMER, json, stubClient } from "./helpers.ts";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const created = () => json(201, { institution_name: "Example National Bank" });
const path = `/v1/customers/${CUSTOMER}/external-accounts`;

describe("createExternalAccount", () => {
  test("creates under a fresh UUID v4 Idempotency-Key", async () => {
    const { client, sent } = stubClient([created()]);
    const result = await createExternalAccount(client, { customerId: CUSTOMER, account: bankAccount });
    expect(result).toMatchObject({
      status: "created",
      account: { institution_name: "Example National Bank" },
      attempts: 1,
    });
    expect(result.idempotencyKey).toMatch(UUID_V4);
    expect(sent[0]!.headers.get("Idempotency-Key")).toBe(result.idempotencyKey);
    expect(JSON.parse(new TextDecoder().decode(sent[0]!.body!))).toEqual(bankAccount);
  });

  test("each creation gets its own key", async () => {
    const { client, sent } = stubClient([created()]);
    await createExternalAccount(client, { customerId: CUSTOMER, account: bankAccount });
    await createExternalAccount(client, { customerId: CUSTOMER, account: { ...bankAccount, account_number: "1" } });
    expect(sent[0]!.headers.get("Idempotency-Key")).not.toBe(sent[1]!.headers.get("Idempotency-Key"));
  });

  test("a timeout is retried with the same key", async () => {
    const { client, sent } = stubClient(["hang", created()], { timeout: 5_000, retry: false });
    const result = await createExternalAccount(client, { customerId: CUSTOMER, account: bankAccount });
    expect(result).toMatchObject({ status: "created", attempts: 2 });
    expect(sent.map((s) => s.headers.get("Idempotency-Key"))).toEqual([result.idempotencyKey, result.idempotencyKey]);
  });

  test("the client's own retries and the helper's keep the same key throughout", async () => {
    const { client, sent } = stubClient(["hang", "hang", "hang", created()], {
      timeout: 5_000,
      retry: { limit: 2, random: () => 0.5 },
    });
    const result = await createExternalAccount(client, { customerId: CUSTOMER, account: bankAccount });
    expect(result.status).toBe("created");
    expect(sent).toHaveLength(4);
    expect(new Set(sent.map((s) => s.headers.get("Idempotency-Key")))).toEqual(new Set([result.idempotencyKey]));
  });

  test("an outcome still unknown after the last try is recovered by the key", async () => {
    const lookup = { institution_name: "Example National Bank", account_number: "000123456789" };
    const { client, sent } = stubClient(["hang", "hang", json(200, lookup)], { timeout: 5_000, retry: false });
    const result = await createExternalAccount(client, {
      customerId: CUSTOMER,
      account: bankAccount,
      timeoutRetries: 1,
    });
    expect(result).toEqual({
      status: "recovered",
      lookup,
      idempotencyKey: result.idempotencyKey,
      attempts: 2,
      after: "unknown-outcome",
    });
    expect(sent.map((s) => s.method)).toEqual(["POST", "POST", "GET"]);
    expect(sent[2]!.url.pathname).toBe(path);
    expect(sent[2]!.url.searchParams.get("idempotency_key")).toBe(result.idempotencyKey);
    expect(sent[2]!.headers.has("Idempotency-Key")).toBe(false);
  });

  test("a 409 after a timed-out first try is recovered by the key, not by a new key", async () => {
    const { client, sent } = stubClient(
      [
        new TypeError("fetch failed"),
        json(409, { status: 409, trace_id: "tr-1" }),
        json(200, { institution_name: "Example National Bank" }),
      ],
      {
        retry: false,
      },
    );
    const result = await createExternalAccount(client, { customerId: CUSTOMER, account: bankAccount });
    expect(result).toMatchObject({ status: "recovered", attempts: 2, after: "conflict" });
    expect(sent.map((s) => s.headers.get("Idempotency-Key") ?? s.url.searchParams.get("idempotency_key"))).toEqual(
      Array(3).fill(result.idempotencyKey),
    );
  });

  test("a 409 on the first try is looked up by its key too", async () => {
    const { client, sent } = stubClient([json(409, { status: 409 }), json(200, [])]);
    const result = await createExternalAccount(client, { customerId: CUSTOMER, account: bankAccount });
    expect(result).toMatchObject({ status: "recovered", attempts: 1, after: "conflict", lookup: [] });
    expect(sent).toHaveLength(2);
  });

  test("a failed lookup throws ExternalAccountNotRecoveredError carrying the key", async () => {
    const { client } = stubClient([json(409, { status: 409 }), json(404, { code: "x", status: 404 })]);
    const error = await createExternalAccount(client, { customerId: CUSTOMER, account: bankAccount }).catch((e) => e);
    expect(error).toBeInstanceOf(ExternalAccountNotRecoveredError);
    expect(error.idempotencyKey).toMatch(UUID_V4);
    expect(error.after).toBe("conflict");
    expect(error.cause).toMatchObject({ name: "ApiError", status: 404 });
  });

  test("another error response is thrown as it is, without a lookup", async () => {
    const { client, sent } = stubClient([json(400, { code: "00020008", status: 400 })]);
    await expect(createExternalAccount(client, { customerId: CUSTOMER, account: bankAccount })).rejects.toMatchObject({
      name: "ApiError",
      code: "00020008",
    });
    expect(sent).toHaveLength(1);
  });

  test("uses the caller's key when it is a UUID v4", async () => {
    const key = "5a0b2c4d-6e8f-4a1b-9c3d-5e7f9a1b3c5d";
    const { client, sent } = stubClient([created()]);
    expect(
      (await createExternalAccount(client, { customerId: CUSTOMER, account: bankAccount, idempotencyKey: key }))
        .idempotencyKey,
    ).toBe(key);
    expect(sent[0]!.headers.get("Idempotency-Key")).toBe(key);
  });

  test.each(["", "not-a-uuid", "5a0b2c4d-6e8f-1a1b-9c3d-5e7f9a1b3c5d", "5a0b2c4d6e8f4a1b9c3d5e7f9a1b3c5d"])(
    "refuses the key %j before any request",
    async (key) => {
      const { client, sent } = stubClient([created()]);
      await expect(
        createExternalAccount(client, { customerId: CUSTOMER, account: bankAccount, idempotencyKey: key }),
      ).rejects.toBeInstanceOf(InvalidIdempotencyKeyError);
      expect(sent).toHaveLength(0);
    },
  );
});
