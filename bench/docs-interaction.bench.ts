// What a reader waits for on the docs page, step by step, beside the peer renderers (Stoplight Elements 9,
// Scalar 1.72) on the same document: Debian's Chromium driven by playwright-core, a 1280x800 viewport, the
// CPU at the machine's speed and 4x slower (Lighthouse's phone factor, CDP Emulation.setCPUThrottlingRate).
// This page is built by scripts/docs.mjs and served by scripts/serve-docs.mjs as `npm start` serves it; the
// peers by a plain static server; all on 127.0.0.1, free ports, every other request blocked and counted.
// Steps: the first act (pointer onto the page, then a click on the sidebar group "Conversions": until its
// entry "Create a quote" is on screen), opening "Create a quote" (until its heading is on screen), expanding a
// schema member or an example, and typing "hedge" in search. Per step: the time to the view on screen (from
// the input's own timestamp to the first frame that shows it), the longest event duration (INP-style,
// PerformanceObserver 'event') and the longest main-thread task. Figures are printed, never asserted.
// Usage: npm run bench -- docs-interaction; ROUNDS=N (default 3, medians), ONLY=page|elements|scalar.
import { readFile, mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../scripts/chromium.mjs";
import { buildDocs } from "../scripts/docs.mjs";
import { serveDocs } from "../scripts/serve-docs.mjs";
import { layOutPeers } from "./docs-peers.ts";
import { median } from "./stats.ts";

const root = path.resolve(import.meta.dirname, "..");

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const MAX_MS = 15 * 60_000;
const STEP_TIMEOUT = 30_000;

/** Where each renderer keeps its search, and what a step clicks (found by text, inside the sidebar or not). */
interface Renderer {
  name: string;
  path: string;
  /** Something on screen once the renderer shows its content (this page: before any script runs). */
  ready: string;
  /** The control of one collapsed schema member or example in the "Create a quote" view. */
  expand: string;
  /** The control that opens search, and the field typed into (none: the renderer has no search). */
  search?: { open?: string; field: string; results: string };
}

const renderers: Renderer[] = [
  {
    name: "this page",
    path: "",
    ready: "h1",
    // A nested member's or a response's disclosure in the operation's section (open: the click closes it).
    expand: '[id="/conversions/createquote"] details > summary',
    // The reader clicks into the field first, as into the peers' search buttons.
    search: { open: "#search", field: "#search", results: "#search-results a" },
  },
  {
    // The page as it was before the static reference: Redoc's shell, started on the reader's first intent.
    name: "Redoc view (before)",
    path: "redoc.html",
    ready: "h1",
    expand: "[data-schema-nested-open] > button",
    search: {
      open: '[data-testid="search-trigger"]',
      field: 'input[type="search"], input[placeholder*="earch"]',
      results: '[data-component-name="Search/SearchItem"]',
    },
  },
  {
    name: "Stoplight Elements 9",
    path: "elements.html",
    ready: "h1",
    // The request body's nested members are open and have no toggle here: the try-it panel's body section.
    expand: '.sl-panel__titlebar[aria-expanded="false"]',
  },
  {
    name: "Scalar 1.72",
    path: "scalar.html",
    ready: "h1",
    expand: "button.property-toggle",
    search: {
      open: 'button:has-text("Search"), [role="search"] button',
      field: 'input[type="search"], [role="dialog"] input, input',
      results: '[role="option"]',
    },
  },
];

// Installed before any script of the page: long tasks, event timings and the last input's timestamp.
const probe = () => {
  const w = window as unknown as Record<string, unknown> & { __bench: Bench };
  const bench: Bench = { long: [], events: [], input: 0, seen: 0, keys: [] };
  w.__bench = bench;
  try {
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) bench.long.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) bench.events.push([e.name, e.startTime, e.duration]);
    }).observe({ type: "event", buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  } catch {
    // An engine without these entry types reports no figures for them.
  }
  for (const type of ["pointerdown", "keydown"])
    addEventListener(type, (e) => (bench.input = bench.input || e.timeStamp), { capture: true, passive: true });
  addEventListener("keydown", (e) => bench.keys.push(e.timeStamp), { capture: true, passive: true });
};
interface Bench {
  long: [number, number][];
  events: [string, number, number][];
  input: number;
  seen: number;
  keys: number[];
}

