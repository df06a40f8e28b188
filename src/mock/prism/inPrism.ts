// The signature front inside Prism's process (loaded by scripts/prism-front.mjs, a preload of `prism mock`):
// the server Prism creates is the front's, listening on the public port, and accepted requests go to
// Prism's own request listener in-process instead of over a second HTTP hop to another process.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { DEFAULT_FUTURE_SECONDS, DEFAULT_WINDOW_SECONDS } from "../../signing/window.ts";
import { loadKeys } from "../auth/keys.ts";
import type { ReplayPolicy } from "../auth/replay.ts";
import { createFront, DEFAULT_REPLAY, type FrontOptions } from "../front.ts";
import { guardProcess } from "./handOver.ts";
import type { StatefulReady, StatefulStartConfig } from "../stateful/start.ts";

/** What scripts/mock.mjs passes in FO_MOCK_FRONT: settings and file names, never a secret. */
export interface FrontConfig {
  auth: "sandbox" | "production";
  /** --keys FILE; keys otherwise come from FO_MOCK_KEYS_FILE or FO_ACCESS_KEY/FO_SECRET_KEY, as loadKeys reads them. */
  keys?: string;
  windowSeconds?: number;
  futureSeconds?: number;
  replay?: ReplayPolicy;
  stateful?: StatefulStartConfig;
}

/** What the process reports to mock.mjs once it listens, for its startup line: counts, never keys. */
export interface FrontReady {
  port: number;
  keys: number | undefined;
  portfolioTokens: number | undefined;
  windowSeconds: number;
  futureSeconds: number;
  replay: ReplayPolicy;
  stateful?: StatefulReady;
}

export const PORTFOLIO_TOKEN_ENV = "FO_PORTFOLIO_TOKEN";

/** The portfolio bearer tokens the front takes: FO_PORTFOLIO_TOKEN, comma-separated; undefined for any token. */
export function portfolioTokens(env = process.env): Set<string> | undefined {
  const list = (env[PORTFOLIO_TOKEN_ENV] ?? "")
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
  return list.length ? new Set(list) : undefined;
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
 * the front's server with Prism's listener inside it. `ready` is called once that server listens.
 */
export async function installFront(config: FrontConfig, ready: (info: FrontReady) => void): Promise<void> {
  const production = config.auth === "production";
  // Sandbox keys come from --keys only: an FO_ACCESS_KEY set for fo-sign must not change what the sandbox takes.
  const keys = production || config.keys ? loadKeys(config.keys) : undefined;
  const tokens = portfolioTokens();
  const stateful =
    config.stateful && (await (await import("../stateful/start.ts")).startStateful(config.stateful, config.auth));
  guardProcess(rateLimited((line) => console.error(`[signature front] ${line}`)));
  const options: FrontOptions = {
    auth: config.auth,
    keys: production ? keys : undefined,
    sandboxTokens: production ? undefined : keys,
    portfolioTokens: tokens,
    windowSeconds: config.windowSeconds,
    futureSeconds: config.futureSeconds,
    replay: config.replay,
    onRefused: rateLimited((line) => console.log(`[signature front] ${line}`)),
    ...stateful?.frontOptions,
  };
  // Prism 5 makes one server, through micri, which calls http.createServer(listener).
  interceptNextServer((listener) => {
    const { server } = createFront({ ...options, prism: listener });
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
