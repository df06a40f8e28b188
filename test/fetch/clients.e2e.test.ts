// The signing fetch plugged into each client a TypeScript consumer uses, against the production mock as
// `npm run mock -- --auth production` runs it (HMAC verified over the bytes received, replays refused, portfolio
// routes on their own token): openapi-fetch's createClient({ fetch }), ky's fetch option, the client hey-api
// generates (client.setConfig({ fetch })) and orval's fetch client (through a mutator). Every call, uploads and
// a multipart RFI answer included, must be accepted; a 401 means the signature did not cover what arrived.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ky from "ky";
import createClient from "openapi-fetch";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { paths } from "../../generated/types.ts";
import { createSigningFetch, RefusedRequestError, type SigningFetch } from "../../src/fetch/index.ts";
import { formatTimestamp } from "../../src/signing/index.ts";
import { type RunningMock, startMock } from "../../src/mock/index.ts";
import {
  DISPOSITION,
  FILE_BYTES,
  MIME_TYPE,
  PORTFOLIO_QUOTE_BODY,
  QUOTE_BODY,
  type DriverResult,
} from "./drivers/calls.ts";
import { generateHeyApi, generateOrval, makeProject, typecheck, type Run } from "./generate.ts";
import { ACCESS_KEY, SECRET_KEY, startWire } from "./wire.ts";

const root = path.resolve(import.meta.dirname, "../..");
const document = path.join(root, "generated/openapi.json");
const PORTFOLIO_TOKEN = randomBytes(16).toString("hex");
let mock: RunningMock | undefined;
let base: string;
let signingFetch: SigningFetch;
let dir: string | undefined;
let generated: { hey: Run; orval: Run; tsc: Run };

beforeAll(async () => {
  const started = startMock({
    auth: "production",
    keys: { [ACCESS_KEY]: SECRET_KEY },
    portfolioTokens: [PORTFOLIO_TOKEN],
    stateful: false,
  });
  dir = await makeProject();
  const [hey, orval] = await Promise.all([generateHeyApi(document, dir), generateOrval(document, dir)]);
  generated = { hey, orval, tsc: await typecheck(dir) };
  mock = await started;
  base = mock.url;
  signingFetch = createSigningFetch({
    baseUrl: base,
    credentials: { accessKey: ACCESS_KEY, secretKey: SECRET_KEY },
    portfolioToken: PORTFOLIO_TOKEN,
  });
}, 240_000);

