// Preloaded into Prism's process (node --import) by startMock (./start.ts): takes the front's settings from the IPC
// channel (the only way keys and tokens reach this process), installs the signature front on the server Prism is
// about to make, reports once it listens or why it cannot, then lets the channel go. A preload's top-level await
// holds Prism's own start until the front is in place.
import { type FrontConfig, type FrontReady, installFront } from "../prism/inPrism.ts";

/** What this process tells startMock: ready (with what the startup line says), or why it did not start. */
export type PreloadReport = { ready: FrontReady } | { failed: string; code?: string; name?: string };

// From source, tsx turns Node's source maps on for the whole process. Prism compiles a function per request
// (uri-template-lite's `new Function`), and with maps on Node looks each one up: 11% of Prism's CPU a request
// (the RFI list: 0.89x Prism's CPU-bound throughput with them, 0.98x without). The front's modules are loaded by now;
// its stack traces then give tsx's output positions, unless source maps were asked for (NODE_OPTIONS or a flag).
const askedForSourceMaps = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)].includes(
  "--enable-source-maps",
);
if (!askedForSourceMaps) process.setSourceMapsEnabled(false);

const report = (message: PreloadReport, then: () => void) => (process.send ? process.send(message, then) : then());

const config = await new Promise<FrontConfig>((resolve) => process.once("message", (m) => resolve(m as FrontConfig)));
try {
  await installFront(
    config,
    (ready) => report({ ready }, () => process.disconnect()),
    (err) => report({ failed: err.message, ...(err.code ? { code: err.code } : {}) }, () => process.exit(1)),
  );
} catch (err) {
  report({ failed: (err as Error).message, name: (err as Error).name }, () => process.exit(1));
}
