// The built docs page in a real browser (Debian's Chromium driven by playwright-core), served by
// scripts/serve-docs.mjs as `npm start` serves it, with every other request blocked and counted; and the
// standalone file opened from disk.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildDocs, unknowns } from "../../scripts/docs.mjs";
import { serveDocs } from "../../scripts/serve-docs.mjs";
import { type Json, listOperations, loadBundle } from "../helpers/document.ts";
import fixtures from "../signing/vectors.json" with { type: "json" };

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
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
let build: Awaited<ReturnType<typeof buildDocs>>;
const outside: string[] = [];
/** Every request the page made to its own server, in order. */
const served: string[] = [];
/** What the page requested before any intent of the reader. */
let firstLoad: string[] = [];
const blockedByPolicy: string[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}. Install Debian's package: apt-get update && apt-get install -y ` +
        `chromium (.ci/run does this), or set CHROMIUM_PATH.`,
    );
  }
  tmp = mkdtempSync(path.join(os.tmpdir(), "docs-test-"));
  build = await buildDocs({ outDir: path.join(tmp, "docs"), document: doc });
  server = await serveDocs({ dir: path.join(tmp, "docs"), port: 0 });
  pageUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  context = await chromium.launchPersistentContext(path.join(tmp, "profile"), {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 1400, height: 900 },
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith("file:")) return route.continue();
    if (url.startsWith(pageUrl)) {
      served.push(url.slice(pageUrl.length - 1));
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

describe("the docs page, served with the network blocked", () => {
  test("loads Redoc only when the reader shows intent", async () => {
    expect(build.bytes).toBeLessThan(600_000);
    expect(build.brotliBytes).toBeLessThan(100_000);
    expect(build.scriptBytes).toBeGreaterThan(500_000);
    expect(firstLoad).toEqual(["/"]);
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
