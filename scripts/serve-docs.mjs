// Serves the built docs (out/docs/, made by `npm run docs`) on 127.0.0.1 only.
// Usage: node scripts/serve-docs.mjs [--docs-port 4020] [--dir out/docs]; DOCS_PORT works too. Ctrl-C stops it.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { parseOrExit, parsePortValue, portInUseMessage, refuse } from "./args.mjs";
import { packageInfo, root } from "./tools.mjs";

export const defaultDocsPort = 4020;

const types = { ".html": "text/html; charset=utf-8", ".json": "application/json", ".png": "image/png", ".svg": "image/svg+xml" };

// The page needs nothing from anywhere: the same policy as the page's own meta tag, sent as a header too.
const policy = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; font-src data:; connect-src 'none'; worker-src blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** How the docs port is chosen, named in every message about it. */
export const docsPortHow = "--docs-port N or DOCS_PORT=N";

/** The docs port: --docs-port, else DOCS_PORT, else 4020. @throws UsageError (scripts/args.mjs) */
export function parseDocsPort(value, env = process.env) {
  return parsePortValue(value ?? env.DOCS_PORT ?? String(defaultDocsPort), docsPortHow);
}

const command = {
  name: "serve-docs",
  usage: "node scripts/serve-docs.mjs [--docs-port N] [--dir DIR]   (default 4020 or DOCS_PORT, out/docs)",
  options: { "docs-port": { type: "string" }, dir: { type: "string" } },
};

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
    res.writeHead(200, {
      "Content-Type": types[path.extname(file)] ?? "application/octet-stream",
      "Content-Length": info.size,
      "Content-Security-Policy": policy,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-cache",
    });
    if (req.method === "HEAD") res.end();
    else createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseOrExit(command, process.argv.slice(2), packageInfo);
  let port;
  try {
    port = parseDocsPort(values["docs-port"]);
  } catch (err) {
    refuse(command, err.message);
  }
  try {
    const dir = values.dir !== undefined ? path.resolve(values.dir) : undefined;
    const server = await serveDocs({ dir, port });
    console.log(`Docs of the Financial Operations API: http://127.0.0.1:${port}/ (Ctrl-C stops it)`);
    const stop = () => server.close(() => process.exit(0));
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  } catch (err) {
    console.error(err.code === "EADDRINUSE" ? portInUseMessage("serve-docs", port, docsPortHow) : `serve-docs: ${err.message}`);
    process.exit(1);
  }
}
