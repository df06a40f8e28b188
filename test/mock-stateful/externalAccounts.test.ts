// External accounts in the stateful mock: the Idempotency-Key binds one account, reuse and identical
// details are 409, a missing or malformed key 400, institution_name resolved or 00020008.
import { describe, expect, test } from "vitest";
import { C, KEY, OTHER_CUSTOMER, answer, bankAccount, testMock } from "./support.ts";

const KEY2 = "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed";
const KEY3 = "6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b";
const create = (key: string | undefined, body: unknown = bankAccount) => ({
  body,
  headers: (key === undefined ? {} : { "Idempotency-Key": key }) as Record<string, string>,
});

describe("create external account", () => {
  test("answers 201 with institution_name resolved", async () => {
    const { mock } = await testMock();
    const r = await answer(mock, "POST", `${C}/external-accounts`, create(KEY));
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ ...bankAccount, institution_name: "Example National Bank" });
  });

  test("keeps a sent institution_name", async () => {
    const { mock } = await testMock();
    const r = await answer(
      mock,
      "POST",
      `${C}/external-accounts`,
      create(KEY, { ...bankAccount, institution_id: "999999999", institution_name: "My Bank" }),
    );
    expect([r.status, r.body.institution_name]).toEqual([201, "My Bank"]);
  });

  test("an unknown routing code is 400 00020008", async () => {
    const { mock } = await testMock();
    const r = await answer(
      mock,
      "POST",
      `${C}/external-accounts`,
      create(KEY, { ...bankAccount, institution_id: "999999999" }),
    );
    expect([r.status, r.body.code]).toEqual([400, "00020008"]);
    expect((await answer(mock, "POST", `${C}/external-accounts`, create(KEY))).status).toBe(201);
  });

  test("resolves from the institutions option", async () => {
    const { mock } = await testMock({ institutions: { "111000025": "Other Bank" } });
    expect(
      (
        await answer(
          mock,
          "POST",
          `${C}/external-accounts`,
          create(KEY, { ...bankAccount, institution_id: "111000025" }),
        )
      ).body.institution_name,
    ).toBe("Other Bank");
    expect((await answer(mock, "POST", `${C}/external-accounts`, create(KEY2))).body.code).toBe("00020008");
  });

  test.each([
    ["missing", undefined],
    ["not a UUID", "key-1"],
    ["empty", ""],
  ])("a %s Idempotency-Key is 400", async (_name, key) => {
    const { mock } = await testMock();
    const r = await answer(mock, "POST", `${C}/external-accounts`, create(key));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ status: 400, instance: `${C}/external-accounts` });
    expect(r.body.detail).toMatch(/idempotency-key/i);
    expect(mock.store.accountsOf(C.split("/")[3]!, mock.clock.now()).size).toBe(0);
  });

  // The retry's answer; the account stays as first made.
  test("a used key is 409, even for the same request", async () => {
    const { mock } = await testMock();
    expect((await answer(mock, "POST", `${C}/external-accounts`, create(KEY))).status).toBe(201);
    const same = await answer(mock, "POST", `${C}/external-accounts`, create(KEY));
    const other = await answer(
      mock,
      "POST",
      `${C}/external-accounts`,
      create(KEY, { ...bankAccount, account_number: "1" }),
    );
    expect([same.status, other.status]).toEqual([409, 409]);
    const lookup = await answer(mock, "GET", `${C}/external-accounts`, { query: `idempotency_key=${KEY}` });
    expect(lookup.body.list).toEqual([{ ...bankAccount, institution_name: "Example National Bank" }]);
  });

  test("identical details under a new key are 409", async () => {
    const { mock } = await testMock();
    await answer(mock, "POST", `${C}/external-accounts`, create(KEY));
    expect((await answer(mock, "POST", `${C}/external-accounts`, create(KEY2))).status).toBe(409);
    expect(
      (
        await answer(
          mock,
          "POST",
          `${C}/external-accounts`,
          create(KEY3, { ...bankAccount, account_number: "000123456780" }),
        )
      ).status,
    ).toBe(201);
    const all = await answer(mock, "GET", `${C}/external-accounts`);
    expect(all.body.total).toBe(2);
  });

  test("keys and details are per customer", async () => {
    const { mock } = await testMock();
    await answer(mock, "POST", `${C}/external-accounts`, create(KEY));
    expect((await answer(mock, "POST", `/v1/customers/${OTHER_CUSTOMER}/external-accounts`, create(KEY))).status).toBe(
      201,
    );
  });

  // A missing field, one of the wrong type. (A member the reference does not list is not refused: the body is
  // open, as the reference does not say what the service does with one.)
  test("a body outside the document is 400, binds nothing", async () => {
    const { mock } = await testMock();
    const { account_number: _, ...missing } = bankAccount;
    expect((await answer(mock, "POST", `${C}/external-accounts`, create(KEY, missing))).status).toBe(400);
    expect(
      (await answer(mock, "POST", `${C}/external-accounts`, create(KEY, { ...bankAccount, account_number: 42 })))
        .status,
    ).toBe(400);
    expect((await answer(mock, "POST", `${C}/external-accounts`, create(KEY))).status).toBe(201);
  });
});

describe("list external accounts by idempotency_key", () => {
  test("returns the account bound to the key", async () => {
    const { mock } = await testMock();
    await answer(mock, "POST", `${C}/external-accounts`, create(KEY));
    const bound = await answer(mock, "GET", `${C}/external-accounts`, { query: `idempotency_key=${KEY}` });
    expect(bound.status).toBe(200);
    expect(bound.body).toEqual({ list: [{ ...bankAccount, institution_name: "Example National Bank" }], total: 1 });
    expect((await answer(mock, "GET", `${C}/external-accounts`, { query: `idempotency_key=${KEY2}` })).body).toEqual({
      list: [],
      total: 0,
    });
  });

  test('shape "account" answers the account or 404', async () => {
    const { mock } = await testMock({ externalAccountListShape: "account" });
    await answer(mock, "POST", `${C}/external-accounts`, create(KEY));
    expect(
      (await answer(mock, "GET", `${C}/external-accounts`, { query: `idempotency_key=${KEY}` })).body.institution_name,
    ).toBe("Example National Bank");
    expect((await answer(mock, "GET", `${C}/external-accounts`, { query: `idempotency_key=${KEY2}` })).status).toBe(
      404,
    );
  });

  test("a malformed idempotency_key is 400", async () => {
    const { mock } = await testMock();
    expect((await answer(mock, "GET", `${C}/external-accounts`, { query: "idempotency_key=abc" })).status).toBe(400);
  });
});
