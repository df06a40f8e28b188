#!/usr/bin/env node
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseOrExit, refuse } from "./args.mjs";
import { newKeyPair } from "../src/mock/launch/keys.ts";
import { startMock } from "../src/mock/launch/start.ts";
import { openRecording } from "../src/proxy/record.ts";
import { DEFAULT_MAX_BODY, startProxy } from "../src/proxy/server.ts";
import { decodeSecretKey } from "../src/signing/secret.ts";
import { run } from "./run.mjs";
import { packageInfo, root, toolEnv } from "./tools.mjs";

export const TABLE = path.join(root, "test/journeys/journeys.json");
/** Longest one driver may run (it walks every journey; the slowest waits out timeouts and backoffs). */
const DRIVER_MS = 240_000;
const tsx = ["--import", "tsx"];

/** How each client's driver is started: command and arguments, and what it needs first. */
/** @typedef {{ command: string, args: string[], cwd?: string }} Driver how to run one client's driver */

/** @type {Record<string, () => Driver | Promise<Driver>>} */
export const DRIVERS = {
  typescript: () => ({ command: process.execPath, args: [...tsx, path.join(root, "test/journeys/typescript.ts")] }),
  "signing-fetch": () => ({
    command: process.execPath,
    args: [...tsx, path.join(root, "test/journeys/signing-fetch.ts")],
  }),
  python: async () => ({ command: await pythonWithWheel(), args: [path.join(root, "python/examples/journeys.py")] }),
  "python-async": async () => ({
    command: await pythonWithWheel(),
    args: [path.join(root, "python/examples/journeys_async.py")],
  }),
  go: () => {
    if (!existsSync(path.join(root, "go/foapi")))
      throw new Error("go/foapi is missing: build the Go client first (bash scripts/dev.sh clients -- build go).");
    return { command: "go", args: ["run", "./examples/journeys"], cwd: path.join(root, "go") };
  },
  postman: () => ({ command: process.execPath, args: [...tsx, path.join(root, "test/journeys/postman.ts")] }),
};

/** The clients step's environment (.cache/venv) with the wheel it built installed, as its own tests install it. */
export async function pythonWithWheel() {
  const python = path.join(root, ".cache/venv/bin/python");
  const dist = path.join(root, "out/sdk/python/dist");
  const wheel = existsSync(dist) && readdirSync(dist).find((f) => f.endsWith(".whl"));
  if (!existsSync(python) || !wheel)
    throw new Error(
      "The Python package is not built: run bash scripts/dev.sh clients -- build python (it makes .cache/venv and the wheel).",
    );
  await run(
    python,
    [
      "-m",
      "pip",
      "install",
      "--quiet",
      "--require-virtualenv",
      "--no-deps",
      "--force-reinstall",
      path.join(dist, wheel),
    ],
    { env: toolEnv },
  );
  return python;
}

/**
 * @typedef {Record<string, string[]>} Outcomes each journey's outcomes, by its id
 * @typedef {{ id: string, expect: Record<string, string[] | undefined> }} Journey
 * @typedef {{ journeys: Journey[], clients: Record<string, { retries?: boolean }> }} Table test/journeys/journeys.json
 */

/**
 * Reads a driver's `JOURNEY <id> <outcomes>` lines.
 * @param {string} output
 * @returns {Outcomes}
 */
export function readOutcomes(output) {
  /** @type {Outcomes} */
  const outcomes = {};
  for (const line of output.split("\n")) {
    const m = /^JOURNEY (\S+) (\[.*\])$/.exec(line.trim());
    if (m) outcomes[String(m[1])] = JSON.parse(String(m[2]));
  }
  return outcomes;
}

/**
 * The reference's answer for one client: its own row, else `no-retry` for clients that do not retry, else `all`.
 * @param {Journey} journey @param {string} client @param {Table["clients"]} clients
 * @returns {string[] | undefined}
 */
export function expected(journey, client, clients) {
  const e = journey.expect;
  return e[client] ?? (clients[client]?.retries ? undefined : e["no-retry"]) ?? e.all;
}

/**
 * The table journey x client (each cell its outcomes, marked when not the reference's answer), and the failures.
 * @param {Table} table @param {Record<string, Outcomes>} columns @param {string[]} [only] the journeys to show
 */
export function journeyTable(table, columns, only) {
  const names = Object.keys(columns);
  const rows = [
    ["journey", ...names],
    ["---", ...names.map(() => "---")],
  ];
  /** @type {string[]} */
  const failures = [];
  for (const journey of table.journeys.filter((j) => !only || only.includes(j.id))) {
    const cells = names.map((client) => {
      const want = expected(journey, client, table.clients);
      const got = columns[client]?.[journey.id];
      const ok = got !== undefined && JSON.stringify(got) === JSON.stringify(want);
      const shown = got === undefined ? "no outcome" : got.join(" → ");
      if (!ok) failures.push(`${journey.id} x ${client}: ${shown}; the reference's answer: ${want?.join(" → ")}`);
      return ok ? `ok: ${shown}` : `**FAIL**: ${shown}`;
    });
    rows.push([journey.id, ...cells]);
  }
  return { table: rows.map((r) => `| ${r.join(" | ")} |`).join("\n"), failures };
}

