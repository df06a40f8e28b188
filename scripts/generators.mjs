#!/usr/bin/env node
// The generator matrix: generates a client from the document with each generator below (default options;
// a generator that stops with the option to get past its stop in its message is run again with it, see check()),
// builds it under its language's strict checks with a small consumer program (the driver), counts its
// operations, runs the driver against a local recording server and checks what arrived on the wire.
// Prints one row per generator, one column per check; any failing cell fails the run and is named.
// Usage: node scripts/generators.mjs [--document FILE] [--json FILE] [--out DIR] [generator-id ...]
//   (default: generated/openapi.json, every generator; `--list` prints the ids and versions).
// Generated code goes to the git-ignored out/generators/<id>/ (or DIR/<id>/; rebuilt each run); tools to .cache/.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { startEcho } from "./generators/echo.mjs";
import { GENERATORS } from "./generators/registry.mjs";
import { ensureDir, matrixDir, tail, ToolError } from "./generators/tools.mjs";
import { parseOrExit, refuse } from "./args.mjs";
import { stillRunning } from "./run.mjs";
import { packageInfo, root } from "./tools.mjs";

/** The columns, in order; each check's verdict is `true`, or a string saying why it failed. */
export const CHECKS = [
  "generates",
  "warnings",
  "builds",
  "ops",
  "upload bytes",
  "MIME type",
  "typed success",
  "unknown code",
  "open set",
];

/** @satisfies {import("../src/cli/args.ts").Command} */
export const command = {
  name: "generators",
  usage: "npm run generators [-- --document FILE] [--json FILE] [--out DIR] [--list] [GENERATOR-ID...]",
  options: {
    document: { type: "string" },
    json: { type: "string" },
    out: { type: "string" },
    list: { type: "boolean" },
  },
  positionals: { max: Infinity },
};

/**
 * @typedef {Record<string, true | string>} Cells each check's verdict: true, or why it failed ("not reached" before it)
 * @typedef {{ generate?: string, again?: string, generatedAgain?: string, build?: string, typed?: string,
 *   drive?: string, seconds?: number }} Details what each step printed, the option of a second generation, the time
 * @typedef {{ generator: import("./generators/tools.mjs").Generator, cells: Cells, details: Details }} Row
 */

/** @param {string[]} args */
function parseCommand(args) {
  const { values, positionals } = parseOrExit(command, args, packageInfo);
  const options = {
    document: values.document !== undefined ? path.resolve(values.document) : path.join(root, "generated/openapi.json"),
    json: values.json !== undefined ? path.resolve(values.json) : undefined,
    out: values.out !== undefined ? path.resolve(values.out) : path.join(root, "out/generators"),
    only: positionals,
    list: Boolean(values.list),
  };
  const unknown = options.only.filter((id) => !GENERATORS.some((g) => g.id === id));
  if (unknown.length)
    refuse(
      command,
      `unknown generator ${unknown.map((id) => JSON.stringify(id)).join(", ")}; ` +
        `the ids are: ${GENERATORS.map((g) => g.id).join(", ")}`,
    );
  return options;
}

/**
 * At most `limit` of the given tasks at once (two cores: two generators' JVMs, compilers or drivers).
 * @template T, R
 * @param {number} limit @param {T[]} items @param {(item: T) => Promise<R>} fn
 * @returns {Promise<R[]>}
 */
async function pool(limit, items, fn) {
  /** @type {R[]} */
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(/** @type {T} */ (items[i]));
      }
    }),
  );
  return results;
}

/**
 * The operationIds of the document: what every client must expose.
 * @param {string} document
 * @returns {string[]}
 */
function operationIds(document) {
  const doc = JSON.parse(readFileSync(document, "utf8"));
  return Object.values(doc.paths ?? {}).flatMap((/** @type {Record<string, any>} */ item) =>
    ["get", "put", "post", "delete", "patch", "head", "options", "trace"].flatMap((m) =>
      item[m]?.operationId ? [item[m].operationId] : [],
    ),
  );
}

const short = (/** @type {string} */ text, n = 400) => (text.length > n ? `${text.slice(0, n)}...` : text);

/**
 * Runs one generator through every check; never throws (an exception is that generator's failing cell).
 * @param {import("./generators/tools.mjs").Generator} generator
 * @param {{ document: string, scenario: any, ids: string[], out: string }} what
 * @returns {Promise<{ cells: Cells, details: Details }>}
 */
