// The main job: build the spec, then run the mock (and, once built, serve the docs) until Ctrl-C.
import { spawn } from "node:child_process";
import { paths, quietEnv, root } from "./tools.mjs";

const run = (script, args = []) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: root, env: quietEnv, stdio: "inherit" });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
  });

try {
  await run("scripts/build.mjs");
  const mock = spawn(process.execPath, ["scripts/mock.mjs", ...process.argv.slice(2)], { cwd: root, env: quietEnv, stdio: "inherit" });
  const stop = () => mock.kill("SIGTERM");
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  mock.on("exit", (code) => process.exit(code ?? 0));
  void paths;
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
