// Bodies the types forbid but JavaScript callers pass. Once: bodies the types forbid but JavaScript callers pass
// (ReadableStream, FormData, a Node stream) were sent signed as `{}`, and a string JSON-quoted. They are now refused
// before sending with InvalidUploadError, and a string is sent as its own UTF-8 bytes.
import { Readable } from "node:stream";
import { expect, test } from "vitest";
import { createClient, InvalidUploadError } from "../../../src/index.ts";
import { hashBody } from "../../../src/signing/index.ts";
import { CUSTOMER, HMAC, json, stubFetch } from "../helpers.ts";

const path = { main_account_id: "m", sub_account_id: "s", document_type: "PASSPORT" };
const header = { "Content-Disposition": 'attachment; filename="a.pdf"' };

function setup() {
  const { fetch, sent } = stubFetch(json(200, {}));
  return { client: createClient({ baseUrl: "https://svc.example", credentials: HMAC, fetch }), sent };
}

const forbidden: [string, () => unknown][] = [
  [
    "ReadableStream",
    () =>
      new ReadableStream({
        start: (c) => {
          c.enqueue(new Uint8Array([1]));
          c.close();
        },
      }),
  ],
  ["FormData", () => new FormData()],
  ["URLSearchParams", () => new URLSearchParams("a=b")],
  ["Node stream", () => Readable.from(["x"])],
  ["Map", () => new Map([["a", 1]])],
];

test.each(forbidden)("an upload of a %s is refused before sending", async (_name, make) => {
  const { client, sent } = setup();
  const error = await client
    .PUT("/v2/accounts/{main_account_id}/individuals/{sub_account_id}/documents/{document_type}", {
      params: { path, header },
      headers: { "Content-Type": "application/pdf" },
      body: make() as Uint8Array,
    })
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InvalidUploadError);
  expect((error as InvalidUploadError).reason).toBe("unsupported-body");
  expect(sent).toHaveLength(0);
});

test.each(forbidden)("a JSON body of a %s is refused", async (_name, make) => {
  const { client, sent } = setup();
  await expect(
    client.POST("/v1/customers/{customer_id}/conversions/quote", {
      params: { path: { customer_id: CUSTOMER } },
      body: make() as never,
    }),
  ).rejects.toBeInstanceOf(InvalidUploadError);
  expect(sent).toHaveLength(0);
});

test("a string is sent as its UTF-8 bytes", async () => {
  const { client, sent } = setup();
  await client.PUT("/v2/accounts/{main_account_id}/individuals/{sub_account_id}/documents/{document_type}", {
    params: { path, header },
    headers: { "Content-Type": "text/plain" },
    body: "héllo" as unknown as Uint8Array,
  });
  expect(Buffer.from(sent[0]!.body!).toString()).toBe("héllo");
  expect(sent[0]!.headers.get("Authorization")).toBeTruthy();
  expect(hashBody("héllo")).toBe(hashBody(sent[0]!.body!));
});

test("a string without Content-Type is refused before sending", async () => {
  const { client, sent } = setup();
  const error = await client
    .PUT("/v2/accounts/{main_account_id}/individuals/{sub_account_id}/documents/{document_type}", {
      params: { path, header },
      body: "x" as unknown as Uint8Array,
    })
    .catch((e: unknown) => e);
  expect((error as InvalidUploadError).reason).toBe("missing-mime-type");
  expect(sent).toHaveLength(0);
});
