// The signing proxy against a real browser (Debian's Chromium, headless): a page served from another origin of
// 127.0.0.1 calls the proxy as any web page could (no-cors POSTs with a text body, GETs, a CORS request). Started as its
// user starts it (`fo-sign proxy`, in-process), the proxy signs none of them and nothing reaches the upstream; started
// with `--allow-origin` that page's origin, the same page's requests that name it (every one but a no-cors GET, which
// carries no Origin) are signed, forwarded, and readable by the page.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { runProxy } from "../../src/cli/proxy.ts";
import type { Terminal } from "../../src/cli/terminal.ts";
import { launchChromium } from "../helpers/chromium.ts";
import { startWireServer, type WireServer } from "../helpers/wireServer.ts";
import { keyStore, keys } from "./support.ts";

let browser: Browser;
let upstream: WireServer;
let page: http.Server;
let pageOrigin: string;

/** The calls a page makes to the proxy at `proxy`, as a script of that page; what each got back, as the page saw it. */
const script = (proxy: string) => `
  const results = [];
  const at = (path) => ${JSON.stringify(proxy)} + path;
  const call = async (name, path, init) => {
    try {
      const res = await fetch(at(path), init);
      results.push([name, res.type, res.status, res.type === "opaque" ? null : await res.text()]);
    } catch (err) {
      results.push([name, "error", 0, String(err)]);
    }
  };
  await call("no-cors POST", "/v1/customers/c1/conversions/quote",
    { method: "POST", mode: "no-cors", headers: { "Content-Type": "text/plain" }, body: '{"pay_amount":"1"}' });
  await call("no-cors GET", "/v1/customers/c1/rfi-cases", { mode: "no-cors" });
  await call("cors POST", "/v1/customers/c1/external-accounts",
    { method: "POST", headers: { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() }, body: "{}" });
  return results;
`;

beforeAll(async () => {
  upstream = await startWireServer({ keys: keyStore() });
  // The page's own origin: another port of 127.0.0.1, as a local web tool or a page the user opened would have.
  page = http.createServer((_req, res) =>
    res.writeHead(200, { "Content-Type": "text/html" }).end("<title>page</title>"),
  );
  await new Promise<void>((resolve) => page.listen(0, "127.0.0.1", resolve));
  pageOrigin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  page?.close();
  await upstream?.stop();
});
beforeEach(() => {
  upstream.arrived.length = 0;
});

/** `fo-sign proxy` with `args`, in-process on a terminal of the test's; its URL and the stop it waits for. */
async function foSignProxy(args: string[]) {
  let out = "";
  const signals = new Map<string, () => void>();
  const terminal: Terminal = {
    env: { FO_ACCESS_KEY: keys.accessKey, FO_SECRET_KEY: keys.secretKey },
    stdout: { write: (text: string) => (out += text), on: () => {} },
    stderr: { write: (text: string) => (out += text) },
    exit: () => {},
    once: (signal, listener) => signals.set(signal, listener),
  };
  await runProxy(["--upstream", upstream.url, "--port", "0", ...args], terminal);
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
  expect(url, out).toBeDefined();
  return { url: url!, output: () => out, stop: () => signals.get("SIGTERM")!() };
}

async function pageCalls(proxy: string) {
  const tab = await browser.newPage();
  try {
    await tab.goto(`${pageOrigin}/`);
    return (await tab.evaluate(`(async () => { ${script(proxy)} })()`)) as [string, string, number, string | null][];
  } finally {
    await tab.close();
  }
}

test("a page of another origin gets nothing signed: 0 requests reach the upstream", async () => {
  const proxy = await foSignProxy([]);
  try {
    const results = await pageCalls(proxy.url);
    expect(results.map(([name]) => name)).toEqual(["no-cors POST", "no-cors GET", "cors POST"]);
    // The no-cors answers are opaque to the page; the CORS one fails in the page (no CORS headers on the 403).
    expect(results.map(([, type]) => type)).toEqual(["opaque", "opaque", "error"]);
    expect(upstream.arrived).toEqual([]);
    expect(proxy.output()).toContain(`refused 403 POST /v1/customers/c1/conversions/quote`);
    expect(proxy.output()).toContain(`origin "${pageOrigin}"`);
  } finally {
    proxy.stop();
  }
}, 60_000);

test("the same page with --allow-origin its origin: signed, forwarded, and readable by the page", async () => {
  const proxy = await foSignProxy(["--allow-origin", pageOrigin]);
  try {
    expect(proxy.output()).toContain(`web pages refused but those of ${pageOrigin}`);
    const results = await pageCalls(proxy.url);
    // The CORS POST was preflighted (Idempotency-Key is not a simple header) and then sent: the page reads its answer.
    expect(results.at(-1)).toEqual(["cors POST", "cors", 200, "{}"]);
    // A no-cors GET carries no Origin, only Sec-Fetch-Site: nothing says which page sent it, so it stays refused.
    expect(upstream.arrived.map((a) => [a.method, a.path, a.verified])).toEqual([
      ["POST", "/v1/customers/c1/conversions/quote", { ok: true }],
      ["POST", "/v1/customers/c1/external-accounts", { ok: true }],
    ]);
    expect(proxy.output()).toMatch(
      /refused 403 GET \/v1\/customers\/c1\/rfi-cases: .*Sec-Fetch-Site "same-site", no Origin/,
    );
  } finally {
    proxy.stop();
  }
}, 60_000);
