// What the client costs per call on a GET, beside bare openapi-fetch and a hand-written floor, and what
// importing it ships. Every client has its default options (timeout, retries); one stub answers all of
// them. The variants run interleaved, in a rotating order, so drift of a shared machine hits all alike;
// each call is timed on its own and the figure is the median call. The stub's own cost (building the
// Response and parsing its JSON) is measured the same way, reported and subtracted.
import { createHmac, createSecretKey } from "node:crypto";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import createFetchClient from "openapi-fetch";
import type { ClientPaths } from "../src/index.ts";
import { loadShipped } from "./shipped.ts";
import { median, ratioLine, rotate } from "./stats.ts";

const { createClient, EMPTY_BODY_HASH } = await loadShipped();

const ROUNDS = 40;
const CALLS_PER_ROUND = 250;
const WARM_UP_CALLS = 3_000;

const payload = '{"list":[],"total":0}';
const stub = async (..._: unknown[]): Promise<Response> =>
  new Response(payload, { status: 200, headers: { "Content-Type": "application/json" } });
const baseUrl = "https://svc.example";
const customerId = "c0ffee00-0000-4000-8000-000000000001";
const hmac = { accessKey: "AK-BENCH", secretKey: "c2VjcmV0LWtleS1ieXRlcy1mb3ItYmVuY2g" };
const token = "sandbox-token";
const params = {
  params: { path: { customer_id: customerId }, query: { rfi_status: ["ACTION_REQUIRED" as const], page: 1 } },
};
const path = "/v1/customers/{customer_id}/rfi-cases" as const;

const signed = createClient({ baseUrl, fetch: stub, credentials: hmac });
const bearer = createClient({ baseUrl, fetch: stub, credentials: { bearerToken: token } });
// Bare openapi-fetch set up as the client sets it up (same query style), with the sandbox token as a header.
const bare = createFetchClient<ClientPaths>({
  baseUrl,
  fetch: stub,
  headers: { Authorization: `Bearer ${token}` },
  querySerializer: { array: { style: "form", explode: false } },
});

// The floor: what a hand-written signed GET with fetch and node:crypto needs and nothing more.
// The key as a KeyObject: node:crypto signs with one several times faster than with raw key bytes.
const key = createSecretKey(Buffer.from(hmac.secretKey, "base64url"));
async function floorGet(): Promise<unknown> {
  const p = `/v1/customers/${encodeURIComponent(customerId)}/rfi-cases`;
  const ts = new Date().toISOString().replace(/[-:]|\.\d+/g, "");
  const signature = createHmac("sha256", key)
    .update(`${hmac.accessKey}\n${ts}\nGET\n${p}\n${EMPTY_BODY_HASH}`)
    .digest("hex");
  const headers = { Authorization: `Service-HMAC-SHA256 ${hmac.accessKey}:${ts}:${signature}`, "X-SVC-Date": ts };
  const res = await stub(`${baseUrl}${p}?rfi_status=ACTION_REQUIRED&page=1`, { method: "GET", headers });
  if (!res.ok) throw new Error(`status ${res.status}`);
  return res.json();
}

const expectList = (data: unknown, label: string) => {
  if ((data as { total?: unknown })?.total !== 0)
    throw new Error(`${label}: unexpected answer ${JSON.stringify(data)}`);
};
// The client reuses a signature for the same string to sign (same path in the same second); this variant
// changes the path every call, so every call pays for its HMAC.
const customers = Array.from({ length: 1_000 }, (_, i) => `c0ffee00-0000-4000-8000-${String(i).padStart(12, "0")}`);
let turn = 0;
const freshParams = () => ({
  params: { ...params.params, path: { customer_id: customers[turn++ % customers.length]! } },
});
const variants: Record<string, () => Promise<unknown>> = {
  "HMAC-signed GET (client)": async () => expectList((await signed.GET(path, params)).data, "signed"),
  "HMAC-signed GET, new path each call": async () =>
    expectList((await signed.GET(path, freshParams())).data, "signed, fresh"),
  "sandbox-bearer GET (client)": async () => expectList((await bearer.GET(path, params)).data, "bearer"),
  "bare openapi-fetch GET": async () => expectList((await bare.GET(path, params)).data, "bare"),
  "floor: fetch + node:crypto signer": async () => expectList(await floorGet(), "floor"),
  "stub alone (Response + JSON)": async () => expectList(await (await stub()).json(), "stub"),
};

