// What the Python async client costs and gains: a GET of the RFI list through it (signing every call) one call after
// another against bare aiohttp, the HTTP library it sits on; and 100 calls gathered on one async client against the
// sync client making them one after another. Against the built mock (`startMock()` of packages/mock, sandbox auth, which
// takes any token and checks no signature, so the server's work is the same for every variant); the variants run
// interleaved in each Python process (bench/python-async.py), three processes one after another, and the figures are
// medians of their pooled samples.
import os from "node:os";
import path from "node:path";
import { existsSync } from "node:fs";
import { pythonWithWheel } from "../scripts/journeys.mjs";
import { run } from "../scripts/run.mjs";
import { quietEnv, root } from "../scripts/tools.mjs";
import { median, ratioLine } from "./stats.ts";

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const PROCESSES = Number(process.env.PROCESSES ?? 3);
// The built mock package's startMock(), as a consumer's test suite starts it.
const entry = path.join(root, "packages/mock/dist/index.mjs");
if (!existsSync(entry))
  throw new Error(`${path.relative(root, entry)} is missing: run bash scripts/dev.sh build:package.`);
const { startMock } = (await import(entry)) as typeof import("../src/mock/index.ts");
const python = await pythonWithWheel();

const mock = await startMock({ auth: "sandbox", stateful: false });
try {
  console.log(
    `load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  // Each Python process lands on its own figures (its memory layout, its collector's timing): the samples of
  // PROCESSES processes, one after another against the same mock, are pooled before the medians.
  const samples: Record<string, number[]> = {};
  for (let i = 0; i < PROCESSES; i++) {
    const { stdout } = await run(python, [path.join(root, "bench/python-async.py"), mock.url, String(ROUNDS)], {
      env: quietEnv,
      timeoutMs: 600_000,
    });
    const one = JSON.parse(stdout.trim().split("\n").at(-1)!) as Record<string, number[]>;
    for (const [name, xs] of Object.entries(one)) samples[name] = [...(samples[name] ?? []), ...xs];
  }
  const us = Object.fromEntries(Object.entries(samples).map(([name, xs]) => [name, median(xs)]));
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  console.log(
    `GET of the RFI list against the built mock (sandbox auth), ${ROUNDS} interleaved rounds in each of ${PROCESSES} ` +
      "Python processes, pooled; median us/call:",
  );
  for (const [name, value] of Object.entries(us))
    console.log(`  ${name.padEnd(42)} ${value!.toFixed(0).padStart(6)} us/call  (${samples[name]!.length} samples)`);
  console.log("ratios:");
  ratioLine(
    "async client / bare aiohttp, one after another",
    us["async client, signed GET"]! / us["bare aiohttp GET"]!,
    undefined,
    1.3,
  );
  ratioLine(
    "100 gathered on the async client, rate / sync",
    us["sync client, signed GET"]! / us["async client, 100 gathered signed GETs"]!,
    undefined,
    1.5,
    true,
  );
  ratioLine("sync client / bare aiohttp, one after another", us["sync client, signed GET"]! / us["bare aiohttp GET"]!);
  ratioLine(
    "100 gathered: async client / bare aiohttp",
    us["async client, 100 gathered signed GETs"]! / us["bare aiohttp, 100 gathered GETs"]!,
  );
} finally {
  await mock.close();
}
