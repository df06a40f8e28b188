// Lighthouse on the docs page as readers meet it: built by `npm run docs`, served by scripts/serve-docs.mjs on
// 127.0.0.1, opened by Debian's Chromium, once with the desktop preset and once with the mobile one (a
// simulated slow 4G link and a 4x slower CPU). Prints the four category scores, first contentful paint,
// largest contentful paint, total blocking time, bytes transferred and console errors. The scores are printed,
// not asserted: they are timings on a shared machine. Reports go to test-results/lighthouse/.
// Usage: npm run lighthouse [-- --dir out/docs] (builds the docs first unless --dir is given).
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseOrExit } from "./args.mjs";
import { CHROMIUM_FLAGS, chromiumPath } from "./chromium.mjs";
import { buildDocs, defaultOutDir } from "./docs.mjs";
import { serveDocs } from "./serve-docs.mjs";
import { packageInfo, root } from "./tools.mjs";

const categories = ["performance", "accessibility", "best-practices", "seo"];

/**
 * One Lighthouse run; resolves with the figures this project reports, and the whole report.
 * @param {string} url @param {"desktop" | "mobile"} preset
 */
export async function audit(url, preset) {
  // Loaded when used: Lighthouse takes seconds to import, which `--help` and `--version` need not wait for.
  const [chromeLauncher, { default: lighthouse }, { default: desktopConfig }] = await Promise.all([
    import("chrome-launcher"),
    import("lighthouse"),
    import("lighthouse/core/config/desktop-config.js"),
  ]);
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
  });
  try {
    /** @type {import("lighthouse").Flags} */
    const flags = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: categories };
    const result = await lighthouse(url, flags, preset === "desktop" ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    const a = lhr.audits;
    /** An audit's figure, rounded (scaled by `per`); a missing one is an error that names it. */
    const figure = (/** @type {string} */ id, per = 1) => {
      const value = a[id]?.numericValue;
      if (value === undefined) throw new Error(`Lighthouse reported no ${id}`);
      return Math.round(value / per);
    };
    const consoleErrors = a["errors-in-console"]?.details;
    return {
      lhr,
      figures: {
        preset,
        ...Object.fromEntries(categories.map((c) => [c, lhr.categories[c]?.score ?? null])),
        fcpMs: figure("first-contentful-paint"),
        lcpMs: figure("largest-contentful-paint"),
        tbtMs: figure("total-blocking-time"),
        transferredKiB: figure("total-byte-weight", 1024),
        consoleErrors: consoleErrors && "items" in consoleErrors ? consoleErrors.items.length : 0,
        failed: Object.values(a)
          .filter((x) => x.score !== null && x.score < 1 && x.scoreDisplayMode === "binary")
          .map((x) => x.id),
      },
    };
  } finally {
    chrome.kill();
  }
}

/**
 * What the page defers: milliseconds from the reader's first pointer move until redoc.js has arrived and
 * run and the main thread is idle again, at the machine's speed and with the CPU 4x slower (Lighthouse's phone).
 * @param {string} url
 */
export async function intentToReady(url, cpuSlowdown = 1) {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: CHROMIUM_FLAGS,
  });
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    await page.goto(url, { waitUntil: "load" });
    const started = performance.now();
    const arrived = page.waitForResponse((r) => r.url().endsWith("/redoc.js"), { timeout: 120_000 });
    await page.mouse.move(300, 300);
    await (await arrived).finished();
    // Two idle callbacks in a row: the module has run and React's scheduled rendering has drained.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
    return Math.round(performance.now() - started);
  } finally {
    await browser.close();
  }
}

async function main() {
  const { values } = parseOrExit(command, process.argv.slice(2), packageInfo);
  let dir = defaultOutDir;
  if (values.dir) dir = path.resolve(values.dir);
  else await buildDocs({ outDir: defaultOutDir });
  const server = await serveDocs({ dir, port: 0 });
  const url = `http://127.0.0.1:${server.address().port}/`;
  const reports = path.join(root, "test-results/lighthouse");
  await mkdir(reports, { recursive: true });
  try {
    const rows = [];
    for (const preset of /** @type {const} */ (["desktop", "mobile"])) {
      const { lhr, figures } = await audit(url, preset);
      await writeFile(path.join(reports, `${preset}.json`), JSON.stringify(lhr));
      rows.push(figures);
    }
    console.table(rows.map(({ failed, ...row }) => row));
    // The reference itself has nothing deferred; the Redoc view (redoc.html) still starts Redoc on intent.
    const redoc = `${url}redoc.html`;
    const [fast, slow] = [await intentToReady(redoc), await intentToReady(redoc, 4)];
    console.log(
      `Redoc view (redoc.html), first intent to Redoc's rendering: ${fast} ms at this machine's speed, ` +
        `${slow} ms with the CPU 4x slower`,
    );
    for (const { preset, failed } of rows)
      if (failed.length) console.log(`${preset}: audits not passed: ${failed.join(", ")}`);
  } finally {
    server.close();
  }
}

/** @satisfies {import("../src/cli/args.ts").Command} */
export const command = {
  name: "lighthouse",
  usage: "npm run lighthouse [-- --dir DIR]   (Lighthouse on the docs page, desktop and mobile)",
  options: { dir: { type: "string" } },
};

if (import.meta.main) {
  main().catch((err) => {
    console.error(`lighthouse: ${err.message}`);
    process.exit(1);
  });
}
