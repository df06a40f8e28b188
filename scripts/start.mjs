// The main job: build the spec and the docs, then run the mock and serve the docs until Ctrl-C stops both.
// Usage: npm start [-- --port 4010] [--docs-port 4020]; the other mock options (--auth ...) pass through.
import { spawn } from "node:child_process";
import { quietEnv, root } from "./tools.mjs";

const run = (script, args = []) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: root, env: quietEnv, stdio: "inherit" });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });

/** The arguments without `--docs-port N` (the docs server's own), which go to the mock. */
function mockArgs(argv) {
  const i = argv.indexOf("--docs-port");
  return i < 0 ? argv : [...argv.slice(0, i), ...argv.slice(i + 2)];
}

try {
  const argv = process.argv.slice(2);
  await run("scripts/build.mjs");
  await run("scripts/docs.mjs");
  const docsPortArg = argv.includes("--docs-port") ? ["--docs-port", argv[argv.indexOf("--docs-port") + 1]] : [];
  const children = [
    spawn(process.execPath, ["scripts/mock.mjs", ...mockArgs(argv)], { cwd: root, env: quietEnv, stdio: "inherit" }),
    spawn(process.execPath, ["scripts/serve-docs.mjs", ...docsPortArg], { cwd: root, env: quietEnv, stdio: "inherit" }),
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
  console.error(err.message);
  process.exit(1);
}
