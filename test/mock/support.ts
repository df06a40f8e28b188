// Shared pieces of the mock suites: random keys made at run time (never stored), signed requests built
// from the operation fixtures, and the 401 schema lookup.
import { randomBytes } from "node:crypto";
import type { OperationCase } from "../fixtures/operations.ts";
import { deref, listOperations, type Json } from "../helpers/document.ts";
import { startFront, type FrontOptions } from "../../src/mock/front.ts";
import { parseKeys } from "../../src/mock/auth/keys.ts";
import { signRequest } from "../../src/signing/index.ts";
import { prismInProcess } from "./prismInProcess.ts";

export const newSecret = () => randomBytes(32).toString("base64url");

export interface Wire {
  method: string;
  path: string;
  query?: string;
  headers: Record<string, string>;
  body?: Uint8Array | string;
}

/** The fixture as it goes on the wire, without credentials. */
export function wireOf(c: OperationCase): Wire {
  const headers: Record<string, string> = { ...c.headers };
  let body: Uint8Array | string | undefined;
  if (c.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(c.json);
  } else if (c.raw) {
    headers["Content-Type"] = c.raw.contentType;
    body = c.raw.bytes;
  }
  return { method: c.method.toUpperCase(), path: c.path, query: c.query, headers, body };
}

export interface Credentials {
  accessKey: string;
  secretKey: string;
}

/** Adds the production signature (or the portfolio bearer token on portfolio paths). */
export function sign(w: Wire, creds: Credentials, time = new Date()): Wire {
  if (w.path.startsWith("/v1/portfolios/"))
    return { ...w, headers: { ...w.headers, Authorization: "Bearer portfolio-token" } };
  const s = signRequest({ ...creds, method: w.method, path: w.path, body: w.body, time });
  return { ...w, headers: { ...w.headers, ...s.headers } };
}

/** Adds the sandbox bearer token (or the portfolio one). */
export function bearer(w: Wire): Wire {
  const token = w.path.startsWith("/v1/portfolios/") ? "Bearer portfolio-token" : "Bearer sandbox-token";
  return { ...w, headers: { Authorization: token, ...w.headers } };
}

export function send(base: string, w: Wire): Promise<Response> {
  return fetch(`${base}${w.path}${w.query ? `?${w.query}` : ""}`, {
    method: w.method,
    headers: w.headers,
    body: w.body as BodyInit | undefined,
  });
}

/** JSON pointer of the schema of an operation's response for a status and media type. */
export function responseSchemaPointer(doc: Json, operationId: string, status: string): string {
  const found = listOperations(doc).find((o) => o.operationId === operationId);
  if (!found) throw new Error(`No operation ${operationId}`);
  let ref = found.op.responses[status];
  if (!ref) throw new Error(`${operationId} documents no ${status}`);
  // Follow component references by pointer, so the validator compiles the schema where it lives.
  let pointer = `/paths/${found.path.replace(/~/g, "~0").replace(/\//g, "~1")}/${found.method}/responses/${status}`;
  while (typeof ref?.$ref === "string") {
    pointer = ref.$ref.slice(1);
    ref = deref(doc, { $ref: ref.$ref });
  }
  if (!ref.content?.["application/json"]) throw new Error(`${operationId} ${status} has no JSON body`);
  return `${pointer}/content/application~1json/schema`;
}

/**
 * Prism in this process with the signature front before it, knowing `creds`: the front hands requests to Prism's
 * listener, as in the mock; `prism.url` is Prism alone. `stop` closes both.
 */
export async function startPrismBehindFront(creds: Credentials, options: Partial<FrontOptions> = {}) {
  const prism = await prismInProcess();
  try {
    const front = await startFront({
      prism: prism.mocker,
      keys: parseKeys({ [creds.accessKey]: creds.secretKey }, "test keys"),
      ...options,
    });
    const stop = async () => {
      await front.close();
      await prism.close();
    };
    return { prism, front, stop };
  } catch (error) {
    await prism.close();
    throw error;
  }
}
