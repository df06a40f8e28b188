// The stateful mock in production auth, started the way the guides start it, for the scripts that walk clients
// against it (the clients step's tours, the journey table): keys from the keys script, an optional control token, a
// free port on 127.0.0.1, the default replay rule; ready once it accepts connections, stopped by PID.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { listening } from "./args.mjs";
import { runNode, start } from "./run.mjs";
import { root } from "./tools.mjs";

/** A free port on 127.0.0.1 (a short race remains until the server that wants it listens). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `npm run mock -- --stateful [--control] --auth production --keys FILE` with a key made in `dir` (named
 * `accessKey`), and with `control` a fresh control token. Rejects when it exits first or does not listen in 60 s.
 */
export async function startProductionMock({ dir, accessKey, control = false, env = process.env, output = "hold" }) {
  const keys = path.join(dir, "keys.json");
  await runNode(path.join(root, "scripts/keys.mjs"), ["--out", keys, "--access-key", accessKey]);
  const [[key, secretKey]] = Object.entries(JSON.parse(readFileSync(keys, "utf8")));
  const controlToken = control ? randomBytes(32).toString("hex") : undefined;
  const port = await freePort();
  const mock = start(
    process.execPath,
    [
      path.join(root, "scripts/mock.mjs"),
      "--stateful",
      ...(control ? ["--control"] : []),
      "--auth",
      "production",
      "--keys",
      keys,
      "--port",
      String(port),
    ],
    { env: { ...env, ...(controlToken ? { FO_MOCK_CONTROL_TOKEN: controlToken } : {}) }, output, check: false },
  );
  mock.result.catch(() => {});
  if (!(await listening(port, { gaveUp: mock.result }))) {
    mock.stop();
    const code = mock.child.exitCode;
    throw new Error(code === null ? "The mock did not listen within 60 s." : `The mock exited with ${code} first.`);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    accessKey: key,
    secretKey,
    controlToken,
    stop: () => mock.stop(),
    // When the mock ended on its own: how, and the end of what it printed (it never prints a secret).
    ended: async () =>
      mock.child.exitCode === null && mock.child.signalCode === null
        ? undefined
        : mock.result.then(
            (r) => `the mock ended (${r.code ?? r.signal}) during the run:\n${(r.output ?? "").slice(-3000)}`,
            (err) => `the mock ended during the run: ${err.message}`,
          ),
  };
}
