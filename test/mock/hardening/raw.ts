// The hostile client of the hardening tests: node:http with the request target sent exactly as given
// (fetch would resolve dot segments and re-encode escapes before they reach the front).
import http from "node:http";
import { startFront, type FrontOptions, type RunningFront } from "../../../src/mock/front.ts";
import { parseKeys } from "../../../src/mock/auth/keys.ts";
import { hmacHex } from "../../../src/signing/hmac.ts";
import { buildStringToSign, formatTimestamp, hashBody, SIGNING_SCHEME } from "../../../src/signing/index.ts";
import { decodeSecretKey } from "../../../src/signing/secret.ts";
import { prismInProcess } from "../prismInProcess.ts";
import { newSecret, type Credentials } from "../support.ts";

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: an answer in any of the three envelopes; tests read their fields
  json(): any;
}

export function rawRequest(
  base: string,
  method: string,
  target: string,
  headers: Record<string, string | number> = {},
  body?: string | Buffer,
): Promise<RawAnswer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method, path: target, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({ status: res.statusCode!, headers: res.headers, text, json: () => JSON.parse(text) });
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * Signed production headers for a request target, the signature over its path exactly as given (up to "?"),
 * as a hostile client would sign it: signRequest itself refuses a path the server would not read as written.
 */
export function signedHeaders(
  creds: Credentials,
  method: string,
  target: string,
  body = "",
  time = new Date(),
): Record<string, string> {
  const path = target.split("?", 1)[0]!;
  const timestamp = formatTimestamp(time);
  const signature = hmacHex(
    decodeSecretKey(creds.secretKey),
    buildStringToSign(creds.accessKey, timestamp, method, path, hashBody(body)),
  );
  return {
    Authorization: `${SIGNING_SCHEME} ${creds.accessKey}:${timestamp}:${signature}`,
    "X-SVC-Date": timestamp,
    ...(body ? { "Content-Type": "application/json" } : {}),
  };
}

/**
 * Prism in this process with a production front and a sandbox front before it, both handing requests to its
 * listener as the mock does; `stop` closes all.
 */
export async function startMockPair(extra: Partial<FrontOptions> = {}) {
  const creds: Credentials = { accessKey: "AK-hardening", secretKey: newSecret() };
  const prism = await prismInProcess();
  let production: RunningFront | undefined;
  let sandbox: RunningFront | undefined;
  try {
    production = await startFront({
      prism: prism.mocker,
      keys: parseKeys({ [creds.accessKey]: creds.secretKey }, "test keys"),
      ...extra,
    });
    sandbox = await startFront({ prism: prism.mocker, auth: "sandbox", ...extra });
  } catch (error) {
    await production?.close();
    await prism.close();
    throw error;
  }
  return {
    creds,
    prism,
    production,
    sandbox,
    stop: async () => {
      await production!.close();
      await sandbox!.close();
      await prism.close();
    },
  };
}

export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
