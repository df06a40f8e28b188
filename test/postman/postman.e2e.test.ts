// The document in a request tool, as API users meet it: (1) Postman's converter imports the bundled document
// and newman runs every request against the sandbox mock with only the base URL and a token set; (2) the
// collection this project ships runs with newman against the mock in sandbox and in production auth (the
// pre-request script signs with HMAC), and a wrong secret is refused.
import { randomBytes, randomUUID } from "node:crypto";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import newman from "newman";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { collectionFile, convert, environmentFile, sampleBodies, uploadFile } from "../../scripts/postman.mjs";
import { loadBundle, listOperations } from "../helpers/document.ts";
import { type RunningMock, startMock } from "../../src/mock/index.ts";

const doc = loadBundle();
const operationCount = listOperations(doc).length;
let mocks: RunningMock[] = [];
let dir: string;
let sandboxUrl: string;
let productionUrl: string;
const accessKey = "postman-access-key";
const secretKey = randomBytes(32).toString("base64url");
// The file the uploads send: bytes that are not text, so a body re-encoded anywhere would not verify.
const file = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.from([0x00, 0xff, 0xfe, 0x80, 0x0a]), randomBytes(64)]);

interface Answered {
  name: string;
  method: string;
  path: string;
  status: number;
}

/** Runs a collection with newman; resolves with each request's status, or rejects with every script error. */
type RunOptions = { environment?: unknown; envVar?: Record<string, string>; iterationCount?: number };

function run(collection: unknown, options: RunOptions = {}): Promise<Answered[]> {
  return runAll(collection, options).then(({ answered, failures }) =>
    failures.length ? Promise.reject(new Error(failures.join("\n"))) : answered,
  );
}

/** Runs a collection with newman; resolves with what was answered and what failed. */
function runAll(collection: unknown, options: RunOptions = {}): Promise<{ answered: Answered[]; failures: string[] }> {
  return new Promise((resolve, reject) => {
    const answered: Answered[] = [];
    const failures: string[] = [];
    newman
      .run({
        collection: collection as never,
        environment: options.environment as never,
        envVar: Object.entries(options.envVar ?? {}).map(([key, value]) => ({ key, value })),
        workingDir: dir,
        iterationCount: options.iterationCount,
        reporters: [],
        timeoutRequest: 10_000,
      })
      .on("request", (err, args) => {
        if (err) return void failures.push(`${args.item.name}: ${err.message}`);
        answered.push({
          name: args.item.name,
          method: args.request.method,
          path: args.request.url.getPath(),
          status: args.response.code,
        });
      })
      .on("script", (err, args) => err && failures.push(`${args.item.name}: ${err.message}`))
      .on("done", (err) => (err ? reject(err) : resolve({ answered, failures })));
  });
}

const json = (file: string) => JSON.parse(readFileSync(file, "utf8"));
const not2xx = (answered: Answered[]) =>
  answered.filter((a) => a.status < 200 || a.status > 299).map((a) => `${a.status} ${a.method} ${a.path} (${a.name})`);

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "postman-"));
  writeFileSync(path.join(dir, uploadFile), file);
  mocks = await Promise.all([
    startMock({ auth: "sandbox", stateful: false }),
    startMock({ auth: "production", keys: { [accessKey]: secretKey }, stateful: false }),
  ]);
  [sandboxUrl, productionUrl] = mocks.map((m) => m.url) as [string, string];
}, 120_000);