async function check(generator, { document, scenario, ids, out }) {
  const dir = path.join(out, generator.id);
  rmSync(dir, { recursive: true, force: true });
  ensureDir(dir);
  /** @type {Cells} */
  const cells = Object.fromEntries(CHECKS.map((c) => [c, "not reached"]));
  /** @type {Details} */
  const details = {};
  const started = performance.now();
  const echo = await startEcho(scenario);
  const ctx = {
    dir,
    document,
    scenario,
    baseUrl: echo.url,
    scenarioFile: path.join(matrixDir, "scenario.json"),
    driversDir: path.join(matrixDir, "drivers"),
  };
  try {
    const generated = await generator.generate(ctx);
    details.generate = generated.output;
    cells.generates = generated.code === 0 || `exit ${generated.code}: ${short(tail(generated.output, 8))}`;
    let warnings = generator.warnings(generated.output);
    // A generator whose stop message names the option that gets past it is run once more with that option, as
    // its consumer would: generates and warnings stay the default run's, the other cells are that client's.
    if (generated.code !== 0 && generator.again) {
      const again = await generator.again.generate(ctx);
      details.again = again.output;
      if (again.code === 0) details.generatedAgain = generator.again.what;
      // A stop the option does not get past is a new one: it fails the row (the listed cell would hide it).
      else
        cells.builds = `no client: generated again with ${generator.again.what}, exit ${again.code}: ${short(tail(again.output, 8))}`;
      warnings = [...new Set([...warnings, ...generator.warnings(again.output)])];
    }
    cells.warnings = warnings.length === 0 || `${warnings.length}: ${short(warnings.join(" | "))}`;
    if (generated.code !== 0 && !details.generatedAgain) return { cells, details };

    const found = generator.operations(ctx, ids);
    const missing = ids.filter((id) => !found.has(id));
    cells.ops = missing.length === 0 || `${ids.length - missing.length}/${ids.length}, missing ${missing.join(", ")}`;

    const built = await generator.build(ctx);
    details.build = built.output;
    cells.builds = built.code === 0 || short(tail(built.output, 10), 600);
    const typed = await generator.typed(ctx);
    details.typed = typed.output;

    const driven = await generator.drive(ctx);
    details.drive = driven.output;
    const last = driven.stdout?.trim().split("\n").at(-1) ?? "";
    let result;
    try {
      result = JSON.parse(last);
    } catch {
      result = {
        errors: { driver: `the driver printed no result (exit ${driven.code}): ${short(tail(driven.output, 8))}` },
      };
    }
    const why = (/** @type {string} */ step) => result.errors?.[step] ?? result.errors?.driver ?? "no value";

    const { upload } = scenario;
    const business = `/v2/accounts/${upload.main_account_id}/businesses/${upload.sub_account_id}`;
    const uploadPath = `${business}/documents/${upload.document_type}`;
    const uploads = echo.requests.filter((r) => r.method === "PUT" && r.url.pathname === uploadPath);
    const [sent] = uploads;
    if (uploads.length !== 1 || !sent) {
      const reason = uploads.length
        ? `${uploads.length} uploads arrived`
        : `no upload arrived: ${short(why("upload"), 300)}`;
      cells["upload bytes"] = cells["MIME type"] = reason;
    } else {
      const expected = Buffer.from(upload.file_hex, "hex");
      cells["upload bytes"] =
        sent.body.equals(expected) ||
        `sent ${sent.body.length} bytes ${short(sent.body.toString("hex"), 60)}, ` + `expected ${upload.file_hex}`;
      const type = sent.headers["content-type"];
      cells["MIME type"] =
        type === upload.mime_type || `Content-Type ${type === undefined ? "absent" : JSON.stringify(type)}`;
    }
    cells["typed success"] =
      typed.code !== 0
        ? `the typed probe does not compile: ${short(tail(typed.output, 6))}`
        : result.total === scenario.rfi_list.total ||
          `total read as ${JSON.stringify(result.total)}: ${short(why("list"), 300)}`;
    cells["unknown code"] =
      result.unknown_code === scenario.quote.unknown_code ||
      `decoded ${JSON.stringify(result.unknown_code)}: ${short(why("quote"), 300)}`;
    cells["open set"] =
      result.order_status === scenario.execute.new_order_status ||
      `read ${JSON.stringify(result.order_status)}: ${short(why("execute"), 300)}`;
  } catch (err) {
    // The first cell not reached is where it broke (the last, "open set", when every one was).
    const first = CHECKS.find((c) => cells[c] === "not reached") ?? "open set";
    cells[first] = err instanceof ToolError ? err.message : String((err instanceof Error && err.stack) || err);
  } finally {
    await echo.close();
    details.seconds = Math.round((performance.now() - started) / 100) / 10;
  }
  return { cells, details };
}

/**
 * Cells that fail through a generator's own defect, each with why (test/generators/matrix/known-defects.json).
 * @returns {Record<string, string>}
 */
const knownDefects = () => {
  const { $comment, ...known } = JSON.parse(readFileSync(path.join(matrixDir, "known-defects.json"), "utf8"));
  return known;
};

