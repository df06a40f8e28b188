// The main job: build the spec and the docs, then run the mock and serve the docs until Ctrl-C stops both.
// Usage: npm start [-- --port 4010] [--docs-port 4020] [--rebuild]; the other mock options (--auth ...) pass through.
// Options and ports are checked before anything is built. The build and the docs are skipped when every file
// they read or write is byte for byte what it was after the last successful build (out/start-inputs.sha256),
// so a warm start is the mock's own start.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { assertPortFree, canonicalArgs, listening, parseOrExit, refuse } from "./args.mjs";
import { mockCommand, parseAuthOptions, parsePort, parseStatefulOptions } from "./mock.mjs";
import { runNode, start } from "./run.mjs";
import { docsPortHow, parseDocsPort } from "./serve-docs.mjs";
import { packageInfo, root } from "./tools.mjs";

const command = {
  name: "start",
  usage: `npm start [-- --port N] [--docs-port N] [--rebuild] [mock options]   (bash scripts/dev.sh start -- ...)
  --port N        the mock's port (default 4010 or PORT)
  --docs-port N   the docs server's port (default 4020 or DOCS_PORT)
  --rebuild       build and make the docs even when nothing they depend on changed
  mock options    as npm run mock takes them (npm run mock -- --help)`,
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
  const add = (rel) => {
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
  const mockArgs = canonicalArgs(values, mockCommand.options);
  let port, docsPort;
  try {
    port = parsePort(mockArgs);
    parseAuthOptions(mockArgs);
    parseStatefulOptions(mockArgs);
    docsPort = parseDocsPort(values["docs-port"]);
    if (port === docsPort)
      throw new Error(`the mock and the docs cannot share port ${port}: change --port or --docs-port`);
  } catch (err) {
    refuse(command, err.message);
  }
  try {
    await assertPortFree(port, { what: "start (mock)", how: "--port N or PORT=N" });
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
    const servers = [
      ["scripts/mock.mjs", ...mockArgs],
      ["scripts/serve-docs.mjs", "--docs-port", String(docsPort)],
    ].map((argv) => start(process.execPath, argv, { output: "inherit", check: false }));
    const stopAll = () => {
      for (const server of servers) server.stop("SIGTERM");
    };
    process.on("SIGINT", stopAll);
    process.on("SIGTERM", stopAll);
    const ended = Promise.race(servers.map((s) => s.result));
    // One plain line once both accept connections: a script or a reader waits for it (each server's own line
    // comes earlier, and the mock's Prism logs after its own).
    if ((await listening(port, { gaveUp: ended })) && (await listening(docsPort, { gaveUp: ended })))
      console.log(
        `Servers ready: the mock on http://127.0.0.1:${port}, the docs on http://127.0.0.1:${docsPort}/ ` +
          "(Ctrl-C stops both)",
      );
    // When one stops (Ctrl-C or a failure), stop the other; exit with the first one's code once both are gone.
    const first = await ended;
    stopAll();
    await Promise.all(servers.map((s) => s.result));
    process.exit(first.code ?? 0);
  } catch (err) {
    console.error(`start: ${err.message}`);
    process.exit(1);
  }
}