/**
 * In the page: watches, frame by frame, for the innermost element whose whole text is `text` to be on screen
 * (inside the viewport and rendered; `heading`: a heading or inside one, right of the sidebar).
 */
function watch({ text, heading }: { text: string; heading: boolean }) {
  const bench = (window as unknown as { __bench: Bench }).__bench;
  bench.seen = 0;
  bench.input = 0;
  const lit = `'${text}'`;
  const xpath = `//*[normalize-space(.)=${lit} and not(*[normalize-space(.)=${lit}])]`;
  const shown = () => {
    const found = document.evaluate(xpath, document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
    for (let i = 0; i < found.snapshotLength; i++) {
      const el = found.snapshotItem(i) as HTMLElement;
      if (heading && !el.closest("h1, h2, h3, h4, h5, h6")) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.bottom <= 0 || r.top >= innerHeight || r.right <= 0) continue;
      if (r.left >= innerWidth || (heading && (r.left < 300 || r.top > innerHeight / 2))) continue;
      if (el.checkVisibility?.({ visibilityProperty: true, opacityProperty: true }) === false) continue;
      return true;
    }
    return false;
  };
  const frame = () => {
    if (bench.input && shown()) bench.seen = performance.now();
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** In the page: watches for a search hit naming "hedge" (an element matching `selector`) to be on screen. */
function watchHits(selector: string) {
  const bench = (window as unknown as { __bench: Bench }).__bench;
  bench.seen = 0;
  bench.keys = [];
  const frame = () => {
    const hit = Array.from(document.querySelectorAll(selector)).some((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.bottom > 0 && r.top < innerHeight && /hedge/i.test(el.textContent ?? "");
    });
    if (hit) bench.seen = performance.now();
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

interface Figures {
  viewMs?: number;
  eventMs: number;
  longMs: number;
  blockedMs: number;
  /** Search: how many texts on screen name "hedge" once typed. */
  hits?: number;
  /** Search: from the keystroke before the first hit naming "hedge" to that hit on screen. */
  hitMs?: number;
  note?: string;
}

/** What happened in the page between `from` (page time) and now. */
async function figuresSince(page: Page, from: number, viewed: boolean): Promise<Figures> {
  // Two frames, so the event entries of the last input are delivered.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const b = await page.evaluate(() => (window as unknown as { __bench: Bench }).__bench);
  const long = b.long.filter(([start]) => start >= from).map(([, d]) => d);
  const events = b.events.filter(([, start]) => start >= from).map(([, , d]) => d);
  return {
    viewMs: viewed && b.seen && b.input ? Math.round(b.seen - b.input) : undefined,
    eventMs: Math.round(Math.max(0, ...events)),
    longMs: Math.round(Math.max(0, ...long)),
    blockedMs: Math.round(long.reduce((s, d) => s + Math.max(0, d - 50), 0)),
  };
}

const now = (page: Page) => page.evaluate(() => performance.now());

/** Marks the first visible element that matches `selector` or has exactly `text` (in the sidebar: left of 300 px). */
async function target(page: Page, how: { text?: string; selector?: string; sidebar?: boolean }): Promise<string> {
  const found: string = await page.evaluate(({ text, selector, sidebar }) => {
    for (const el of Array.from(document.querySelectorAll("[data-bench-target]")))
      el.removeAttribute("data-bench-target");
    const candidates: Element[] = [];
    if (selector) candidates.push(...Array.from(document.querySelectorAll(selector)));
    else {
      const lit = `'${text}'`;
      const all = document.evaluate(
        `//*[normalize-space(.)=${lit} and not(*[normalize-space(.)=${lit}])]`,
        document,
        null,
        XPathResult.ORDERED_NODE_SNAPSHOT_TYPE,
        null,
      );
      for (let i = 0; i < all.snapshotLength; i++) candidates.push(all.snapshotItem(i) as Element);
    }
    for (const el of candidates) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (sidebar && r.left >= 300) continue;
      if (!sidebar && selector && r.left < 300) continue;
      if (selector && text && !el.textContent?.includes(text)) continue;
      el.setAttribute("data-bench-target", "");
      return el.outerHTML.replace(/\s+/g, " ").slice(0, 160);
    }
    return "";
  }, how);
  if (!found) throw new Error(`nothing on screen matches ${how.text ?? how.selector}`);
  if (process.env.EXPLORE) console.log(`  clicks ${found}`);
  return "[data-bench-target]";
}

async function runRenderer(browser: Browser, url: string, r: Renderer, rate: number): Promise<Record<string, Figures>> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const outside: string[] = [];
  const origin = new URL(url).origin;
  await context.route("**/*", (route) => {
    const u = route.request().url();
    if (u.startsWith(origin) || u.startsWith("data:") || u.startsWith("blob:")) return route.continue();
    outside.push(u);
    return route.abort();
  });
  // tsx keeps function names with a helper (`__name`) that functions sent into the page call: give the page one.
  await context.addInitScript({ content: "globalThis.__name = (f) => f;" });
  await context.addInitScript(probe);
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  const out: Record<string, Figures> = {};
  try {
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    await page.locator(r.ready).first().waitFor({ timeout: 120_000 });
    // The page at rest: what loading left behind is not the reader's first act.
    await page.waitForTimeout(1_000);

    // 0. Loading, until the page is at rest: the tasks the reader did not ask for.
    out.load = await figuresSince(page, 0, false);

    // 1. The first act: the pointer onto the page, then a click on the sidebar group "Conversions".
    let from = await now(page);
    await page.mouse.move(640, 400);
    const group = await target(page, { text: "Conversions", sidebar: true });
    await page.evaluate(watch, { text: "Create a quote", heading: false });
    await page.locator(group).click();
    await page.waitForFunction(() => (window as unknown as { __bench: Bench }).__bench.seen > 0);
    out["first act"] = await figuresSince(page, from, true);
    await page.waitForTimeout(500);

    // 2. Open "Create a quote" from the sidebar.
    from = await now(page);
    const entry = await target(page, { text: "Create a quote", sidebar: true });
    await page.evaluate(watch, { text: "Create a quote", heading: true });
    await page.locator(entry).click();
    await page.waitForFunction(() => (window as unknown as { __bench: Bench }).__bench.seen > 0);
    out["open Create a quote"] = await figuresSince(page, from, true);
    await page.waitForTimeout(500);

    // 3. Expand a schema member or an example of that operation.
    from = await now(page);
    try {
      const toggle = await target(page, { selector: r.expand });
      await page.locator(toggle).click();
      out["expand a schema/example"] = await figuresSince(page, from, false);
      if (process.env.EXPLORE)
        await page.screenshot({
          path: path.join(root, `test-results/bench-${r.name.split(" ")[0]}-${rate}x-expand.png`),
        });
    } catch (err) {
      out["expand a schema/example"] = { eventMs: 0, longMs: 0, blockedMs: 0, note: (err as Error).message };
    }
    await page.waitForTimeout(500);

    // 4. Type "hedge" in search, key by key at a typist's pace.
    if (!r.search) out['type "hedge" in search'] = { eventMs: 0, longMs: 0, blockedMs: 0, note: "no search" };
    else {
      if (r.search.open) await page.locator(r.search.open).first().click();
      const field = page.locator(r.search.field).first();
      await field.waitFor({ timeout: r.search.open ? STEP_TIMEOUT : 2_000 });
      await page.waitForTimeout(300);
      from = await now(page);
      await page.evaluate(watchHits, r.search.results);
      await field.pressSequentially("hedge", { delay: 120 });
      await page.waitForTimeout(1_000);
      const hits = await page.evaluate(() => {
        const found = document.evaluate(
          "//*[contains(translate(text(), 'HEDGE', 'hedge'), 'hedge')]",
          document,
          null,
          XPathResult.ORDERED_NODE_SNAPSHOT_TYPE,
          null,
        );
        let n = 0;
        for (let i = 0; i < found.snapshotLength; i++) {
          const el = found.snapshotItem(i) as Element;
          const rect = el.getBoundingClientRect();
          if (rect.width > 0 && rect.bottom > 0 && rect.top < innerHeight && el.tagName !== "INPUT") n++;
        }
        return n;
      });
      const hitMs = await page.evaluate(() => {
        const { seen, keys } = (window as unknown as { __bench: Bench }).__bench;
        const key = keys.filter((k) => k <= seen).pop();
        return seen && key !== undefined ? Math.round(seen - key) : undefined;
      });
      out['type "hedge" in search'] = { ...(await figuresSince(page, from, false)), hits, hitMs };
      if (process.env.EXPLORE)
        await page.screenshot({
          path: path.join(root, `test-results/bench-${r.name.split(" ")[0]}-${rate}x-search.png`),
        });
    }
  } finally {
    if (outside.length) console.log(`  ${r.name}: ${outside.length} outside requests blocked (${outside[0]} ...)`);
    await context.close();
  }
  return out;
}

/** A plain static server for the peers' pages (127.0.0.1, a free port). */
async function staticServer(dir: string): Promise<http.Server> {
  const types: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };
  const server = http.createServer(async (req, res) => {
    const file = path.join(dir, path.normalize(new URL(req.url ?? "/", "http://x").pathname));
    if (!file.startsWith(dir)) return res.writeHead(400).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { "Content-Type": types[path.extname(file)] ?? "application/json" }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

const fmt = (xs: Figures[]) => {
  const note = xs.find((x) => x.note)?.note;
  if (note && xs.every((x) => x.note)) return note;
  const ok = xs.filter((x) => !x.note);
  const view = ok.map((x) => x.viewMs).filter((x): x is number => x !== undefined);
  const parts = [];
  if (view.length) parts.push(`${median(view)} ms on screen`);
  parts.push(`events ${median(ok.map((x) => x.eventMs))} ms`, `longest task ${median(ok.map((x) => x.longMs))} ms`);
  const hits = ok.map((x) => x.hits).filter((x): x is number => x !== undefined);
  if (hits.length) parts.push(`${median(hits)} texts naming it on screen`);
  const hitMs = ok.map((x) => x.hitMs).filter((x): x is number => x !== undefined);
  if (hits.length) parts.push(hitMs.length ? `a hit ${median(hitMs)} ms after its keystroke` : "no hit listed");
  return parts.join(", ");
};

const started = Date.now();
const tmp = await mkdtemp(path.join(os.tmpdir(), "docs-bench-"));
const docsDir = path.join(tmp, "docs");
const peersDir = path.join(tmp, "peers");
let browser: Browser | undefined;
const servers: http.Server[] = [];
try {
  const build = await buildDocs({ outDir: docsDir });
  console.log(`this page: index.html ${Math.round(build.brotliBytes / 1024)} KiB sent compressed`);
  await layOutPeers(peersDir, path.join(root, "generated/openapi.json"));
  const docs = await serveDocs({ dir: docsDir, port: 0 });
  const peers = await staticServer(peersDir);
  servers.push(docs, peers);
  const base = (s: http.Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}/`;
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: CHROMIUM_FLAGS,
  });
  const chosen = renderers.filter((r) => !process.env.ONLY || r.name.toLowerCase().includes(process.env.ONLY));
  for (const rate of [1, 4]) {
    const results = new Map<string, Record<string, Figures>[]>();
    for (let round = 0; round < ROUNDS && Date.now() - started < MAX_MS; round++)
      for (const r of round % 2 ? [...chosen].reverse() : chosen) {
        const url = `${base(r.path && !r.path.startsWith("redoc") ? peers : docs)}${r.path}`;
        try {
          const figures = await runRenderer(browser, url, r, rate);
          results.set(r.name, [...(results.get(r.name) ?? []), figures]);
        } catch (err) {
          console.log(`  ${r.name} at ${rate}x, round ${round + 1}: ${(err as Error).message.split("\n")[0]}`);
        }
      }
    const steps = ["load", "first act", "open Create a quote", "expand a schema/example", 'type "hedge" in search'];
    console.log(`\n### CPU ${rate}x (1280x800; medians of ${ROUNDS} rounds)\n`);
    console.log(`| step | ${chosen.map((r) => r.name).join(" | ")} |`);
    console.log(`|---|${chosen.map(() => "---").join("|")}|`);
    for (const step of steps)
      console.log(
        `| ${step} | ${chosen
          .map((r) => {
            const runs = (results.get(r.name) ?? []).map((x) => x[step]).filter((x): x is Figures => !!x);
            return runs.length ? fmt(runs) : "failed";
          })
          .join(" | ")} |`,
      );
  }
} finally {
  await browser?.close();
  for (const s of servers) s.close();
  await rm(tmp, { recursive: true, force: true });
}