/** @param {Row[]} rows */
function printTable(rows) {
  const known = knownDefects();
  const mark = (/** @type {true | string | undefined} */ v, /** @type {string} */ cell) =>
    v === true ? "ok" : v === "not reached" ? "-" : cell in known ? "KNOWN" : "FAIL";
  const header = ["generator", ...CHECKS, "s"];
  const lines = rows.map(({ generator, cells, details }) => [
    `${generator.id}`,
    ...CHECKS.map((c) => mark(cells[c], `${generator.id} x ${c}`)),
    String(details.seconds),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]?.length ?? 0)));
  const fmt = (/** @type {string[]} */ cols) => `| ${cols.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  console.log(fmt(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const l of lines) console.log(fmt(l));
  const failing = (/** @type {Cells} */ cells, /** @type {string} */ c) =>
    cells[c] !== true && cells[c] !== "not reached";
  const failures = rows.flatMap(({ generator, cells }) =>
    CHECKS.filter((c) => failing(cells, c) && !(`${generator.id} x ${c}` in known)).map(
      (c) => `${generator.id} x ${c}: ${cells[c]}`,
    ),
  );
  // A listed cell that passes now is fixed upstream: the entry must go, so the list never hides a new failure.
  // (Only where the generator got as far as generating: a cell after a failed generation passes vacuously.)
  const generated = (/** @type {Cells} */ cells, /** @type {Details} */ details) =>
    cells.generates === true || details.generatedAgain !== undefined;
  const fixed = rows.flatMap(({ generator, cells, details }) =>
    CHECKS.filter((c) => `${generator.id} x ${c}` in known && cells[c] === true && generated(cells, details)).map(
      (c) => `${generator.id} x ${c}: passes now; remove it from known-defects.json`,
    ),
  );
  const again = rows.filter(({ details }) => details.generatedAgain !== undefined);
  if (again.length)
    console.log(
      "\nGenerated again after a known stop (the cells after warnings are of that client):\n" +
        again.map(({ generator, details }) => `- ${generator.id}: ${details.generatedAgain}`).join("\n"),
    );
  // Cells behind a known defect are not reached; any other unreached cell is a failure of the run.
  const blocked = new Set(
    rows
      .filter(({ generator, cells }) => CHECKS.some((c) => failing(cells, c) && `${generator.id} x ${c}` in known))
      .map(({ generator }) => generator.id),
  );
  const unreached = rows.flatMap(({ generator, cells }) =>
    blocked.has(generator.id)
      ? []
      : CHECKS.filter((c) => cells[c] === "not reached").map((c) => `${generator.id} x ${c}`),
  );
  const knownSeen = rows.flatMap(({ generator, cells }) =>
    CHECKS.filter((c) => failing(cells, c) && `${generator.id} x ${c}` in known).map(
      (c) => `${generator.id} x ${c}: ${known[`${generator.id} x ${c}`]}`,
    ),
  );
  if (knownSeen.length)
    console.log(
      "\nKnown generator defects (not the document's; test/generators/matrix/known-defects.json):\n" +
        knownSeen.map((k) => `- ${k}`).join("\n"),
    );
  return { failures: [...failures, ...fixed], unreached };
}

if (import.meta.main) {
  try {
    const options = parseCommand(process.argv.slice(2));
    const chosen = options.only.length ? GENERATORS.filter((g) => options.only.includes(g.id)) : GENERATORS;
    if (options.list) {
      for (const g of chosen) console.log(`${g.id.padEnd(24)} ${g.name} ${g.version()}`);
    } else {
      const scenario = JSON.parse(readFileSync(path.join(matrixDir, "scenario.json"), "utf8"));
      const ids = operationIds(options.document);
      const started = performance.now();
      console.log(
        `Generator matrix on ${path.relative(root, options.document)} (${ids.length} operations), ` +
          `${chosen.length} generators:`,
      );
      // What installs or runs, said every 10 s: the table prints only once every generator has ended.
      /** @type {Set<string>} */
      const pending = new Set();
      const stopHeartbeat = stillRunning("generators", pending);
      /** @template T @param {string} name @param {() => Promise<T>} work */
      const during = async (name, work) => {
        pending.add(name);
        try {
          return await work();
        } finally {
          pending.delete(name);
        }
      };
      /** @type {Row[]} */
      let rows;
      try {
        // Every tool install at once (downloads wait on the network, not the cores); a failed one is
        // reported again by the first cell of each generator that needs it.
        await Promise.allSettled(chosen.map((g) => during(`installing ${g.id}`, () => g.install())));
        console.log(`Tools ready after ${((performance.now() - started) / 1000).toFixed(0)} s.`);
        rows = await pool(2, chosen, async (generator) => ({
          generator,
          ...(await during(generator.id, () =>
            check(generator, { document: options.document, scenario, ids, out: options.out }),
          )),
        }));
      } finally {
        stopHeartbeat();
      }
      const { failures, unreached } = printTable(rows);
      console.log(`${((performance.now() - started) / 1000).toFixed(0)} s in all.`);
      if (options.json) {
        const out = rows.map(({ generator, cells, details }) => ({
          id: generator.id,
          name: generator.name,
          version: generator.version(),
          cells,
          seconds: details.seconds,
        }));
        writeFileSync(
          options.json,
          `${JSON.stringify({ document: path.relative(root, options.document), rows: out }, null, 2)}\n`,
        );
      }
      if (failures.length || unreached.length) {
        console.error(
          `\n${failures.length} failing cells` +
            `${unreached.length ? ` (and ${unreached.length} not reached after them)` : ""}:`,
        );
        for (const f of failures) console.error(`- ${f}`);
        process.exitCode = 1;
      }
    }
  } catch (err) {
    console.error(err instanceof ToolError ? err.message : err);
    process.exitCode = 1;
  }
}
