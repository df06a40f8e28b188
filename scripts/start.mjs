// The main job: build the spec and the docs, then run the mock and serve the docs until Ctrl-C stops both.
// Usage: npm start [-- --port 4010] [--docs-port 4020] [--rebuild]; the other mock options (--auth ...) pass through.
// Options and ports are checked before anything is built. The build and the docs are skipped when every file
// they read or write is byte for byte what it was after the last successful build (out/start-inputs.sha256),
// so a warm start is the mock's own start.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { assertPortFree, canonicalArgs, parseOrExit, refuse } from "./args.mjs";
import { mockCommand, parseAuthOptions, parsePort, parseStatefulOptions } from "./mock.mjs";
import { docsPortHow, parseDocsPort } from "./serve-docs.mjs";
import { packageInfo, quietEnv, root } from "./tools.mjs";

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
  ["build.mjs", "build-package.mjs", "docs.mjs", "docs-page.mjs", "docs-template.hbs", "postman.mjs", "tools.mjs"].map(
    (f) => `scripts/${f}`,
  ),
);
const stampFile = path.join(root, "out/start-inputs.sha256");

/** One SHA-256 over the names and bytes of every file of BUILD_FILES (folders walked in sorted order). */
export function buildFilesHash() {
  const hash = createHash("sha256");
  const add = (rel) => {
    const abs = path.join(root, rel);
    const info = statSync(abs, { throwIfNoEntry: false });
    if (!info) return hash.update(`missing ${rel}\0`);
    if (info.isDirectory())
      return readdirSync(abs)
        .sort()
        .forEach((name) => add(path.join(rel, name)));
    hash.update(`${rel}\0${info.size}\0`).update(readFileSync(abs));
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

const run = (script, args = []) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: root, env: quietEnv, stdio: "inherit" });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });

if (import.meta.url === `file://${process.argv[1]}`) {
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
      await run("scripts/build.mjs");
      await run("scripts/docs.mjs");
      mkdirSync(path.dirname(stampFile), { recursive: true });
      writeFileSync(stampFile, `${buildFilesHash()}\n`);
    } else {
      console.log(
        "build and docs: up to date (nothing they read or write changed since the last build; --rebuild forces one)",
      );
    }
    const children = [
      spawn(process.execPath, ["scripts/mock.mjs", ...mockArgs], { cwd: root, env: quietEnv, stdio: "inherit" }),
      spawn(process.execPath, ["scripts/serve-docs.mjs", "--docs-port", String(docsPort)], {
        cwd: root,
        env: quietEnv,
        stdio: "inherit",
      }),
    ];
    let exitCode;
    const stopAll = () => {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    };
    process.on("SIGINT", stopAll);
    process.on("SIGTERM", stopAll);
    for (const child of children) {
      // When one stops (Ctrl-C or a failure), stop the other; exit once both are gone.
      child.on("exit", (code) => {
        exitCode ??= code ?? 0;
        stopAll();
        if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(exitCode);
      });
    }
  } catch (err) {
    console.error(`start: ${err.message}`);
    process.exit(1);
  }
}
