// Client overhead on a GET with and without signing (same stub fetch), and the client's size.
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { createClient } from "../src/index.ts";

const stub = async () => new Response('{"list":[],"total":0}', { status: 200, headers: { "Content-Type": "application/json" } });
const base = { baseUrl: "https://svc.example", fetch: stub, timeout: false as const };
const clients = {
  unsigned: createClient(base),
  bearer: createClient({ ...base, credentials: { bearerToken: "sandbox-token" } }),
  signed: createClient({ ...base, credentials: { accessKey: "AK-BENCH", secretKey: "c2VjcmV0LWtleS1ieXRlcy1mb3ItYmVuY2g" } }),
};
const params = { params: { path: { customer_id: "c0ffee00-0000-4000-8000-000000000001" }, query: { rfi_status: ["ACTION_REQUIRED" as const], page: 1 } } };

async function perCall(client: ReturnType<typeof createClient>, n: number): Promise<number> {
  const t = performance.now();
  for (let i = 0; i < n; i++) await client.GET("/v1/customers/{customer_id}/rfi-cases", params);
  return ((performance.now() - t) * 1000) / n;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const c of Object.values(clients)) await perCall(c, 3_000); // warm-up
const runs: Record<keyof typeof clients, number[]> = { unsigned: [], bearer: [], signed: [] };
for (let r = 0; r < 7; r++) for (const k of Object.keys(clients) as (keyof typeof clients)[]) runs[k].push(await perCall(clients[k], 5_000));
const m = { unsigned: median(runs.unsigned), bearer: median(runs.bearer), signed: median(runs.signed) };
console.log(`GET through the client, stub fetch, median of 7 x 5,000 calls:`);
console.log(`  no credentials   ${m.unsigned.toFixed(1)} us/call`);
console.log(`  bearer (sandbox) ${m.bearer.toFixed(1)} us/call`);
console.log(`  HMAC signed      ${m.signed.toFixed(1)} us/call`);
console.log(`  signing adds ${(((m.signed - m.unsigned) / m.unsigned) * 100).toFixed(1)}% to the client's overhead (target <= 25%)`);

// The client's own surface: createClient, its errors and normalizer, and the signing it uses.
const clientEntry = [
  'export { createClient } from "./src/client/createClient.ts";',
  'export { normalizeError } from "./src/errors/normalizeError.ts";',
  'export { ApiError, isApiError } from "./src/errors/ApiError.ts";',
  'export { OutcomeUnknownError, isOutcomeUnknownError } from "./src/errors/OutcomeUnknownError.ts";',
  'export { TimeoutError, isTimeoutError } from "./src/errors/TimeoutError.ts";',
  'export * from "./src/signing/index.ts";',
].join("\n");
async function size(label: string, contents: string, leaveOut?: RegExp) {
  const out = await build({
    stdin: { contents, resolveDir: process.cwd(), loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    write: false,
    external: ["openapi-fetch", "node:*"],
    legalComments: "none",
    plugins: leaveOut ? [{ name: "leave-out", setup: (b) => b.onResolve({ filter: leaveOut }, (a) => ({ path: a.path, external: true })) }] : [],
  });
  const code = out.outputFiles[0]!.contents;
  console.log(`  ${label}: ${code.byteLength} B minified, ${gzipSync(code, { level: 9 }).byteLength} B min+gzip`);
}
console.log("size, openapi-fetch external (target <= 3072 B min+gzip for the client's own code):");
await size("client with signing", clientEntry);
// What an application that imports only createClient ships (tree-shaken: the signing, errors and retry it uses).
await size("createClient alone", 'export { createClient } from "./src/client/createClient.ts";');
await size("client without src/signing", clientEntry, /\/signing\//);
await size("whole package root src/index.ts (with the flow helpers)", 'export * from "./src/index.ts";');
