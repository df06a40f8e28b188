// The built docs in a real browser (Debian's Chromium driven by playwright-core), served by
// scripts/serve-docs.mjs as `npm start` serves it, with every other request blocked and counted: the static
// reference (index.html) with JavaScript off, the Redoc view (redoc.html), and the standalone file from disk.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { type Browser, chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildDocs, unknowns } from "../../scripts/docs.mjs";
import { serveDocs } from "../../scripts/serve-docs.mjs";
import { assertChromium, CHROMIUM_ARGS, chromiumPath, launchChromium } from "../helpers/chromium.ts";
import { deref, type Json, listOperations, loadBundle } from "../helpers/document.ts";
import fixtures from "../signing/vectors.json" with { type: "json" };

const artifacts = path.resolve(import.meta.dirname, "../../test-results/docs");
const doc = loadBundle();
const operations = listOperations(doc);
const samplesDir = path.resolve(import.meta.dirname, "../../openapi/code_samples");
const webhooks = Object.entries<Json>(doc.webhooks).map(([name, item]) => ({ name, op: item.post }));

let tmp: string;
let server: Server;
let context: BrowserContext;
let page: Page;
let pageUrl: string;
/** The server's root: the static reference (index.html). */
let rootUrl: string;
let build: Awaited<ReturnType<typeof buildDocs>>;
const outside: string[] = [];
/** Every request the page made to its own server, in order. */
const served: string[] = [];
/** What the page requested before any intent of the reader. */
let firstLoad: string[] = [];
const blockedByPolicy: string[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  assertChromium();
  tmp = mkdtempSync(path.join(os.tmpdir(), "docs-test-"));
  build = await buildDocs({ outDir: path.join(tmp, "docs"), document: doc });
  server = await serveDocs({ dir: path.join(tmp, "docs"), port: 0 });
  rootUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  pageUrl = `${rootUrl}redoc.html`;
  context = await chromium.launchPersistentContext(path.join(tmp, "profile"), {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 1400, height: 900 },
    args: CHROMIUM_ARGS,
  });
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith("file:")) return route.continue();
    if (url.startsWith(rootUrl)) {
      served.push(url.slice(rootUrl.length - 1));
      return route.continue();
    }
    outside.push(url);
    return route.abort();
  });
  page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(10_000);
  page.on("pageerror", (err) => pageErrors.push(err.message));
  page.on("console", (msg) => {
    const blocked = /Loading the \w+ '([^']+)' violates the following Content Security Policy/.exec(msg.text());
    if (blocked) blockedByPolicy.push(blocked[1]!);
  });
  await page.goto(pageUrl, { waitUntil: "load" });
  await heading(`${doc.info.title} (${doc.info.version})`).waitFor();
  firstLoad = [...served];
});

