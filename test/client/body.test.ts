// The bytes sent are the bytes serialized, never re-encoded; rfi_status is one comma-separated value.
import { createHash } from "node:crypto";
import { expect, test } from "vitest";
import { createClient } from "../../src/index.ts";
import { hashBody } from "../../src/signing/index.ts";
import { CUSTOMER, fakeClock, HMAC, json, stubFetch } from "./helpers.ts";

function setup() {
  const stub = stubFetch(json(200, {}));
  const { clock } = fakeClock();
  return {
    client: createClient({ baseUrl: "https://svc.example", credentials: HMAC, fetch: stub.fetch, clock }),
    sent: stub.sent,
  };
}
const upload = { main_account_id: "m", sub_account_id: "s", document_type: "MEMORANDUM_OF_ASSOCIATION" };
const disposition = { "Content-Disposition": 'attachment; filename="memorandum.pdf"' };
const hashOf = (s: { headers: Headers; body: Uint8Array | null }) =>
  s.body && createHash("sha256").update(s.body).digest("hex");

test("an upload sends the bytes as they are", async () => {
  const { client, sent } = setup();
  const file = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256);
  await client.PUT("/v2/accounts/{main_account_id}/businesses/{sub_account_id}/documents/{document_type}", {
    params: { path: upload, header: disposition },
    headers: { "Content-Type": "application/pdf" },
    body: file,
  });
  expect(sent[0]!.body).toBe(file);
  expect(sent[0]!.headers.get("Content-Type")).toBe("application/pdf");
  expect(sent[0]!.headers.get("Content-Disposition")).toBe(disposition["Content-Disposition"]);
  expect(hashBody(file)).toBe(hashOf(sent[0]!));
});

test("a Blob upload is read once and sent as bytes", async () => {
  const { client, sent } = setup();
  await client.PUT("/v2/accounts/{main_account_id}/individuals/{sub_account_id}/documents/{document_type}", {
    params: { path: upload, header: disposition },
    headers: { "Content-Type": "image/png" },
    body: new Blob([new Uint8Array([137, 80, 78, 71])]),
  });
  expect([...sent[0]!.body!]).toEqual([137, 80, 78, 71]);
});

test("an upload without Content-Type is refused before sending", async () => {
  const { client, sent } = setup();
  await expect(
    client.PUT("/v2/accounts/{main_account_id}/businesses/{sub_account_id}/documents/{document_type}", {
      params: { path: upload, header: disposition },
      body: new Uint8Array([1]),
    }),
  ).rejects.toThrow(/Content-Type/);
  expect(sent).toHaveLength(0);
});

test("a JSON body is sent as UTF-8 JSON", async () => {
  const { client, sent } = setup();
  await client.POST("/v1/customers/{customer_id}/recipients", {
    params: { path: { customer_id: CUSTOMER } },
    body: {
      bank_accounts: [
        {
          ...{
            network: "US_ACH",
            account_holder_name: "Zoë 北京",
            currency: "USD",
            country_code: "USA",
            account_number: "1",
            institution_id: "2",
          },
        },
      ],
    },
  });
  expect(new TextDecoder().decode(sent[0]!.body!)).toBe(
    '{"bank_accounts":[{"network":"US_ACH","account_holder_name":"Zoë 北京","currency":"USD",' +
      '"country_code":"USA","account_number":"1","institution_id":"2"}]}',
  );
  expect(sent[0]!.headers.get("Content-Type")).toBe("application/json");
});

test("a GET has no body and signs the empty-string hash", async () => {
  const { client, sent } = setup();
  await client.GET("/all_deposit_instructions");
  expect(sent[0]!.body).toBeNull();
  expect(sent[0]!.headers.has("Content-Type")).toBe(false);
});

test("rfi_status is serialized comma-separated in one parameter", async () => {
  const { client, sent } = setup();
  await client.GET("/v1/customers/{customer_id}/rfi-cases", {
    params: {
      path: { customer_id: CUSTOMER },
      query: { rfi_status: ["ACTION_REQUIRED", "PENDING_REVIEW"], action_required: true, size: 100 },
    },
  });
  expect(new URL(sent[0]!.url).search).toBe("?rfi_status=ACTION_REQUIRED,PENDING_REVIEW&action_required=true&size=100");
});

test("a serialized form keeps its boundary", async () => {
  const { client, sent } = setup();
  const toForm = (b: unknown) => {
    const form = new FormData();
    form.append("note", (b as { note: string }).note);
    return form;
  };
  await (client.POST as (...args: unknown[]) => Promise<unknown>)("/v1/customers/{customer_id}/recipients", {
    params: { path: { customer_id: CUSTOMER } },
    body: { note: "hi" },
    bodySerializer: toForm,
  });
  const boundary = sent[0]!.headers.get("Content-Type")!.match(/^multipart\/form-data; boundary=(.+)$/)![1]!;
  expect(new TextDecoder().decode(sent[0]!.body!)).toContain(
    `--${boundary}\r\nContent-Disposition: form-data; name="note"`,
  );
  expect(hashBody(sent[0]!.body)).toBe(hashOf(sent[0]!));
});
