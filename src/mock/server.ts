// The mock in this process: the front's HTTP server on 127.0.0.1, with the stateful mode and Prism as a library behind
// it (./prism/mocker.ts), or Prism's own HTTP server alone (bare). `fo-mock` runs it in its own process; startMock
// runs it in a process of its own (./launch/process.ts).
import type { AddressInfo } from "node:net";
import { parseKeys } from "./auth/keys.ts";
import type { ReplayPolicy } from "./auth/replay.ts";
import { files } from "./files.ts";
import { createFront, DEFAULT_REPLAY, type FrontOptions } from "./front.ts";
import { guardProcess } from "./prism/guard.ts";
import { createMocker, PRISM_MOCK_CONFIG } from "./prism/mocker.ts";
import { documentOperations } from "./prism/operations.ts";
import type { StatefulReady, StatefulStartConfig } from "./stateful/start.ts";
import { DEFAULT_FUTURE_SECONDS, DEFAULT_WINDOW_SECONDS } from "../signing/window.ts";

/** What the mock is started with: the settings and the secrets (keys, tokens). */
export interface MockConfig {
  /** Port on 127.0.0.1; 0 picks a free one. */
  port: number;
  auth: "sandbox" | "production";
  /** Prism's own server alone: no front, no state, no credential checked. */
  bare?: boolean;
  /**
   * Access key to secret key. Production: the keys signatures are verified against (required). Sandbox: when given,
   * customer routes take only `Bearer <access key>`; otherwise any bearer token.
   */
  keys?: Record<string, string>;
  /** The bearer tokens portfolio routes take; none given, any token. */
  portfolioTokens?: readonly string[];
  windowSeconds?: number;
  futureSeconds?: number;
  replay?: ReplayPolicy;
  stateful?: StatefulStartConfig;
  /** The control API's token (stateful mode): when set, every control call must send it. */
  controlToken?: string;
}

/** What the mock says of itself once it listens, for its startup line: counts and modes, never keys. */
export interface MockReady {
  port: number;
  /** Prism's own server alone. */
  bare?: true;
  keys?: number;
  portfolioTokens?: number;
  windowSeconds?: number;
  futureSeconds?: number;
  replay?: ReplayPolicy;
  stateful?: StatefulReady;
}

export interface ServedMock {
  url: string;
  ready: MockReady;
  /** Stops listening, ends every connection; resolves once the port is free. */
  close(): Promise<void>;
}

/** Where the mock's lines go: refusals to `out`, failures to `err`. */
export interface MockLog {
  out: (line: string) => void;
  err: (line: string) => void;
}

/**
 * At most `perSecond` lines a second, then one line saying how many were left out: a flood of refusals cannot stall the
 * mock.
 */
export function rateLimited(print: (line: string) => void, perSecond = 20) {
  let second = 0;
  let count = 0;
  let dropped = 0;
  return (line: string) => {
    const now = Math.floor(Date.now() / 1000);
    if (now !== second) {
      if (dropped) print(`... ${dropped} more lines not shown`);
      second = now;
      count = 0;
      dropped = 0;
    }
    if (++count <= perSecond) print(line);
    else dropped++;
  };
}

const console_: MockLog = { out: (l) => console.log(l), err: (l) => console.error(l) };

/**
 * Starts the mock in this process and resolves once it listens.
 * @throws Error with the reason when it cannot (a port in use keeps Node's EADDRINUSE code; keys, settings or a fixture
 * it cannot use keep their error's name).
 */
export async function serveMock(config: MockConfig, log: MockLog = console_): Promise<ServedMock> {
  const operations = await documentOperations();
  if (config.bare) return serveBare(config.port, operations);
  const production = config.auth === "production";
  const keys = config.keys ? parseKeys(config.keys, "The keys") : undefined;
  if (production && !keys) throw new Error("Production auth needs keys to verify signatures against.");
  const tokens = config.portfolioTokens?.length ? new Set(config.portfolioTokens) : undefined;
  const stateful =
    config.stateful &&
    (await (await import("./stateful/start.ts")).startStateful(config.stateful, config.auth, config.controlToken));
  guardProcess(rateLimited((line) => log.err(`[mock] ${line}`)));
  const refused = rateLimited((line) => log.out(`[mock] ${line}`));
  const options: FrontOptions = {
    prism: createMocker(operations, refused),
    auth: config.auth,
    keys: production ? keys : undefined,
    sandboxTokens: production ? undefined : keys,
    portfolioTokens: tokens,
    windowSeconds: config.windowSeconds,
    futureSeconds: config.futureSeconds,
    replay: config.replay,
    onRefused: refused,
    home: {
      about: {
        mock: "Financial Operations API",
        auth: production
          ? "production: every customer request carries an HMAC-SHA256 signature (Authorization, X-SVC-Date)"
          : keys
            ? "sandbox: Authorization: Bearer <access key>"
            : "sandbox: any Authorization: Bearer <token>",
        portfolio: tokens ? "Bearer tokens given to the mock" : "any Bearer token",
        stateful: stateful
          ? {
              operations: stateful.ready.operations,
              control: stateful.ready.control === "off" ? "off" : stateful.ready.controlPrefix,
            }
          : false,
      },
      document: files.document,
    },
    ...stateful?.frontOptions,
  };
  const { server, close } = createFront(options);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    ready: {
      port,
      ...(keys ? { keys: keys.size } : {}),
      ...(tokens ? { portfolioTokens: tokens.size } : {}),
      ...(production
        ? {
            windowSeconds: config.windowSeconds ?? DEFAULT_WINDOW_SECONDS,
            futureSeconds: config.futureSeconds ?? DEFAULT_FUTURE_SECONDS,
            replay: config.replay ?? DEFAULT_REPLAY,
          }
        : {}),
      ...(stateful ? { stateful: stateful.ready } : {}),
    },
    close,
  };
}

/** Prism's own HTTP server (@stoplight/prism-http-server) on the operations, as `prism mock` serves them. */
async function serveBare(
  port: number,
  operations: Awaited<ReturnType<typeof documentOperations>>,
): Promise<ServedMock> {
  const [{ createServer }, { createLogger }] = await Promise.all([
    import("@stoplight/prism-http-server"),
    import("@stoplight/prism-core"),
  ]);
  const server = createServer(operations, {
    cors: true,
    config: PRISM_MOCK_CONFIG as never,
    components: { logger: createLogger("prism", { level: "silent" }) },
  });
  // Prism's listen rejects with the error's message alone.
  const url = await server.listen(port, "127.0.0.1").catch((message: string) => {
    throw Object.assign(new Error(message), message.includes("EADDRINUSE") ? { code: "EADDRINUSE" } : {});
  });
  return { url, ready: { port: Number(new URL(url).port), bare: true }, close: () => server.close() };
}