afterAll(async () => {
  await context?.close();
  await new Promise((resolve) => server?.close(resolve));
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const exactly = (s: string) => new RegExp(`^\\s*${s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\s*Webhook)?\\s*$`);

/**
 * A rendered heading with exactly this text, or this text and a "Webhook" badge (their accessible names carry a
 * "link to ..." prefix).
 */
const heading = (name: string) =>
  page
    .locator("h1, h2, h3")
    .filter({ hasText: exactly(name) })
    .first();

/** Goes to a route of the page (`#/section/errors`) and waits for a heading of it. */
async function open(hash: string, name: string) {
  await page.goto(`${pageUrl}${hash}`, { waitUntil: "load" });
  await heading(name).waitFor();
}

// biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText, the rendered text a reader sees
const text = () => page.locator("body").innerText();

describe("the Redoc view, served with the network blocked", () => {
  test("loads Redoc only when the reader shows intent", async () => {
    expect(build.scriptBytes).toBeGreaterThan(500_000);
    expect(firstLoad).toEqual(["/redoc.html"]);
    // The server-rendered shell already names every tag in its sidebar.
    for (const tag of new Set(operations.map(({ op }) => op.tags[0])))
      await expect(page.getByRole("link", { name: tag, exact: true }).first().isVisible()).resolves.toBe(true);
    const renderer = page.waitForRequest((r) => r.url().endsWith("/redoc.js"));
    await page.mouse.move(200, 200);
    await renderer;
    await page.locator('[data-component-name="Sidebar/Sidebar"], [data-testid="search-trigger"]').first().waitFor();
  });

  // Before Redoc runs, a click must not land on a missing path.
  test("an early sidebar click lands on its section", async () => {
    const fresh = await context.newPage();
    try {
      await fresh.goto(pageUrl, { waitUntil: "load" });
      await fresh.getByRole("link", { name: "Conversions", exact: true }).first().click();
      await fresh
        .locator("h1, h2, h3")
        .filter({ hasText: exactly("Conversions") })
        .first()
        .waitFor();
      expect(new URL(fresh.url()).hash).toBe("#/conversions");
    } finally {
      await fresh.close();
    }
  });

  test("shows every operation and webhook", { timeout: 90_000 }, async () => {
    const byTag = new Map<string, string[]>();
    for (const { op } of [...operations, ...webhooks])
      byTag.set(op.tags[0], [...(byTag.get(op.tags[0]) ?? []), op.summary]);
    for (const [tag, summaries] of byTag) {
      await page.getByRole("link", { name: tag, exact: true }).first().click();
      await heading(tag).waitFor();
      for (const summary of summaries) {
        await page.getByRole("link", { name: summary }).first().click();
        await heading(summary).waitFor();
      }
    }
    for (const { name, op } of webhooks) {
      await page.getByRole("link", { name: op.tags[0], exact: true }).first().click();
      await page.getByRole("link", { name: op.summary }).first().click();
      await heading(op.summary).waitFor();
      expect(await text()).toContain(name);
    }
  });

  test("search finds and opens an operation", async () => {
    await open("#/", `${doc.info.title} (${doc.info.version})`);
    await page.getByText("Search").first().click();
    await page.keyboard.type("Execute a quote");
    const hit = page.locator('[data-component-name="Search/SearchItem"]', { hasText: "Execute a quote" }).first();
    await hit.waitFor();
    await hit.click();
    await heading("Execute a quote").waitFor();
    expect(page.url()).toMatch(/#\/conversions\/executequote$/);
  });

  test("authentication shows signing steps and mismatch causes", async () => {
    await open("#/section/authentication", "Authentication");
    await heading("ServiceHmacSignature").scrollIntoViewIfNeeded();
    const body = await text();
    for (const step of [
      "STRING_TO_SIGN",
      "BODY_HASH",
      "Service-HMAC-SHA256 <ACCESS_KEY>:<TIMESTAMP>:<SIGNATURE>",
      "X-SVC-Date: <TIMESTAMP>",
      "Usual causes",
    ]) {
      expect(body).toContain(step);
    }
    for (const scheme of Object.keys(doc.components.securitySchemes)) {
      await expect(heading(scheme).isVisible()).resolves.toBe(true);
    }
    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: path.join(artifacts, "authentication.png") });
  });

  test("authentication walks through the signing vector", async () => {
    const name = /The signing vector "([^"]+)"/.exec(
      doc.components.securitySchemes.ServiceHmacSignature.description,
    )?.[1];
    const vector = fixtures.cases.find((c) => c.name === name)!;
    expect(vector, `signing vector ${name}`).toBeDefined();
    await open("#/section/authentication", "Authentication");
    await page.locator("h4", { hasText: "Worked example" }).first().scrollIntoViewIfNeeded();
    const body = await text();
    for (const value of [
      vector.input.secretKey,
      vector.input.body.text!,
      vector.expected.timestamp,
      vector.expected.bodyHash,
      vector.expected.signature,
    ])
      expect(body).toContain(value);
    expect(body).toContain(vector.expected.stringToSign);
    expect(body).toContain(`Authorization: ${vector.expected.authorization}`);
    expect(body.indexOf("Worked example")).toBeLessThan(body.indexOf("Usual causes"));
    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: path.join(artifacts, "worked-example.png") });
  });

  test("the samples section says how to run them", async () => {
    await open("#/section/code-samples", "Code samples");
    expect(await text()).toContain(
      "export BASE_URL=http://127.0.0.1:4010 SANDBOX_TOKEN=any-token PORTFOLIO_TOKEN=any-token",
    );
  });

  test.each([
    {
      hash: "#/conversions/getconversion",
      heading: "Get a conversion",
      stem: "v1_customers_{customer_id}_conversions_order",
      verb: "get",
    },
    {
      hash: "#/onboarding/uploadbusinessdocument",
      heading: "Upload a business document",
      stem: "v2_accounts_{main_account_id}_businesses_{sub_account_id}_documents_{document_type}",
      verb: "put",
    },
  ])("$heading shows its TypeScript and cURL samples", async ({ hash, heading: title, stem, verb }) => {
    const lines = (file: string) =>
      readFileSync(path.join(samplesDir, file), "utf8")
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean);
    await open(hash, title);
    // The operation's own section: Redoc keeps the neighbouring operations, and their samples, in the page too.
    const operation = page.locator(`[data-section-id="${hash.slice(1)}"]`);
    // The language menu's button shows the current language, which Redoc keeps from one operation to the next.
    const choose = async (language: string) => {
      await operation
        .getByRole("button", { name: /^(TypeScript|cURL|Payload)$/ })
        .first()
        .click();
      await page.getByRole("menuitem", { name: language }).click();
    };
    await choose("TypeScript");
    const panel = operation
      .locator('[data-component-name="CodeBlock/CodeBlock"]')
      .filter({ hasText: "financial-operations-api" })
      .first();
    await panel.waitFor();
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText, the rendered text
    const typescript = await panel.innerText();
    for (const line of lines(`TypeScript/${stem}/${verb}.ts`)) expect(typescript).toContain(line);
    await choose("cURL");
    const shell = operation
      .locator('[data-component-name="CodeBlock/CodeBlock"]')
      .filter({ hasText: "--fail-with-body" })
      .first();
    await shell.waitFor();
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText, the rendered text
    const curl = await shell.innerText();
    for (const line of lines(`curl/${stem}/${verb}.sh`)) expect(curl).toContain(line);
    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({
      path: path.join(artifacts, `samples-${verb}-${title.replace(/\W+/g, "-").toLowerCase()}.png`),
    });
  });

  test.each([
    {
      envelope: "flat (v1)",
      hash: "#/external-accounts/createexternalaccount",
      heading: "Create an external account",
      status: "400",
      fields: ["code", "status", "trace_id", "issues"],
    },
    {
      envelope: "legacy authentication",
      hash: "#/rfi-cases/listrficases",
      heading: "List RFI cases",
      status: "401",
      fields: ["status_code", "instance"],
    },
    {
      envelope: "v2 errors array",
      hash: "#/onboarding/listbusinesses",
      heading: "List businesses of a main account",
      status: "401",
      fields: ["errors", "type", "description"],
    },
    {
      envelope: "portfolio error object",
      hash: "#/portfolio-conversions/createportfolioquote",
      heading: "Create a portfolio quote",
      status: "400",
      fields: ["error", "request_id", "details"],
    },
  ])("renders the $envelope envelope ($status of $heading)", async ({ hash, heading, status, fields }) => {
    await open(hash, heading);
    await page.getByRole("tab", { name: status, exact: true }).first().click();
    const body = await text();
    for (const field of fields) expect(body).toContain(field);
  });

  test("shows every x-not-shown unknown", async () => {
    const marks = unknowns(doc);
    expect(marks.length).toBeGreaterThan(20);
    await open("#/section/what-the-reference-does-not-show", "What the reference does not show");
    const body = await text();
    for (const [where, note] of marks) expect(body, where).toContain(note.replace(/[`*]/g, ""));
    await open("#/conversions/createquote", "Create a quote");
    expect(await text()).toContain(
      `not-shown: ${doc.paths["/v1/customers/{customer_id}/conversions/quote"].post["x-not-shown"]}`,
    );
  });

  test("the changelog shows 1.0.13", async () => {
    await open("#/section/changelog", "Changelog");
    const body = await text();
    expect(body).toMatch(/1\.0\.13[\s\S]*institution_name[\s\S]*optional[\s\S]*00020008/);
    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: path.join(artifacts, "changelog.png") });
  });

  test("made no outside request and no script error", () => {
    expect(outside).toEqual([]);
    expect(blockedByPolicy).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

/** Redoc's route of an operation or webhook (`/conversions/createquote`), which the static page uses as its id. */
const route = (op: Json) => `/${op.tags[0].toLowerCase().replace(/\s+/g, "-")}/${op.operationId.toLowerCase()}`;
/** Text as the page shows it: Markdown's code and emphasis marks gone, white space folded. */
const plain = (s: string) => s.replace(/[`*]/g, "").replace(/\s+/g, " ").trim();

describe("the static reference, JavaScript off", () => {
  let browser: Browser;
  let off: Page;
  const requests: string[] = [];
  let body = "";
  /** The text of the element with this id (the browser's own text, JavaScript off). */
  const section = (id: string) =>
    off
      .locator(`[id="${id}"]`)
      .textContent()
      .then((t) => plain(t ?? ""));

  beforeAll(async () => {
    browser = await launchChromium();
    const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    await ctx.route("**/*", (r) => {
      requests.push(r.request().url());
      return r.request().url().startsWith(rootUrl) ? r.continue() : r.abort();
    });
    off = await ctx.newPage();
    off.setDefaultTimeout(10_000);
    await off.goto(rootUrl, { waitUntil: "load" });
    body = plain((await off.locator("body").textContent()) ?? "");
  });
  afterAll(() => browser?.close());

  test("loads one file, small on the wire, and nothing else", () => {
    expect(requests).toEqual([rootUrl]);
    expect(build.brotliBytes).toBeLessThan(100_000);
  });

  test("shows every operation and webhook: summary, operation id, method and path", async () => {
    const all = [
      ...operations.map(({ op, method, path: p }) => ({ op, method, name: p })),
      ...webhooks.map(({ name, op }) => ({ op, method: "post", name })),
    ];
    expect(all.length).toBeGreaterThan(20);
    for (const { op, method, name } of all) {
      const text = await section(route(op));
      for (const part of [op.summary, op.operationId, `${method.toUpperCase()} ${name}`])
        expect(text, route(op)).toContain(part);
    }
  });

  test("shows every parameter, request and response of every operation", async () => {
    for (const { op, path: p } of operations) {
      const text = await section(route(op));
      const params = [...(doc.paths[p].parameters ?? []), ...(op.parameters ?? [])].map((x: Json) => deref(doc, x));
      for (const param of params) expect(text, `${route(op)} ${param.name}`).toContain(param.name);
      for (const status of Object.keys(op.responses)) expect(text, `${route(op)} ${status}`).toContain(status);
      for (const sample of op["x-codeSamples"] ?? [])
        expect(text, `${route(op)} ${sample.label}`).toContain(plain(sample.source).slice(0, 80).replace(/[`*]/g, ""));
    }
  });

  test("shows every schema with its members; a member of a named schema links to that schema's own section", async () => {
    const schemas = Object.entries<Json>(doc.components.schemas);
    expect(schemas.length).toBeGreaterThan(20);
    const named = (s: Json): string[] =>
      s?.$ref
        ? [s.$ref.split("/").pop()]
        : [
            ...(s?.items ? named(s.items) : []),
            ...["allOf", "oneOf", "anyOf"].flatMap((k) => (s?.[k] ?? []).flatMap(named)),
          ];
    let links = 0;
    for (const [name, schema] of schemas) {
      const id = `/schemas/${name}`;
      expect(await section(id)).toContain(name);
      const parts = [schema, ...["allOf", "oneOf", "anyOf"].flatMap((k) => schema[k] ?? [])].map((x: Json) =>
        deref(doc, x),
      );
      for (const part of parts)
        for (const [member, sub] of Object.entries<Json>(part.properties ?? {})) {
          expect(await section(id), `${name}.${member}`).toContain(member);
          for (const target of named(sub)) {
            links++;
            await expect(
              off.locator(`[id="${id}"] a[href="#/schemas/${target}"]`).count(),
              `${name}.${member}`,
            ).resolves.toBeGreaterThan(0);
          }
        }
    }
    expect(links).toBeGreaterThan(5);
  });

  test("shows every example value", () => {
    const values = Object.values<Json>(doc.components.examples).map((e) => e.value);
    for (const value of values) expect(body).toContain(plain(JSON.stringify(value, null, 2).replace(/[`*]/g, "")));
  });

  test("shows every x-not-shown unknown", () => {
    const marks = unknowns(doc);
    expect(marks.length).toBeGreaterThan(20);
    for (const [where, note] of marks) expect(body, where).toContain(plain(note));
  });

  test("shows each operation's and schema's own unknown in its section", async () => {
    for (const { op } of [...operations, ...webhooks])
      if (op["x-not-shown"]) expect(await section(route(op)), route(op)).toContain(plain(op["x-not-shown"]));
    for (const [name, s] of Object.entries<Json>(doc.components.schemas))
      if (s["x-not-shown"]) expect(await section(`/schemas/${name}`), name).toContain(plain(s["x-not-shown"]));
  });

  test("shows the webhooks and the changelog", async () => {
    for (const { name, op } of webhooks) expect(await section(route(op))).toContain(name);
    expect(await section("/section/changelog")).toBeTruthy();
    expect(body).toMatch(/Changelog[\s\S]*1\.0\.13[\s\S]*institution_name[\s\S]*optional[\s\S]*00020008/);
  });

  test("every link inside the page names an element id", async () => {
    const broken = await off.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href^="#"]'))
        .map((a) => decodeURIComponent(a.getAttribute("href")!.slice(1)))
        .filter((id) => !document.getElementById(id)),
    );
    expect(broken).toEqual([]);
  });

  test.each([
    ["#/conversions/executequote", "Execute a quote"],
    ["#/section/authentication", "Authentication"],
    ["#/section/changelog", "Changelog"],
    ["#/schemas/Quote", "Quote"],
  ])("a deep link %s lands on its section without script", async (hash, title) => {
    const fresh = await off.context().newPage();
    try {
      await fresh.goto(`${rootUrl}${hash}`, { waitUntil: "load" });
      const heading = fresh
        .locator("h1, h2, h3")
        .filter({ hasText: exactly(title) })
        .first();
      const box = await heading.boundingBox();
      expect(box, hash).not.toBeNull();
      expect(box!.y).toBeGreaterThanOrEqual(-1);
      expect(box!.y).toBeLessThan(200);
    } finally {
      await fresh.close();
    }
  });
});

describe("the static reference's search", () => {
  test("answers from the prebuilt index: any operation by its id or a word of its path, any schema by name", async () => {
    const fresh = await context.newPage();
    try {
      await fresh.goto(rootUrl, { waitUntil: "load" });
      const field = fresh.locator("#search");
      const results = fresh.locator("#search-results");
      const hits = async (query: string) => {
        await field.fill(query);
        await results.locator("li").first().waitFor();
        return results.locator("a").evaluateAll((as) => as.map((a) => `${a.getAttribute("href")} ${a.textContent}`));
      };
      await field.click();
      expect((await hits("hedge")).join("\n")).toContain("Hedge a portfolio quote");
      for (const { op, path: p } of operations) {
        expect((await hits(op.operationId))[0], op.operationId).toContain(`#${route(op)} `);
        const word = p
          .split("/")
          .filter((w: string) => w && !w.startsWith("{"))
          .pop()!;
        expect((await hits(word)).join("\n"), word).toContain(op.tags[0] === undefined ? "" : p);
      }
      for (const name of Object.keys(doc.components.schemas))
        expect((await hits(name)).join("\n"), name).toContain(`#/schemas/${name} `);
      await results
        .getByRole("link", { name: /Create a quote/ })
        .first()
        .isVisible();
    } finally {
      await fresh.close();
    }
  });
});

describe("the standalone page, opened from disk", () => {
  test("renders a deep link with no request", async () => {
    const standalone = await context.newPage();
    const requests: string[] = [];
    standalone.on("request", (r) => requests.push(r.url()));
    const errors: string[] = [];
    standalone.on("pageerror", (e) => errors.push(e.message));
    await standalone.goto(`file://${build.standalone}#/conversions/executequote`, { waitUntil: "load" });
    await standalone
      .locator("h1, h2, h3")
      .filter({ hasText: exactly("Execute a quote") })
      .first()
      .waitFor();
    await standalone.close();
    expect(requests.filter((u) => !u.startsWith("file:") && !u.startsWith("data:"))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
