// The mock's process as startMock (./start.ts) starts it: takes the settings from the IPC channel (the only way keys
// and tokens reach this process), serves, reports once it listens or why it cannot, then lets the channel go. Its
// standard input is a pipe from the process that started it: when that pipe closes, because that process ended in any
// way (SIGKILL included), the mock stops (../../server/tie.ts). SIGTERM and SIGINT stop it too.
import { tieToStarter } from "../../server/tie.ts";
import type { MockConfig, MockReady } from "../server.ts";
import { cacheCompiledCode } from "./compileCache.ts";
import { nodeTooOld } from "./node.ts";

/** What this process tells startMock: ready (with what the startup line says), or why it did not start. */
export type ProcessReport = { ready: MockReady } | { failed: string; code?: string; name?: string };

const report = (message: ProcessReport, then: () => void) => (process.send ? process.send(message, then) : then());

let close: (() => Promise<void>) | undefined;
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void (close?.() ?? Promise.resolve()).finally(() => process.exit(0));
};
tieToStarter(stop, { stdin: true, parent: true });
process.once("SIGTERM", stop).once("SIGINT", stop);

cacheCompiledCode();
const config = await new Promise<MockConfig>((resolve) => process.once("message", (m) => resolve(m as MockConfig)));
try {
  const old = nodeTooOld();
  if (old) throw new Error(old);
  // Loaded after the compile cache is on: Prism's modules are most of the start.
  const { serveMock } = await import("../server.ts");
  const mock = await serveMock(config);
  close = mock.close;
  report({ ready: mock.ready }, () => process.disconnect());
} catch (err) {
  const e = err as NodeJS.ErrnoException;
  report({ failed: e.message, ...(e.code ? { code: e.code } : {}), name: e.name }, () => process.exit(1));
}
