// Prism's own request listener in this process, made by the CLI's code with `prism mock`'s defaults (as startMock runs
// it, at warn level), for tests of the in-process hand-over.
import type http from "node:http";
import { createRequire } from "node:module";
import { interceptNextServer } from "../../src/mock/prism/inPrism.ts";
import { bundlePath } from "../helpers/prism.ts";

const require = createRequire(import.meta.url);

export async function prismInProcess(): Promise<{ listener: http.RequestListener; close(): Promise<void> }> {
  const { createSingleProcessPrism } = require("@stoplight/prism-cli/dist/util/createServer.js");
  let listener: http.RequestListener | undefined;
  // Prism's server (micri's) is the next one made: keep its listener; the server itself still listens, on a free port.
  const restore = interceptNextServer((l, asked) => {
    listener = l;
    return asked();
  });
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
    restore();
  }
}
