// Prism's own request listener in this process, made by the CLI's code with `prism mock`'s defaults (as
// scripts/mock.mjs runs it, at warn level), for tests of the in-process hand-over.
import http from "node:http";
import { createRequire } from "node:module";
import { bundlePath } from "../helpers/prism.ts";

const require = createRequire(import.meta.url);

export async function prismInProcess(): Promise<{ listener: http.RequestListener; close(): Promise<void> }> {
  const { createSingleProcessPrism } = require("@stoplight/prism-cli/dist/util/createServer.js");
  const original = http.createServer;
  let listener: http.RequestListener | undefined;
  // Prism's server (micri's) is the next one made: keep its listener; it also listens, on a free port.
  http.createServer = ((...args: unknown[]) => {
    http.createServer = original;
    listener = args.find((a): a is http.RequestListener => typeof a === "function");
    return (original as (...a: unknown[]) => http.Server)(...args);
  }) as typeof http.createServer;
  try {
    const server = await createSingleProcessPrism({
      document: bundlePath,
      host: "127.0.0.1",
      port: 0,
      cors: true,
      dynamic: false,
      errors: false,
      multiprocess: false,
      ignoreExamples: false,
      seed: null,
      verboseLevel: "silent",
    });
    if (!listener) throw new Error("Prism made no server");
    return { listener, close: () => server.close() };
  } finally {
    http.createServer = original;
  }
}
