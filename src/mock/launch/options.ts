// What a mock can be started with, and the combinations it refuses: one set of rules for startMock and fo-mock, which
// both turn the options into the mock's configuration here.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { loadKeysFile, parseKeys } from "../auth/keys.ts";
import type { ReplayPolicy } from "../auth/replay.ts";
import type { MockConfig } from "../server.ts";
import { newKeyPair } from "./keys.ts";

export type Auth = "sandbox" | "production";

export interface MockOptions {
  /** Port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /**
   * `sandbox` (the default): any `Authorization: Bearer <token>`, or with `keys` only `Bearer <access key>`.
   * `production`: every customer request must carry a valid HMAC signature (the reference's production auth).
   */
  auth?: Auth;
  /**
   * Access key to secret key. With production auth and none given (nor `keysFile`), startMock makes a fresh pair and
   * returns it.
   */
  keys?: Readonly<Record<string, string>>;
  /** A keys file instead of `keys` (a JSON object of access key to secret key, as `fo-mock keys` writes it). */
  keysFile?: string;
  /** Production auth: how old a signed timestamp may be, in seconds (default 300). */
  windowSeconds?: number;
  /** Production auth: how far ahead of the mock's clock a timestamp may be, in seconds (default 60). */
  futureSeconds?: number;
  /** Production auth: a signature used again inside the window on a request that changes state (default reject). */
  replay?: ReplayPolicy;
  /** The bearer tokens portfolio routes take (default: any bearer token). */
  portfolioTokens?: readonly string[];
  /** Prism alone: no signature front, no state, no credential checked. */
  bare?: boolean;
  /** Keeps quotes, orders, external accounts, portfolio hedges and RFI cases in memory. */
  stateful?: boolean;
  /** Stateful mode: a JSON file of its settings (docs/stateful-mock.md). */
  statefulOptions?: string;
  /** Stateful mode: a JSON file of the RFI cases it starts with. */
  rfiFixture?: string;
  /** Stateful mode: the control API (virtual clock, faults, request log) under /__mock/. */
  control?: boolean;
  /**
   * The control API's bearer token (at least 32 characters of A-Z a-z 0-9 . _ ~ + / = -). With production auth, the
   * control API and none given, startMock makes one and returns it; with sandbox auth and none, the control API answers
   * local callers.
   */
  controlToken?: string;
}

/** Thrown for options the mock cannot start with; the message names the option and the way out. */
/** Names of the errors of the mock's start that mean an option it was given cannot be used (keys, settings, a fixture). */
const OPTION_ERRORS = new Set(["MockOptionsError", "StatefulOptionsError", "RfiFixtureError", "MockKeysError"]);

/** Whether an error of the mock's start (or its name, as a process reports it) is an option that cannot be used. */
export const isOptionError = (name: string | undefined) => name !== undefined && OPTION_ERRORS.has(name);

export class MockOptionsError extends Error {
  override readonly name = "MockOptionsError";
}

const whole = (value: number | undefined, min: number, max: number) =>
  value === undefined || (Number.isSafeInteger(value) && value >= min && value <= max);

/**
 * The options as given, checked.
 * @throws MockOptionsError naming the first option that cannot be used, or the pair that cannot go together.
 */
