// Signing a raw upload of 16 and 128 MiB: time against a bare SHA-256 of the same bytes, and peak memory.
// Times: bare SHA-256, signRequest and a client PUT (default options, stub fetch) run interleaved in a
// rotating order; the figure is the median of each. Memory: each size in a fresh child process, where
// the kernel's peak-RSS mark is reset once the code is loaded and warm, so the peak holds only the file
// and what the upload adds to it.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { runSync } from "../scripts/run.mjs";
import { loadShipped } from "./shipped.ts";
import { median, ratioLine, rotate } from "./stats.ts";

const { createClient, signRequest } = await loadShipped();

const MiB = 1024 * 1024;
const SIZES_MIB = [16, 128];
const credentials = { accessKey: "AK-BENCH", secretKey: "c2VjcmV0LWtleS1ieXRlcy1mb3ItYmVuY2g" };
const time = new Date(Date.UTC(2026, 10, 21, 9, 30));
const docPath = { main_account_id: "acc-main-1", sub_account_id: "sub-1", document_type: "MEMORANDUM_OF_ASSOCIATION" };
const client = createClient({
  baseUrl: "https://svc.example",
  credentials,
  fetch: async () => new Response(null, { status: 204 }),
});
const upload = async (body: Uint8Array<ArrayBuffer>) => {
  const { response } = await client.PUT(
    "/v2/accounts/{main_account_id}/businesses/{sub_account_id}/documents/{document_type}",
    {
      params: { path: docPath, header: { "Content-Disposition": 'attachment; filename="big.pdf"' } },
      headers: { "Content-Type": "application/pdf" },
      body,
    },
  );
  if (response.status !== 204) throw new Error(`status ${response.status}`);
};

/** A file whose every page is written, so it is resident. */
function makeFile(size: number): Uint8Array<ArrayBuffer> {
  const file = new Uint8Array(size);
  for (let i = 0; i < size; i += 4096) file[i] = (i >>> 12) & 255;
  return file;
}

/** Linux: VmRSS or VmHWM (the peak) of this process, in bytes. */
const status = (field: "VmRSS" | "VmHWM") =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync("/proc/self/status", "utf8"))![1]) * 1024;

if (process.argv[2] === "--memory") {
  // Child: one upload of the given size, peak memory reported as JSON on stdout.
  const size = Number(process.argv[3]) * MiB;
  const gc = (globalThis as { gc?: () => void }).gc!;
  await upload(makeFile(1024)); // loads and warms every code path on a small body
  gc();
  writeFileSync("/proc/self/clear_refs", "5"); // resets the peak-RSS mark to the present RSS
  const base = status("VmRSS");
  const file = makeFile(size);
  const withFile = status("VmHWM");
  await upload(file);
  const peak = status("VmHWM");
  console.log(JSON.stringify({ base, withFile, peak }));
  process.exit(0);
}

function peakMemory(sizeMiB: number) {
  const { stdout } = runSync(
    process.execPath,
    ["--expose-gc", "--import", "tsx", fileURLToPath(import.meta.url), "--memory", String(sizeMiB)],
    { env: process.env, name: `the ${sizeMiB} MiB memory child` },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as { base: number; withFile: number; peak: number };
}

console.log("raw upload, signed; times are medians of interleaved rounds:");
for (const sizeMiB of SIZES_MIB) {
  const size = sizeMiB * MiB;
  const file = makeFile(size);
  const variants: Record<string, () => unknown> = {
    "bare SHA-256": () => createHash("sha256").update(file).digest("hex"),
    signRequest: () => signRequest({ ...credentials, method: "PUT", path: "/v2/x", body: file, time }),
    "client PUT (stub fetch)": () => upload(file),
  };
  const names = Object.keys(variants);
  for (const name of names) await variants[name]!();
  const rounds = sizeMiB <= 16 ? 61 : 21;
  const ms: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < rounds; r++) {
    for (const name of rotate(names, r)) {
      const t = performance.now();
      await variants[name]!();
      ms[name]!.push(performance.now() - t);
    }
  }
  const m = Object.fromEntries(names.map((n) => [n, median(ms[n]!)]));
  const bare = m["bare SHA-256"]!;
  console.log(`${sizeMiB} MiB, ${rounds} rounds: ${names.map((n) => `${n} ${m[n]!.toFixed(2)} ms`).join("; ")}`);
  ratioLine("signRequest / bare SHA-256", m.signRequest! / bare, undefined, 1.05);
  ratioLine("client PUT / bare SHA-256", m["client PUT (stub fetch)"]! / bare, undefined, 1.05);
  const mem = peakMemory(sizeMiB);
  console.log(
    `  peak RSS of one upload in a fresh process: file loaded +${((mem.withFile - mem.base) / MiB).toFixed(1)} MiB, ` +
      `upload adds +${((mem.peak - mem.withFile) / MiB).toFixed(1)} MiB`,
  );
  ratioLine("peak memory / file size", (mem.peak - mem.base) / size, undefined, 1.1);
}