const names = Object.keys(variants);
for (const name of names) for (let i = 0; i < WARM_UP_CALLS; i++) await variants[name]!();
const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
for (let r = 0; r < ROUNDS; r++) {
  for (const name of rotate(names, r)) {
    const fn = variants[name]!;
    const xs = samples[name]!;
    for (let i = 0; i < CALLS_PER_ROUND; i++) {
      const t = performance.now();
      await fn();
      xs.push((performance.now() - t) * 1000);
    }
  }
}
const us = Object.fromEntries(names.map((n) => [n, median(samples[n]!)]));
const stubUs = us["stub alone (Response + JSON)"]!;
const net = (name: string) => us[name]! - stubUs;
console.log(
  `GET through each client, default options, one stub fetch; median of ${ROUNDS * CALLS_PER_ROUND} calls each, ` +
    `${ROUNDS} interleaved rounds:`,
);
for (const name of names) {
  const tail = name.startsWith("stub")
    ? "(subtracted below)"
    : `${net(name).toFixed(1).padStart(6)} us without the stub`;
  console.log(`  ${name.padEnd(38)} ${us[name]!.toFixed(1).padStart(6)} us/call  ${tail}`);
}
console.log("ratios without the stub (with it in brackets):");
const both = (a: string, b: string) => [net(a) / net(b), us[a]! / us[b]!] as const;
ratioLine("signed GET / sandbox-bearer GET", ...both("HMAC-signed GET (client)", "sandbox-bearer GET (client)"), 1.1);
ratioLine("signed GET / bare openapi-fetch", ...both("HMAC-signed GET (client)", "bare openapi-fetch GET"), 1.6);
ratioLine("bearer GET / bare openapi-fetch", ...both("sandbox-bearer GET (client)", "bare openapi-fetch GET"), 1.4);
ratioLine(
  "signed, new path each call / bearer GET",
  ...both("HMAC-signed GET, new path each call", "sandbox-bearer GET (client)"),
);
ratioLine(
  "signed, new path each call / bare",
  ...both("HMAC-signed GET, new path each call", "bare openapi-fetch GET"),
);
ratioLine("signed GET / floor", ...both("HMAC-signed GET (client)", "floor: fetch + node:crypto signer"));
ratioLine(
  "signed, new path each call / floor",
  ...both("HMAC-signed GET, new path each call", "floor: fetch + node:crypto signer"),
);
ratioLine("bare openapi-fetch / floor", ...both("bare openapi-fetch GET", "floor: fetch + node:crypto signer"));

// What an application ships: esbuild bundles and minifies from the package entry, openapi-fetch
// included; only node:* (node:crypto, for signing) stays outside.
async function gzipSize(contents: string): Promise<number> {
  const out = await build({
    stdin: { contents, resolveDir: process.cwd(), loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    write: false,
    external: ["node:*"],
    legalComments: "none",
  });
  return gzipSync(out.outputFiles[0]!.contents, { level: 9 }).byteLength;
}
const fetchOnly = await gzipSize('export { default as createClient } from "openapi-fetch";');
const entry = await gzipSize('export { createClient } from "./src/index.ts";');
const signing = await gzipSize(
  'export { createClient } from "./src/index.ts"; export { signRequest } from "./src/signing/index.ts";',
);
const whole = await gzipSize('export * from "./src/index.ts";');
console.log("size, min+gzip (esbuild, gzip -9), openapi-fetch included:");
console.log(`  openapi-fetch alone                                  ${String(fetchOnly).padStart(6)} B`);
console.log(
  `  import { createClient } from the package entry       ${String(entry).padStart(6)} B  ` +
    `${(entry / fetchOnly).toFixed(2)}x openapi-fetch  ` +
    `(target <= 4.5 KB = 4,608 B: ${entry <= 4_608 ? "met" : "NOT met"})`,
);
console.log(`  import { createClient, signRequest } from the entry  ${String(signing).padStart(6)} B`);
console.log(`  everything the entry exports (flow helpers too)      ${String(whole).padStart(6)} B`);