export function checkOptions(o: MockOptions): void {
  const fail = (message: string) => {
    throw new MockOptionsError(message);
  };
  if (!whole(o.port, 0, 65535)) fail(`port ${o.port}: give a whole number from 0 to 65535 (0 picks a free one).`);
  if (o.auth !== undefined && o.auth !== "sandbox" && o.auth !== "production")
    fail(`auth ${JSON.stringify(o.auth)}: give sandbox or production.`);
  if (!whole(o.windowSeconds, 1, 86_400)) fail(`window ${o.windowSeconds}: give a whole number of seconds, 1 or more.`);
  if (!whole(o.futureSeconds, 0, 86_400)) fail(`future ${o.futureSeconds}: give a whole number of seconds, 0 or more.`);
  if (o.replay !== undefined && o.replay !== "reject" && o.replay !== "allow")
    fail(`replay ${JSON.stringify(o.replay)}: give reject or allow.`);
  if (o.keys && o.keysFile) fail("keys and a keys file: give one of them.");
  const production = o.auth === "production";
  if (!production && (o.windowSeconds !== undefined || o.futureSeconds !== undefined || o.replay !== undefined))
    fail("window, future and replay only apply with production auth.");
  if (o.bare && (production || o.keys || o.keysFile || o.portfolioTokens))
    fail("bare runs Prism alone, which checks no credentials: drop it with production auth, keys or tokens.");
  if (o.bare && o.stateful) fail("bare runs Prism alone, which keeps no state: drop it with stateful.");
  if (!o.stateful && (o.statefulOptions || o.rfiFixture || o.control || o.controlToken))
    fail("the stateful options, the RFI fixture, the control API and its token only apply with stateful.");
  if (o.controlToken !== undefined && !/^[A-Za-z0-9._~+/=-]{32,512}$/.test(o.controlToken))
    fail(
      "the control token must be 32 to 512 characters of A-Z a-z 0-9 . _ ~ + / = - (openssl rand -hex 32 makes one).",
    );
}

/**
 * The keys the mock will take, from the options, checked pair by pair here (a file that cannot be read or a secret
 * that is not one stops the start with its reason); with production auth and none given, a fresh pair.
 */
function keysOf(o: MockOptions): Record<string, string> | undefined {
  try {
    if (o.keys) {
      parseKeys(o.keys, "The keys");
      return { ...o.keys };
    }
    if (o.keysFile) {
      loadKeysFile(o.keysFile);
      return JSON.parse(readFileSync(o.keysFile, "utf8")) as Record<string, string>;
    }
  } catch (err) {
    throw new MockOptionsError((err as Error).message);
  }
  if (o.auth !== "production") return undefined;
  const { accessKey, secretKey } = newKeyPair();
  return { [accessKey]: secretKey };
}

/** The mock's configuration from checked options, with what was made for it (a key pair, a control token). */
export interface Resolved {
  config: MockConfig;
  /** The access key the mock takes when it takes one (production auth, or sandbox with one key). */
  accessKey: string | undefined;
  secretKey: string | undefined;
  /** The control API's token: the one given, or a fresh one with production auth; none when the API is off. */
  controlToken: string | undefined;
}

/**
 * The options checked and turned into the mock's configuration: fresh keys with production auth and none given, a
 * fresh control token with production auth, the control API and none given.
 * @throws MockOptionsError naming what cannot be used.
 */
export function resolveOptions(o: MockOptions): Resolved {
  checkOptions(o);
  const keys = keysOf(o);
  const [accessKey, secretKey] = keys && Object.keys(keys).length === 1 ? Object.entries(keys)[0]! : [];
  // The control API takes local callers without a token in sandbox auth; production auth needs one.
  const controlToken =
    o.control && o.stateful
      ? (o.controlToken ?? (o.auth === "production" ? randomBytes(32).toString("hex") : undefined))
      : undefined;
  const config: MockConfig = {
    port: o.port ?? 0,
    auth: o.auth ?? "sandbox",
    ...(o.bare ? { bare: true } : {}),
    ...(keys ? { keys } : {}),
    ...(o.portfolioTokens ? { portfolioTokens: o.portfolioTokens } : {}),
    ...(o.windowSeconds !== undefined ? { windowSeconds: o.windowSeconds } : {}),
    ...(o.futureSeconds !== undefined ? { futureSeconds: o.futureSeconds } : {}),
    ...(o.replay ? { replay: o.replay } : {}),
    ...(o.stateful
      ? { stateful: { optionsFile: o.statefulOptions, rfiFixture: o.rfiFixture, control: o.control === true } }
      : {}),
    ...(controlToken ? { controlToken } : {}),
  };
  return { config, accessKey, secretKey, controlToken };
}
