// Defect 8: the decoded HMAC key sat in Node's shared Buffer pool, and an upload of `buf.buffer` (the
// pool's 8 KiB slab) sent it to the server. The key is now a KeyObject; views send only their own bytes.
import { randomFillSync } from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createClient, decodeSecretKey } from "../../../src/index.ts";
import { secretKeyObject } from "../../../src/signing/secret.ts";
import { hostileServer } from "./server.ts";

// 32 random key bytes, kept out of the pool here too (Buffer.alloc is never pooled). Random, not a text of this
// file: a runner that reads test sources (StrykerJS's vitest runner does) leaves that text in the pool too.
const KEY = randomFillSync(Buffer.alloc(32));
const credentials = { accessKey: "AK-POOL", secretKey: KEY.toString("base64url") };
const path = { main_account_id: "m", sub_account_id: "s", document_type: "PASSPORT" };
let server: Awaited<ReturnType<typeof hostileServer>>;

beforeAll(async () => {
  server = await hostileServer((_req, res) => res.writeHead(200, { "Content-Type": "application/json" }).end("{}"));
});
afterAll(() => server.close());

const upload = (client: ReturnType<typeof createClient>, body: Uint8Array | ArrayBuffer) =>
  client.PUT("/v2/accounts/{main_account_id}/individuals/{sub_account_id}/documents/{document_type}", {
    params: { path, header: { "Content-Disposition": 'attachment; filename="a.bin"' } },
    headers: { "Content-Type": "application/octet-stream" },
    body: body as Uint8Array,
  });

test("uploading the shared pool's slab (`buf.buffer`) does not carry the key", async () => {
  const client = createClient({ baseUrl: server.url, credentials });
  const pooled = Buffer.from("x"); // a pooled Buffer, allocated right after the key was decoded
  expect(pooled.buffer.byteLength).toBeGreaterThan(1);
  await upload(client, pooled.buffer as ArrayBuffer);
  const sent = server.received.at(-1)!.body;
  expect(sent.byteLength).toBe(pooled.buffer.byteLength);
  expect(sent.includes(KEY)).toBe(false);
});

test("decodeSecretKey returns bytes in memory of their own, not a window on the pool", () => {
  const bytes = decodeSecretKey(credentials.secretKey);
  expect(bytes.byteOffset).toBe(0);
  expect(bytes.buffer.byteLength).toBe(KEY.byteLength);
});

test("secretKeyObject keeps the key outside the heap and signs as the bytes do", () => {
  const key = secretKeyObject(credentials.secretKey);
  expect(key.type).toBe("secret");
  expect(key.symmetricKeySize).toBe(32);
});

test("a view (a pooled Buffer, a subarray, a DataView) sends exactly its own bytes", async () => {
  const client = createClient({ baseUrl: server.url, credentials });
  const slab = Buffer.from("....hello....");
  for (const view of [Buffer.from("hello"), slab.subarray(4, 9), new DataView(slab.buffer, slab.byteOffset + 4, 5)]) {
    await upload(client, view as Uint8Array);
    expect(server.received.at(-1)!.body.toString()).toBe("hello");
  }
});
