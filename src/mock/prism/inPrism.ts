// The signature front inside Prism's process (loaded by src/mock/launch/preload.ts, a preload of `prism mock`):
// the server Prism creates is the front's, listening on the public port, and accepted requests go to
// Prism's own request listener in-process instead of over a second HTTP hop to another process.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { DEFAULT_FUTURE_SECONDS, DEFAULT_WINDOW_SECONDS } from "../../signing/window.ts";
import { parseKeys } from "../auth/keys.ts";
import { files } from "../files.ts";
import type { ReplayPolicy } from "../auth/replay.ts";
import { createFront, DEFAULT_REPLAY, type FrontOptions } from "../front.ts";
import { guardProcess } from "./handOver.ts";
import type { StatefulReady, StatefulStartConfig } from "../stateful/start.ts";

/**
 * What startMock (src/mock/launch/start.ts) sends the process over its IPC channel, and nowhere else: the settings
 * and the secrets (keys, tokens), which never go into its environment or on its command line.
 */
export interface FrontConfig {
  auth: "sandbox" | "production";
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

/** What the process reports to startMock once it listens, for its startup line: counts, never keys. */
export interface FrontReady {
  port: number;
  keys: number | undefined;
  portfolioTokens: number | undefined;
  windowSeconds: number;
  futureSeconds: number;
  replay: ReplayPolicy;
  stateful?: StatefulReady;
}

/**
 * At most `perSecond` lines a second, then one line saying how many were left out: a flood of refusals cannot stall the
 * front.
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

/**
 * Prepares the front (keys, tokens, stateful mode) and makes the next http.createServer, Prism's, return
 * the front's server with Prism's listener inside it. `ready` is called once that server listens, `failed` when it
 * cannot (a port in use).
 */
export async function installFront(
  config: FrontConfig,
  ready: (info: FrontReady) => void,
  failed: (err: NodeJS.ErrnoException) => void,
): Promise<void> {
  const production = config.auth === "production";
  const keys = config.keys ? parseKeys(config.keys, "The keys") : undefined;
  if (production && !keys) throw new Error("Production auth needs keys to verify signatures against.");
  const tokens = config.portfolioTokens?.length ? new Set(config.portfolioTokens) : undefined;
  const stateful =
    config.stateful &&
    (await (await import("../stateful/start.ts")).startStateful(config.stateful, config.auth, config.controlToken));
  guardProcess(rateLimited((line) => console.error(`[signature front] ${line}`)));
  const options: Omit<FrontOptions, "prism"> = {
    auth: config.auth,
    keys: production ? keys : undefined,
    sandboxTokens: production ? undefined : keys,
    portfolioTokens: tokens,
    windowSeconds: config.windowSeconds,
    futureSeconds: config.futureSeconds,
    replay: config.replay,
    onRefused: rateLimited((line) => console.log(`[signature front] ${line}`)),
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
  // Prism 5 makes one server, through micri, which calls http.createServer(listener).
  interceptNextServer((listener) => {
    const { server } = createFront({ ...options, prism: listener });
    server.once("error", failed);
    server.once("listening", () =>
      ready({
        port: (server.address() as AddressInfo).port,
        keys: keys?.size,
        portfolioTokens: tokens?.size,
        windowSeconds: config.windowSeconds ?? DEFAULT_WINDOW_SECONDS,
        futureSeconds: config.futureSeconds ?? DEFAULT_FUTURE_SECONDS,
        replay: config.replay ?? DEFAULT_REPLAY,
        ...(stateful ? { stateful: stateful.ready } : {}),
      }),
    );
    return server;
  });
}

/**
 * The next http.createServer call (Prism's) returns what `make` returns, given that call's request listener
 * and a way to make the server it asked for; later calls are Node's own again. Returns a function that
 * undoes the interception if no server was made.
 */
export function interceptNextServer(
  make: (listener: http.RequestListener, asked: () => http.Server) => http.Server,
): () => void {
  const original = http.createServer;
  http.createServer = ((...args: unknown[]) => {
    http.createServer = original;
    const listener = args.find((a): a is http.RequestListener => typeof a === "function");
    if (!listener) throw new Error("Prism's server has no request listener to hand requests to.");
    return make(listener, () => (original as (...a: unknown[]) => http.Server)(...args));
  }) as typeof http.createServer;
  return () => {
    http.createServer = original;
  };
}
