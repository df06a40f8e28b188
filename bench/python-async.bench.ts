// What the Python async client costs and gains: a GET of the RFI list through it (signing every call) one call after
// another against bare aiohttp, the HTTP library it sits on; and 100 calls gathered on one async client against the
// sync client making them one after another. Against the built mock (`fo-mock` of packages/mock, sandbox auth, which
// takes any token and checks no signature, so the server's work is the same for every variant); the variants run
// interleaved in each Python process (bench/python-async.py), three processes one after another, and the figures are
// medians of their pooled samples.
import os from "node:os";
import path from "node:path";
import { existsSync } from "node:fs";
import { pythonWithWheel } from "../scripts/journeys.mjs";
import { run, start } from "../scripts/run.mjs";
import { quietEnv, root } from "../scripts/tools.mjs";
import { median, ratioLine } from "./stats.ts";

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const PROCESSES = Number(process.env.PROCESSES ?? 3);
const bin = path.join(root, "packages/mock/dist/fo-mock.mjs");
if (!existsSync(bin)) throw new Error(`${path.relative(root, bin)} is missing: run bash scripts/dev.sh build:package.`);
const python = await pythonWithWheel();

/** The built mock on a free port; resolves with its URL once it prints its ready line. */
async function startMock() {
  const mock = start(process.execPath, [bin, "--port", "0", "--auth", "sandbox"], { output: "pipe", env: quietEnv });
  let out = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`fo-mock was not ready within 60 s:\n${out}`)), 60_000);
    const read = (d: Buffer) => {
      out += d;
      const ready = /fo-mock ready: (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]!);
      }
    };
    mock.child.stdout!.on("data", read);
    mock.child.stderr!.on("data", read);
    mock.child.once("exit", (code: number | null) => reject(new Error(`fo-mock ended (${code}) first:\n${out}`)));
  });
  return { url, stop: () => mock.stop() };
}

const mock = await startMock();
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
  mock.stop();
}