/** @satisfies {import("../src/cli/args.ts").Command} */
export const command = {
  name: "journeys",
  usage: `npm run journeys [-- CLIENT...] [--only ID,ID] [--record FILE]
  CLIENT         ${Object.keys(DRIVERS).join(", ")} (default all)
  --only ID,ID   only these journeys of the table
  --record FILE  the clients' API calls go through fo-sign proxy --record FILE (HAR, masked): fo-mock drift FILE
                 reports where the mock's answers depart from the document`,
  options: { only: { type: "string" }, record: { type: "string" } },
  positionals: { max: Object.keys(DRIVERS).length, choices: Object.keys(DRIVERS) },
};

async function main() {
  const { positionals, values } = parseOrExit(command, process.argv.slice(2), packageInfo);
  const record =
    values.record === undefined ? undefined : path.resolve(process.env.INIT_CWD ?? process.cwd(), values.record);
  const clients = positionals.length ? positionals : Object.keys(DRIVERS);
  /** @type {Table} */
  const table = JSON.parse(readFileSync(TABLE, "utf8"));
  const only = values.only?.split(",").filter(Boolean);
  const unknown = only?.filter((id) => !table.journeys.some((j) => j.id === id)) ?? [];
  if (unknown.length) refuse(command, `--only names no journey of the table: ${unknown.join(", ")}`);
  const began = performance.now();
  // The stateful mock in production auth as a user's test suite starts it (the default replay rule).
  const { accessKey, secretKey } = newKeyPair("journeys");
  const mock = await startMock({ stateful: true, auth: "production", control: true, keys: { [accessKey]: secretKey } });
  // With --record, the API calls go through the signing proxy, which records them; every driver sends its control
  // calls to the mock itself (FO_MOCK_CONTROL_URL).
  const recording = record
    ? openRecording(record, { name: "fo-sign proxy", version: packageInfo.version }, { bound: DEFAULT_MAX_BODY })
    : undefined;
  const proxy = recording
    ? await startProxy({
        upstream: mock.url,
        credentials: { accessKey: mock.accessKey, secretKey: decodeSecretKey(mock.secretKey) },
        recording,
      })
    : undefined;
  /** @type {Record<string, Outcomes>} */
  const columns = {};
  /** @type {string[]} */
  const problems = [];
  try {
    const env = {
      ...toolEnv,
      FO_BASE_URL: proxy?.url ?? mock.url,
      FO_MOCK_CONTROL_URL: mock.url,
      FO_ACCESS_KEY: mock.accessKey,
      FO_SECRET_KEY: mock.secretKey,
      FO_MOCK_CONTROL_TOKEN: mock.controlToken,
      FO_JOURNEYS: TABLE,
      FO_JOURNEY_IDS: only?.join(",") ?? "",
    };
    // One client at a time: the journeys share the mock, and each resets it.
    for (const client of clients) {
      const t = performance.now();
      try {
        const driver = DRIVERS[client];
        if (!driver) throw new Error(`no driver for ${client}`);
        const { command: cmd, args, cwd = root } = await driver();
        const ran = await run(cmd, args, { cwd, env, check: false, timeoutMs: DRIVER_MS });
        columns[client] = readOutcomes(ran.stdout);
        if (!ran.ok)
          problems.push(
            `${client}: the driver ended with ${ran.timedOut ? "a timeout" : ran.code}:\n${ran.output.slice(-3000)}`,
          );
      } catch (err) {
        columns[client] = {};
        problems.push(`${client}: ${/** @type {Error} */ (err).message}`);
      }
      console.log(`${client}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
      const ended = await Promise.race([mock.exited, new Promise((r) => setImmediate(r, undefined))]);
      if (ended) {
        problems.push(`the mock ended (${ended}) during the run:\n${mock.output().slice(-3000)}`);
        break;
      }
    }
  } finally {
    await proxy?.close();
    recording?.close();
    await mock.close();
  }
  if (recording)
    console.log(
      `Recorded ${recording.entries} exchanges (${statSync(record ?? "").size} bytes) to ${record}: ` +
        "fo-mock drift FILE reports on it.",
    );
  const { table: text, failures } = journeyTable(table, columns, only);
  console.log(`\nJourney x client, against the stateful mock in production auth (default replay rule):\n\n${text}\n`);
  console.log(`Journeys: ${((performance.now() - began) / 1000).toFixed(1)} s`);
  for (const p of problems) console.error(p);
  if (failures.length || problems.length) {
    console.error(`Not the reference's answer:\n${failures.join("\n")}`);
    process.exitCode = 1;
  }
}

if (import.meta.main) await main();
