// Prism for the tests that put the front before it, in this process: `mocker` is Prism as a library behind the mock's
// routing (what the mock's front hands accepted requests to), `url` is Prism's own HTTP server
// (@stoplight/prism-http-server, as `prism mock` serves) on the same operations, over HTTP: the reference to compare with.
import { createServer } from "@stoplight/prism-http-server";
import { createLogger } from "@stoplight/prism-core";
import { createMocker, type Mocker, PRISM_MOCK_CONFIG } from "../../src/mock/prism/mocker.ts";
import { operationsOf } from "../../src/mock/prism/operations.ts";
import { bundlePath } from "../helpers/prism.ts";

export interface PrismInProcess {
  mocker: Mocker;
  /** Prism's own server in this process, on 127.0.0.1. */
  url: string;
  close(): Promise<void>;
}

let operations: ReturnType<typeof operationsOf> | undefined;

export async function prismInProcess(): Promise<PrismInProcess> {
  operations ??= operationsOf(bundlePath);
  const ops = await operations;
  const server = createServer(ops, {
    cors: true,
    config: PRISM_MOCK_CONFIG as never,
    components: { logger: createLogger("prism", { level: "silent" }) },
  });
  const url = await server.listen(0, "127.0.0.1");
  return { mocker: createMocker(ops), url, close: () => server.close() };
}
