// The wire server of the signing-fetch tests (test/helpers/wireServer.ts) with this suite's one key pair.
import { randomBytes } from "node:crypto";
import { decodeSecretKey } from "../../src/signing/secret.ts";
import { startWireServer, type WireAnswer, type WireServer } from "../helpers/wireServer.ts";

export type { Arrived, WireServer } from "../helpers/wireServer.ts";

export const ACCESS_KEY = "AK_fetch";
export const SECRET_KEY = randomBytes(32).toString("base64url");

export function startWire(answer?: WireAnswer): Promise<WireServer> {
  return startWireServer({ keys: new Map([[ACCESS_KEY, decodeSecretKey(SECRET_KEY)]]), answer });
}
