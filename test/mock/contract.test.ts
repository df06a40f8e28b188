// Contract: every operation x every documented status, requested through the client against Prism
// (sandbox bearer straight to Prism, and HMAC through the signature front), each body checked against
// the schema the document gives for that status.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createClient, type ApiClient, type Clock } from "../../src/index.ts";
import type { RunningFront } from "../../src/mock/front.ts";
import { operations, type OperationCase } from "../fixtures/operations.ts";
import { deref, listOperations, loadBundle, type DocOperation } from "../helpers/document.ts";
import { schemaValidator } from "../helpers/validator.ts";
import type { PrismInProcess } from "./prismInProcess.ts";
import { newSecret, responseSchemaPointer, startPrismBehindFront } from "./support.ts";

const doc = loadBundle();
const validator = schemaValidator(doc);
const documented = listOperations(doc).flatMap((o) =>
  Object.keys(o.op.responses).map((status) => ({ operationId: o.operationId, status })),
);
const creds = { accessKey: "AK-contract", secretKey: newSecret() };

let prism: PrismInProcess;
let front: RunningFront;
let stop = async () => {};
// One request per documented status, differing only in the unsigned Prefer header: the same signature each time.
beforeAll(async () => {
  ({ prism, front, stop } = await startPrismBehindFront(creds, { replay: "allow" }));
});
afterAll(() => stop());

type Loose = (
  method: string,
  url: string,
  init: Record<string, unknown>,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** Turns a fixture's concrete request into the client's typed parameters. */
function callOf(c: OperationCase, found: DocOperation) {
  const path: Record<string, string> = {};
  const names = c.template.split("/");
  c.path.split("/").forEach((segment, i) => {
    const m = /^\{(.+)\}$/.exec(names[i]!);
    if (m) path[m[1]!] = decodeURIComponent(segment);
  });
  const params = [...(doc.paths[found.path].parameters ?? []), ...(found.op.parameters ?? [])].map((p) =>
    deref(doc, p),
  );
  const query: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(c.query ?? "")) {
    const schema = deref(doc, params.find((p) => p.in === "query" && p.name === name)?.schema);
    query[name] = schema?.type === "array" ? value.split(",") : schema?.type === "integer" ? Number(value) : value;
  }
  return {
    params: { path, query, header: c.headers ?? {} },
    body: c.json ?? c.raw?.bytes,
    headers: c.raw ? { "Content-Type": c.raw.contentType } : {},
  };
}

const modes = [
  {
    name: "sandbox bearer, straight to Prism",
    client: (): ApiClient =>
      createClient({
        baseUrl: prism.url,
        credentials: { bearerToken: "sandbox-token" },
        portfolioToken: "portfolio-token",
        retry: false,
      }),
  },
  {
    name: "HMAC through the signature front",
    client: (): ApiClient =>
      createClient({
        baseUrl: front.url,
        credentials: creds,
        portfolioToken: "portfolio-token",
        retry: false,
        // The clock's sleep is the ledger's wait alone: no retry, and no timeout timer (vitest's bounds each test).
        timeout: false,
        clock: steppingClock(),
      }),
  },
];

/**
 * A clock the client signs by that starts four minutes back and moves on by the time the client waits, at once: the
 * same write signed again waits for the next second (the signing ledger), and about a hundred of them would otherwise
 * wait a second each. Every timestamp stays inside the front's 300 s window.
 */
function steppingClock(): Clock {
  let offset = -240_000;
  return {
    now: () => Date.now() + offset,
    sleep: async (ms) => {
      offset += ms;
    },
  };
}

describe.each(modes)("contract ($name)", (mode) => {
  let covered = 0;
  let client: ApiClient;
  beforeAll(() => {
    client = mode.client();
  });
  afterAll(() => {
    console.log(`operations x statuses covered: ${covered}/${documented.length} (${mode.name})`);
  });

  test.each(documented)("$operationId answers $status with a body of its schema", async ({ operationId, status }) => {
    const c = operations.find((o) => o.operationId === operationId);
    expect(c, `no fixture request for ${operationId}`).toBeDefined();
    const found = listOperations(doc).find((o) => o.operationId === operationId)!;
    const init = callOf(c!, found);
    // Prism answers the first success by default; any other documented status is asked for.
    const prefer = status === "2XX" ? {} : { Prefer: `code=${status}` };
    const { data, error, response } = await (client.request as unknown as Loose)(c!.method.toUpperCase(), c!.template, {
      ...init,
      headers: { ...init.headers, ...prefer },
    });
    expect(response.headers.get("sl-violations"), "Prism refused the request").toBeNull();
    if (status === "2XX") expect(Math.floor(response.status / 100)).toBe(2);
    else expect(response.status).toBe(Number(status));
    const body = response.ok ? data : error;
    expect(body).toBeDefined();
    expect(validator.validate(responseSchemaPointer(doc, operationId, status), body)).toBeNull();
    covered++;
  });
});
