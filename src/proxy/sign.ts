// The proxy's one place of signing: every signed request it forwards gets its Authorization and X-SVC-Date here,
// and nowhere else.
import { systemClock } from "../clock.ts";
import { createSigningLedger } from "../signing/ledger.ts";
import { signRequest } from "../signing/signRequest.ts";

export interface ProxyCredentials {
  accessKey: string;
  /** The HMAC key bytes, decoded once at start (src/signing/secret.ts). */
  secretKey: Uint8Array;
}

export interface ToSign {
  method: string;
  /** The path exactly as sent upstream, without the query. */
  path: string;
  /** SHA-256 (hex) of exactly the body bytes sent upstream. */
  bodyHash: string;
}

export type Signer = (request: ToSign) => Promise<{ Authorization: string; "X-SVC-Date": string }>;

/**
 * The signer of a running proxy, on the project's signing ledger (src/signing/ledger.ts), as every client of the
 * project signs: a state-changing request whose signature was already sent waits for the next whole second, so a
 * tool's quick retry or a second execute of one quote reaches the service as a new request, never as a replay; its
 * timestamp is never ahead of the clock. Reads of one path may share a second (pages of a list).
 */
export function createSigner(credentials: ProxyCredentials, now?: () => Date): Signer {
  const clock = now ? { now: () => now().getTime(), sleep: systemClock.sleep } : systemClock;
  const ledger = createSigningLedger(clock, credentials.accessKey);
  return async ({ method, path, bodyHash }) => {
    const time = await ledger.timeFor({ method, path, bodyHash });
    return signRequest({ ...credentials, method, path, bodyHash, time: new Date(time) }).headers;
  };
}
