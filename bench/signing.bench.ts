// Signing a 16 MiB upload: time against a bare SHA-256 of the same bytes, and peak memory.
import { createHash } from "node:crypto";
import { createClient, signRequest } from "../src/index.ts";

const MiB = 1024 * 1024;
const SIZE = 16 * MiB;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const maxRss = () => process.resourceUsage().maxRSS * 1024;
const credentials = { accessKey: "AK-BENCH", secretKey: "c2VjcmV0LWtleS1ieXRlcy1mb3ItYmVuY2g" };
const time = new Date(Date.UTC(2026, 10, 21, 9, 30));
const path = { main_account_id: "acc-main-1", sub_account_id: "sub-1", document_type: "MEMORANDUM_OF_ASSOCIATION" };
const client = createClient({ baseUrl: "https://svc.example", credentials, fetch: async () => new Response(null, { status: 204 }), timeout: false });
const upload = (body: Uint8Array<ArrayBuffer>) =>
  client.PUT("/v2/accounts/{main_account_id}/businesses/{sub_account_id}/documents/{document_type}", {
    params: { path, header: { "Content-Disposition": 'attachment; filename="big.pdf"' } },
    headers: { "Content-Type": "application/pdf" },
    body,
  });

// Memory first, while the peak RSS only holds the file: one upload through the client.
gc();
const beforeFile = maxRss();
const file = new Uint8Array(SIZE);
for (let i = 0; i < SIZE; i += 4096) file[i] = i & 255;
await upload(new Uint8Array(1024)); // loads and warms every code path on a small body
gc();
const baseline = maxRss();
await upload(file);
const peak = maxRss() - baseline;
console.log(`peak memory of one 16 MiB upload through the client (peak RSS): +${(peak / MiB).toFixed(1)} MiB above the baseline with the file loaded = ${(peak / SIZE).toFixed(2)}x the file;`);
console.log(`  file included, +${((maxRss() - beforeFile) / MiB).toFixed(1)} MiB above the baseline before it = ${((maxRss() - beforeFile) / SIZE).toFixed(2)}x the file (target <= 2x)`);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function timeIt(fn: () => unknown, n = 15): Promise<number> {
  await fn();
  const xs: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    xs.push(performance.now() - t);
  }
  return median(xs);
}
const bare = await timeIt(() => createHash("sha256").update(file).digest("hex"));
const sign = await timeIt(() => signRequest({ ...credentials, method: "PUT", path: "/v2/x", body: file, time }));
const viaClient = await timeIt(() => upload(file));
console.log(`16 MiB, median of 15: bare SHA-256 ${bare.toFixed(2)} ms; signRequest ${sign.toFixed(2)} ms (${(sign / bare).toFixed(2)}x); client PUT with stub fetch ${viaClient.toFixed(2)} ms (${(viaClient / bare).toFixed(2)}x) (target <= 2x)`);
