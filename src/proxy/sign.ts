// The proxy's one place of signing: every signed request it forwards gets its Authorization and X-SVC-Date here,
// and nowhere else (a rule on signatures, such as never sending the same one twice, belongs in this function).
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The signer of a running proxy. The reference's timestamp has one-second resolution, so two identical requests in
 * one second carry one signature, and a service that refuses replays refuses the second (a second execute of one
 * quote would meet a 401, not the documented 409). Until the project's shared rule for this is wired in here, the
 * proxy keeps the last second it signed each (method, path, body hash) with, and signs a repeat in the next second,
 * waiting for it, so its timestamp is never ahead of the clock.
 */
export function createSigner(credentials: ProxyCredentials, now: () => Date = () => new Date()): Signer {
  const lastSecond = new Map<string, number>();
  let prunedAt = 0;
  return async ({ method, path, bodyHash }) => {
    const key = `${method}\n${path}\n${bodyHash}`;
    const current = Math.floor(now().getTime() / 1000);
    const last = lastSecond.get(key);
    // Reserved before waiting, so that concurrent repeats each take a later second of their own.
    const second = last !== undefined && last >= current ? last + 1 : current;
    // Entries of past seconds can no longer collide: dropped once a second, so the map holds about one second's
    // requests.
    if (current > prunedAt) {
      for (const [k, s] of lastSecond) if (s < current) lastSecond.delete(k);
      prunedAt = current;
    }
    lastSecond.set(key, second);
    const wait = second * 1000 - now().getTime();
    if (wait > 0) await sleep(wait);
    const signed = signRequest({
      accessKey: credentials.accessKey,
      secretKey: credentials.secretKey,
      method,
      path,
      bodyHash,
      time: new Date(second * 1000),
    });
    return signed.headers;
  };
}
