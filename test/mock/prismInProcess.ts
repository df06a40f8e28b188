// Prism's own request listener in this process, made by the CLI's code with `prism mock`'s defaults (as startMock runs
// it, here silent), for the tests that put the front before Prism: the listener is what the front hands requests to,
// as in the mock's own process. Prism's server listens too, on a free port: `url` is Prism alone, over HTTP.
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { interceptNextServer } from "../../src/mock/prism/inPrism.ts";
import { bundlePath } from "../helpers/prism.ts";

const require = createRequire(import.meta.url);

export interface PrismInProcess {
  listener: http.RequestListener;
  /** Prism's own server in this process, on 127.0.0.1. */
  url: string;
  close(): Promise<void>;
}

export async function prismInProcess(): Promise<PrismInProcess> {
  const { createSingleProcessPrism } = require("@stoplight/prism-cli/dist/util/createServer.js");
  let listener: http.RequestListener | undefined;
  let made: http.Server | undefined;
  // Prism's server (micri's) is the next one made: keep its listener; the server itself still listens, on a free port.
  const restore = interceptNextServer((l, asked) => {
    listener = l;
    made = asked();
    return made;
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
    if (!listener || !made) throw new Error("Prism made no server");
    return {
      listener,
      url: `http://127.0.0.1:${(made.address() as AddressInfo).port}`,
      close: () => server.close(),
    };
  } finally {
    restore();
  }
}
