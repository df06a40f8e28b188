// Serves the built docs (out/docs/, made by `npm run docs`) on 127.0.0.1 only: the precompressed form a
// browser accepts (brotli, gzip; the build writes them), with an ETag and Last-Modified so a reload
// revalidates with a 304 instead of fetching 2.4 MB again.
// Usage: node scripts/serve-docs.mjs [--docs-port 4020] [--dir out/docs]; DOCS_PORT works too. Ctrl-C stops it.
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { parseOrExit, parsePortValue, portInUseMessage, refuse } from "./args.mjs";
import { etagOf } from "./docs-page.mjs";
import { packageInfo, root } from "./tools.mjs";

export const defaultDocsPort = 4020;

/** @type {Readonly<Record<string, string>>} */
const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
};

// The page needs nothing from anywhere: the same policy as the page's own meta tag, sent as a header too.
const policy = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'unsafe-inline'",
  "img-src data: blob:",
  "font-src data:",
  "connect-src 'self'",
  "worker-src blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** The codings a request accepts, best first, among those the build writes (`br`, `gzip`). */
export function acceptedCodings(header = "") {
  const q = new Map();
  for (const part of header.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) q.set(name.trim(), weight === undefined ? 1 : Number(weight));
  }
  const of = (/** @type {string} */ name) => q.get(name) ?? q.get("*") ?? 0;
  return ["br", "gzip"].filter((c) => of(c) > 0).sort((a, b) => of(b) - of(a));
}

/**
 * Whether the request's validators match the representation (If-None-Match wins over If-Modified-Since).
 * @param {import("node:http").IncomingMessage} req @param {string} etag @param {number} modified
 */
function notModified(req, etag, modified) {
  const tags = req.headers["if-none-match"];
  if (tags !== undefined)
    return tags.trim() === "*" || tags.split(",").some((t) => t.trim().replace(/^W\//, "") === etag);
  const since = Date.parse(req.headers["if-modified-since"] ?? "");
  return Number.isFinite(since) && Math.floor(modified / 1000) * 1000 <= since;
}

/** @type {Map<string, string>} */
const etags = new Map();
/**
 * The ETag of one file's representation, computed once per file version.
 * @param {string} file @param {import("node:fs").Stats} info @param {string} coding
 */
async function etagFor(file, info, coding) {
  const key = `${file}\0${info.mtimeMs}\0${info.size}`;
  const etag = etags.get(key) ?? etagOf(await readFile(file), coding);
  etags.set(key, etag);
  return etag;
}

/** How the docs port is chosen, named in every message about it. */
export const docsPortHow = "--docs-port N or DOCS_PORT=N";

/**
 * The docs port: --docs-port, else DOCS_PORT, else 4020. @throws UsageError (scripts/args.mjs)
 * @param {string | undefined} value
 */
export function parseDocsPort(value, env = process.env) {
  return parsePortValue(value ?? env.DOCS_PORT ?? String(defaultDocsPort), docsPortHow);
}

/** @satisfies {import("../src/cli/args.ts").Command} */
export const command = {
  name: "serve-docs",
  usage: "node scripts/serve-docs.mjs [--docs-port N] [--dir DIR]   (default 4020 or DOCS_PORT, out/docs)",
  options: { "docs-port": { type: "string" }, dir: { type: "string" } },
};

/**
 * The best coding the request accepts that the build wrote beside `file` (`file.br`, `file.gz`), or none.
 * @param {string} file @param {string | undefined} accept
 */
async function pickCoding(file, accept) {
  for (const coding of acceptedCodings(accept)) {
    const info = await stat(`${file}.${coding === "gzip" ? "gz" : "br"}`).catch(() => null);
    if (info?.isFile()) return coding;
  }
  return undefined;
}

/** Starts the static server; resolves with it once it listens. Only GET and HEAD, only files inside `dir`. */
export function serveDocs({ dir = path.join(root, "out/docs"), port = defaultDocsPort, host = "127.0.0.1" } = {}) {
  const base = path.resolve(dir);
  const server = http.createServer(async (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD" }).end();
      return;
    }
    let file;
    try {
      const pathname = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
      file = path.resolve(base, `.${pathname.endsWith("/") ? `${pathname}index.html` : pathname}`);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const info = file.startsWith(base + path.sep) ? await stat(file).catch(() => null) : null;
    if (!info?.isFile()) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found. The docs page is at /\n");
      return;
    }
    const coding = await pickCoding(file, req.headers["accept-encoding"]);
    const sent = coding ? `${file}.${coding === "gzip" ? "gz" : "br"}` : file;
    const sentInfo = coding ? await stat(sent) : info;
    const etag = await etagFor(sent, sentInfo, coding ?? "identity");
    const headers = {
      "Content-Type": types[path.extname(file)] ?? "application/octet-stream",
      "Content-Security-Policy": policy,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-cache",
      Vary: "Accept-Encoding",
      ETag: etag,
      "Last-Modified": new Date(info.mtimeMs).toUTCString(),
    };
    if (notModified(req, etag, info.mtimeMs)) {
      res.writeHead(304, headers).end();
      return;
    }
    res.writeHead(200, {
      ...headers,
      "Content-Length": sentInfo.size,
      ...(coding ? { "Content-Encoding": coding } : {}),
    });
    if (req.method === "HEAD") res.end();
    else createReadStream(sent).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}

if (import.meta.main) {
  const { values } = parseOrExit(command, process.argv.slice(2), packageInfo);
  let port;
  try {
    port = parseDocsPort(values["docs-port"]);
  } catch (err) {
    refuse(command, /** @type {Error} */ (err).message);
  }
  try {
    const dir = values.dir !== undefined ? path.resolve(values.dir) : undefined;
    const server = await serveDocs({ dir, port });
    console.log(`Docs of the Financial Operations API: http://127.0.0.1:${port}/ (Ctrl-C stops it)`);
    const stop = () => server.close(() => process.exit(0));
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  } catch (err) {
    const { code, message } = /** @type {NodeJS.ErrnoException} */ (err);
    console.error(code === "EADDRINUSE" ? portInUseMessage("serve-docs", port, docsPortHow) : `serve-docs: ${message}`);
    process.exit(1);
  }
}
