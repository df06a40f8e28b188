// The main job: build the spec and the docs, then run the mock and serve the docs until Ctrl-C stops both.
// Usage: npm start [-- --port 4010] [--docs-port 4020] [--rebuild]; the other mock options (--auth ...) are fo-mock's.
// Options and ports are checked before anything is built. The build and the docs are skipped when every file
// they read or write is byte for byte what it was after the last successful build (out/start-inputs.sha256),
// so a warm start is the mock's own start.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { mockCommand, mockOptions, readyLines } from "../src/mock/cli.ts";
import { startMock } from "../src/mock/launch/start.ts";
import { assertPortFree, listening, parseOrExit, refuse } from "./args.mjs";
import { runNode, start } from "./run.mjs";
import { docsPortHow, parseDocsPort } from "./serve-docs.mjs";
import { packageInfo, root } from "./tools.mjs";

/** @satisfies {import("../src/cli/args.ts").Command} */
export const command = {
  name: "start",
  usage: `npm start [-- --port N] [--docs-port N] [--rebuild] [mock options]   (bash scripts/dev.sh start -- ...)
  --port N        the mock's port (default 4010 or PORT)
  --docs-port N   the docs server's port (default 4020 or DOCS_PORT)
  --rebuild       build and make the docs even when nothing they depend on changed
  mock options    as fo-mock takes them (bash scripts/dev.sh mock -- --help)`,
  options: { ...mockCommand.options, "docs-port": { type: "string" }, rebuild: { type: "boolean" } },
};

/** What the build and the docs read and write: when none of it changed since the last build, both are skipped. */
const BUILD_FILES = [
  "openapi",
  "generated",
  "src",
  "dist",
  "out/docs",
  "postman",
  "redocly.yaml",
  "tsdown.config.ts",
  "tsconfig.build.json",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
].concat(
  [
    "build.mjs",
    "build-package.mjs",
    "docs.mjs",
    "docs-page.mjs",
    "docs-static.mjs",
    "docs-search.mjs",
    "docs-search-page.js",
    "docs-template.hbs",
    "postman.mjs",
    "tools.mjs",
  ].map((f) => `scripts/${f}`),
);
const stampFile = path.join(root, "out/start-inputs.sha256");

/** One SHA-256 over the names and bytes of every file of BUILD_FILES (folders walked in sorted order). */
export function buildFilesHash() {
  const hash = createHash("sha256");
  const add = (/** @type {string} */ rel) => {
    const abs = path.join(root, rel);
    const info = statSync(abs, { throwIfNoEntry: false });
    if (!info) hash.update(`missing ${rel}\0`);
    else if (info.isDirectory()) for (const name of readdirSync(abs).sort()) add(path.join(rel, name));
    else hash.update(`${rel}\0${info.size}\0`).update(readFileSync(abs));
  };
  BUILD_FILES.forEach(add);
  return hash.digest("hex");
}

/** The hash written after the last successful build, or "" when there was none. */
function lastBuild() {
  try {
    return readFileSync(stampFile, "utf8").trim();
  } catch {
    return "";
  }
}

if (import.meta.main) {
  const { values } = parseOrExit(command, process.argv.slice(2), packageInfo);
  /** @type {ReturnType<typeof mockOptions>} */
  let options;
  /** @type {number} */
  let port;
  /** @type {number} */
  let docsPort;
  try {
    options = mockOptions(values, process.env, process.cwd());
    if (options.port === undefined) throw new Error("the mock's options name no port");
    port = options.port;
    docsPort = parseDocsPort(values["docs-port"]);
    if (port === docsPort)
      throw new Error(`the mock and the docs cannot share port ${port}: change --port or --docs-port`);
  } catch (err) {
    refuse(command, /** @type {Error} */ (err).message);
  }
  try {
    if (port !== 0) await assertPortFree(port, { what: "start (mock)", how: "--port N or PORT=N" });
    await assertPortFree(docsPort, { what: "start (docs)", how: docsPortHow });
    if (values.rebuild || lastBuild() !== buildFilesHash()) {
      await runNode("scripts/build.mjs", [], { output: "inherit" });
      await runNode("scripts/docs.mjs", [], { output: "inherit" });
      mkdirSync(path.dirname(stampFile), { recursive: true });
      writeFileSync(stampFile, `${buildFilesHash()}\n`);
    } else {
      console.log(
        "build and docs: up to date (nothing they read or write changed since the last build; --rebuild forces one)",
      );
    }
    const docs = start(process.execPath, ["scripts/serve-docs.mjs", "--docs-port", String(docsPort)], {
      output: "inherit",
      check: false,
    });
    const mock = await startMock({ ...options, log: "inherit" }).catch((err) => {
      docs.stop("SIGTERM");
      throw err;
    });
    for (const line of readyLines(mock, options)) console.log(line);
    let stopping = false;
    const stopAll = () => {
      stopping = true;
      docs.stop("SIGTERM");
      return mock.close();
    };
    process.on("SIGINT", stopAll);
    process.on("SIGTERM", stopAll);
    // Re-parented (npm went away without passing a signal on): stop as on Ctrl-C rather than serve on unattended.
    const parent = process.ppid;
    setInterval(() => process.ppid !== parent && process.kill(process.pid, "SIGTERM"), 500).unref();
    // A Ctrl-C in a terminal reaches every process of the group: the mock ending on a signal is a stop, not a crash.
    const ended = Promise.race([
      docs.result.then((r) => r.code ?? 0),
      mock.exited.then((how) => (/SIG(INT|TERM|HUP)/.test(how) ? 0 : 1)),
    ]);
    // One plain line once both accept connections: a script or a reader waits for it.
    if (await listening(docsPort, { gaveUp: ended }))
      console.log(
        `Servers ready: the mock on ${mock.url}, the docs on http://127.0.0.1:${docsPort}/ (Ctrl-C stops both)`,
      );
    // When one stops (Ctrl-C or a failure), stop the other; exit 0 on Ctrl-C, else with the first one's code.
    const first = await ended;
    const asked = stopping;
    await stopAll();
    await docs.result;
    process.exit(asked ? 0 : first);
  } catch (err) {
    console.error(`start: ${/** @type {Error} */ (err).message}`);
    process.exit(1);
  }
}