afterAll(async () => {
  await Promise.all(mocks.map((m) => m.close()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the document imported by Postman's converter", () => {
  // convertV2, as Postman's import runs it, with the import dialog's "Example" parameter generation (the
  // default, "Schema", fakes values from the schemas alone and never reads an example).
  // Given only a base URL and a token.
  test("every request gets 2xx from the sandbox mock", async () => {
    const collection = await convert(doc, { parametersResolution: "Example" });
    const answered = await run(collection, { envVar: { baseUrl: sandboxUrl, bearerToken: "sandbox-token" } });
    expect(answered).toHaveLength(operationCount);
    expect(not2xx(answered)).toEqual([]);
  }, 60_000);
});

describe("the shipped collection", () => {
  const collection = json(collectionFile);

  test("has one request per operation, signed by its script", () => {
    const names: string[] = [];
    const walk = (items: { item?: unknown[]; name: string; request?: { auth?: unknown } }[]) => {
      for (const i of items) {
        if (i.item) walk(i.item as never);
        else {
          names.push(i.name);
          expect(i.request?.auth, i.name).toBeUndefined();
        }
      }
    };
    walk(collection.item);
    expect(names).toHaveLength(operationCount);
    expect(
      collection.event.find((e: { listen: string }) => e.listen === "prerequest").script.exec.join("\n"),
    ).toContain("HmacSHA256");
  });

  test("a JSON body the document gives no example of is its cURL sample's, placeholders named (the quote's amount)", () => {
    const bodies = sampleBodies(doc);
    const sent = new Map<string, { raw: string; note: string }>();
    const walk = (items: { item?: unknown[]; name: string; request?: Record<string, never> }[]) => {
      for (const i of items)
        if (i.item) walk(i.item as never);
        else if (i.request?.body)
          sent.set(i.name, {
            raw: (i.request.body as { raw?: string }).raw ?? "",
            note: (i.request.description as { content?: string } | undefined)?.content ?? "",
          });
    };
    walk(collection.item);
    expect(bodies.size).toBeGreaterThanOrEqual(2);
    for (const [name, body] of bodies) {
      expect(JSON.parse(sent.get(name)!.raw), name).toEqual(JSON.parse(body.raw));
      expect(sent.get(name)!.note, name).toContain(body.note);
    }
    for (const name of ["Create a quote", "Create a portfolio quote"]) {
      expect(JSON.parse(sent.get(name)!.raw)).toHaveProperty("pay_amount");
      expect(sent.get(name)!.note).toMatch(/`pay_amount` is a placeholder/);
    }
  });

  test("sandbox: every request gets 2xx", async () => {
    const answered = await run(collection, {
      environment: json(environmentFile("sandbox")),
      envVar: { baseUrl: sandboxUrl, sandboxToken: "sandbox-token", portfolioToken: "portfolio-token" },
    });
    expect(answered).toHaveLength(operationCount);
    expect(not2xx(answered)).toEqual([]);
  }, 60_000);

  const production = (secret: string) => run(collection, productionOptions(secret));
  const productionOptions = (secret: string) => ({
    environment: json(environmentFile("production")),
    envVar: {
      baseUrl: productionUrl,
      accessKey,
      secretKey: secret,
      portfolioToken: "portfolio-token",
      fileSha256: createHash("sha256").update(file).digest("hex"),
    },
  });

  // The script signs every request, uploads from a file included.
  test("production: every signed request gets 2xx", async () => {
    const answered = await production(secretKey);
    expect(answered).toHaveLength(operationCount);
    expect(not2xx(answered)).toEqual([]);
  }, 60_000);

  // The mock refuses a repeated signature of a state-changing request (its default); the script never sends one:
  // the same POST three times in a row, well within a second each, is signed at three seconds (newman waits for
  // the script's timer before it sends).
  test("production: the same POST run again at once is signed anew, never refused as a replay", async () => {
    type Item = {
      item?: Item[];
      name: string;
      request?: { method: string; url: unknown; body?: { mode: string } };
    };
    const items: Item[] = [];
    const walk = (list: Item[]) => {
      for (const i of list) i.item ? walk(i.item) : items.push(i);
    };
    walk(collection.item);
    // The terms signature: a signed POST whose JSON body (its redirect_url) this test can make its own.
    const post = items.find(
      (i) => i.request?.method === "POST" && JSON.stringify(i.request.url).includes("BUSINESS_ONBOARDING"),
    )!;
    // A body of this test's own: the other runs of this file sign the collection's own body with the same key, and
    // one of theirs in the same second would be a replay across runs (each run keeps its own ledger, as each
    // Postman window does).
    const own = structuredClone(post) as Item & { request: { body: { raw?: string } } };
    own.request.body.raw = JSON.stringify({ redirect_url: `https://app.example.com/done?run=${randomUUID()}` });
    const answered = await run({ ...collection, item: [own] }, { ...productionOptions(secretKey), iterationCount: 3 });
    expect(answered.map((a) => a.status)).toHaveLength(3);
    expect(not2xx(answered)).toEqual([]);
  }, 60_000);

  test("production: a wrong secret gets 401 everywhere", async () => {
    const answered = await production(randomBytes(32).toString("base64url"));
    const signed = answered.filter((a) => !a.path.startsWith("/v1/portfolios/"));
    expect(signed.length).toBeGreaterThan(15);
    expect(signed.filter((a) => a.status !== 401)).toEqual([]);
  }, 60_000);

  test("a non-base64url secret is named, nothing sent", async () => {
    const { answered, failures } = await runAll(collection, productionOptions("not base64!"));
    const signed = answered.filter((a) => !a.path.startsWith("/v1/portfolios/"));
    expect(signed.length).toBeGreaterThan(0);
    expect(signed.filter((a) => a.status !== 401)).toEqual([]);
    expect(failures).toHaveLength(signed.length);
    for (const failure of failures) expect(failure).toMatch(/secretKey is not URL-safe Base64/);
  }, 60_000);
});
