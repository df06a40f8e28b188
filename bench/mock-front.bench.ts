// Latency the signature front adds to Prism: small signed JSON requests sent one at a time, to Prism
// and to the front before it, interleaved in one run on 127.0.0.1. Bounded by count and by time.
import { randomBytes } from "node:crypto";
import http from "node:http";
import { startFront } from "../src/mock/front.ts";
import { parseKeys } from "../src/mock/keys.ts";
import { signRequest } from "../src/signing/index.ts";
import { startPrism } from "../test/helpers/prism.ts";

const ROUNDS = 3_000;
const WARM_UP = 300;
const MAX_MS = 60_000;

const creds = { accessKey: "AK-BENCH", secretKey: randomBytes(32).toString("base64url") };
const path = "/v1/customers/c0ffee00-0000-4000-8000-000000000001/conversions/hedge";
const body = JSON.stringify({ quote_id: "3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69" });

const prism = await startPrism();
const front = await startFront({ upstream: prism.url, keys: parseKeys({ [creds.accessKey]: creds.secretKey }, "bench keys") });
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One request; the time runs from writing the request to the last byte of the answer. */
function once(base: string): Promise<number> {
  const url = new URL(base);
  const signed = signRequest({ ...creds, method: "POST", path, body, time: new Date() });
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const req = http.request(
      { host: url.hostname, port: url.port, method: "POST", path, agent, headers: { ...signed.headers, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on("end", () => (res.statusCode === 201 ? resolve(Number(process.hrtime.bigint() - start) / 1e6) : reject(new Error(`status ${res.statusCode}`))));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
try {
  for (let i = 0; i < WARM_UP; i++) {
    await once(prism.url);
    await once(front.url);
  }
  const direct: number[] = [];
  const fronted: number[] = [];
  const deadline = Date.now() + MAX_MS;
  for (let i = 0; i < ROUNDS && Date.now() < deadline; i++) {
    // Alternate which goes first so drift of the machine hits both alike.
    if (i % 2) {
      direct.push(await once(prism.url));
      fronted.push(await once(front.url));
    } else {
      fronted.push(await once(front.url));
      direct.push(await once(prism.url));
    }
  }
  const [p50d, p50f] = [pct(direct, 0.5), pct(fronted, 0.5)];
  console.log(`Small signed JSON POST (Execute Quote, ${body.length} bytes), sequential, ${direct.length} requests each, keep-alive:`);
  console.log(`  Prism alone            median ${p50d.toFixed(3)} ms   p90 ${pct(direct, 0.9).toFixed(3)} ms`);
  console.log(`  signature front+Prism  median ${p50f.toFixed(3)} ms   p90 ${pct(fronted, 0.9).toFixed(3)} ms`);
  console.log(`  the front adds ${(p50f - p50d).toFixed(3)} ms to the median (ratio ${(p50f / p50d).toFixed(2)}; target <= 1 ms added)`);
} finally {
  agent.destroy();
  await front.close();
  await prism.stop();
}