afterAll(async () => {
  await mock?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const upload = (customer: string) =>
  `/v2/accounts/${customer}/businesses/sub-1/documents/MEMORANDUM_OF_ASSOCIATION` as const;

describe("openapi-fetch: createClient({ fetch })", () => {
  const client = () => createClient<paths>({ baseUrl: base, fetch: signingFetch });

  test("a read, a JSON POST, a raw-bytes upload and a portfolio quote are all accepted", async () => {
    const c = client();
    const list = await c.GET("/v1/customers/{customer_id}/rfi-cases", {
      params: { path: { customer_id: "ofetch-1" }, query: { size: 1 } },
    });
    expect(list.response.status).toBe(200);
    const total: number | undefined = list.data?.total;
    expect(typeof total).toBe("number");
    const quote = await c.POST("/v1/customers/{customer_id}/conversions/quote", {
      params: { path: { customer_id: "ofetch-1" } },
      body: QUOTE_BODY,
    });
    expect(quote.response.status).toBe(201);
    const put = await c.PUT("/v2/accounts/{main_account_id}/businesses/{sub_account_id}/documents/{document_type}", {
      params: {
        path: { main_account_id: "ofetch-1", sub_account_id: "sub-1", document_type: "MEMORANDUM_OF_ASSOCIATION" },
        header: { "Content-Disposition": DISPOSITION },
      },
      // Raw bytes: openapi-fetch would JSON-encode them without a bodySerializer.
      body: FILE_BYTES,
      bodySerializer: (b: unknown) => b as BodyInit,
      headers: { "Content-Type": MIME_TYPE },
    });
    expect(put.response.status).toBeGreaterThanOrEqual(200);
    expect(put.response.status).toBeLessThan(300);
    const portfolio = await c.POST("/v1/portfolios/{portfolio_id}/conversions/quote", {
      params: { path: { portfolio_id: "ofetch-1" } },
      body: PORTFOLIO_QUOTE_BODY,
    });
    expect(portfolio.response.status).toBe(200);
  });

  // The fetch signs last, so no signing middleware is needed.
  test("signs what a middleware changed", async () => {
    const c = client();
    c.use({
      onRequest: ({ request }) => {
        const changed = new Request(request, { body: JSON.stringify({ ...QUOTE_BODY, pay_amount: "2000.00" }) });
        changed.headers.set("X-Trace", "mw");
        return changed;
      },
    });
    const quote = await c.POST("/v1/customers/{customer_id}/conversions/quote", {
      params: { path: { customer_id: "ofetch-2" } },
      body: QUOTE_BODY,
    });
    expect(quote.response.status).toBe(201);
  });

  test("another baseUrl is refused, nothing sent", async () => {
    const c = createClient<paths>({ baseUrl: "http://127.0.0.2:9", fetch: signingFetch });
    await expect(
      c.GET("/v1/customers/{customer_id}/rfi-cases", { params: { path: { customer_id: "ofetch-3" } } }),
    ).rejects.toThrow(RefusedRequestError);
  });
});

describe("ky: ky.create({ fetch })", () => {
  test("a read, a JSON POST, a raw-bytes upload and a portfolio quote are all accepted", async () => {
    const api = ky.create({ prefix: base, fetch: signingFetch, retry: 0 });
    const list = await api.get("v1/customers/ky-1/rfi-cases", { searchParams: { size: 1 } }).json<{ total: number }>();
    expect(typeof list.total).toBe("number");
    expect((await api.post("v1/customers/ky-1/conversions/quote", { json: QUOTE_BODY })).status).toBe(201);
    const put = await api.put(upload("ky-1").slice(1), {
      body: FILE_BYTES,
      headers: { "Content-Type": MIME_TYPE, "Content-Disposition": DISPOSITION },
    });
    expect(put.ok).toBe(true);
    expect((await api.post("v1/portfolios/ky-1/conversions/quote", { json: PORTFOLIO_QUOTE_BODY })).status).toBe(200);
  });

  test("each retry ky makes is signed afresh, at its own time", async () => {
    let first = true;
    const wire = await startWire((_req, res) => {
      if (!first) return false;
      first = false;
      res.writeHead(503, { "Content-Type": "application/json" }).end("{}");
      return true;
    });
    try {
      // A clock a minute behind that ticks a second per call: inside the verifier's window, a new timestamp per
      // attempt.
      const start = Math.floor(Date.now() / 1000) * 1000 - 60_000;
      let now = start;
      const fetcher = createSigningFetch({
        baseUrl: wire.url,
        credentials: { accessKey: ACCESS_KEY, secretKey: SECRET_KEY },
        clock: { now: () => (now += 1000) },
      });
      const res = await ky.get(`${wire.url}/v1/customers/ky-2/rfi-cases`, {
        fetch: fetcher,
        retry: { limit: 1, delay: () => 1 },
      });
      expect(res.status).toBe(200);
      expect(wire.arrived.map((a) => [a.verified.ok, a.headers["x-svc-date"]])).toEqual([
        [true, formatTimestamp(new Date(start + 1000))],
        [true, formatTimestamp(new Date(start + 2000))],
      ]);
    } finally {
      await wire.stop();
    }
  });

  test("another origin is refused and not retried", async () => {
    const error = await ky.get("http://127.0.0.2:9/v1/x", { fetch: signingFetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RefusedRequestError);
  });
});

test("docs/signing-fetch.md shows the orval mutator this test runs", () => {
  const docs = readFileSync(path.join(root, "docs/signing-fetch.md"), "utf8");
  const shown = /^export const signedFetch[\s\S]*?^};$/m.exec(docs)?.[0];
  expect(shown).toBeDefined();
  expect(readFileSync(path.join(import.meta.dirname, "drivers/orval-fetch.ts"), "utf8")).toContain(shown);
});

describe.each([
  { name: "@hey-api/openapi-ts", key: "hey" as const, customer: "hey-1" },
  { name: "orval (fetch client, mutator)", key: "orval" as const, customer: "orval-1" },
])("a client generated by $name", ({ key, customer }) => {
  let result: DriverResult | undefined;
  let failure: unknown;
  beforeAll(async () => {
    if (generated[key].code !== 0) return;
    try {
      const driver = pathToFileURL(path.join(dir!, "drivers", `${key}.ts`)).href;
      if (key === "hey")
        result = await (
          (await import(/* @vite-ignore */ driver)) as {
            run: (f: SigningFetch, b: string, c: string) => Promise<DriverResult>;
          }
        ).run(signingFetch, base, customer);
      else {
        const mutator = (await import(
          /* @vite-ignore */ pathToFileURL(path.join(dir!, "drivers/orval-fetch.ts")).href
        )) as { useSigningFetch: (f: SigningFetch) => void };
        mutator.useSigningFetch(signingFetch);
        result = await ((await import(/* @vite-ignore */ driver)) as { run: (c: string) => Promise<DriverResult> }).run(
          customer,
        );
      }
    } catch (error) {
      failure = error;
    }
  });

  test("is generated from the document", () => {
    expect(generated[key].code, generated[key].output).toBe(0);
  });

  test("takes the signing fetch with its own types, under tsc --strict", () => {
    const mine = generated.tsc.output
      .split("\n")
      .filter(
        (l) =>
          l.startsWith(`drivers/${key}`) ||
          l.startsWith(`${key}/`) ||
          l.startsWith("drivers/calls") ||
          (key === "orval" && l.startsWith("drivers/orval-fetch")),
      );
    expect(mine).toEqual([]);
  });

  // JSON, a raw-bytes upload, a multipart answer, a portfolio quote, a read.
  test("every call is accepted by the production mock", () => {
    expect(failure).toBeUndefined();
    expect(result?.statuses).toEqual({
      quote: 201,
      upload: expect.any(Number),
      answer: expect.any(Number),
      portfolio: 200,
      list: 200,
    });
    for (const [call, status] of Object.entries({ upload: result!.statuses.upload!, answer: result!.statuses.answer! }))
      expect(status >= 200 && status < 300, `${call}: status ${status}`).toBe(true);
    expect(typeof result?.total).toBe("number");
    expect(result?.quoteId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
