// Turns Redoc's one self-contained page into what readers load: a light page (Redoc's server-rendered shell,
// its CSS and a tiny loader) plus `redoc.js` (the renderer and the document, about 2.4 MB), which the page
// starts on the reader's first sign of intent (a pointer move, touch, key, scroll or a deep link) instead
// of during load. Measured with Lighthouse, running Redoc during load cost 4-14 s of blocked main thread.
// The self-contained file stays beside it as `standalone.html`, for opening from disk.
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { esc } from "./docs-static.mjs";

// Redoc's sidebar attribution loads its logo from a CDN, which the page's policy blocks (a console error on
// every load). The same attribution with a local image: the words "Redocly" as an inline SVG.
const logo = (/** @type {number} */ width) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="16" viewBox="0 0 ${width} 16">\
<text x="0" y="13" font-family="sans-serif" font-size="13" fill="#555">Redocly</text></svg>`,
  )}`;
/** @type {[string, string][]} */
const cdnLogos = [
  ["https://cdn.redoc.ly/redoc/logo-mini-full.svg", logo(56)],
  ["https://cdn.redoc.ly/redoc/logo-mini.svg", logo(56)],
];

/**
 * Redoc's page with the attribution logo served from the page itself; fails if Redoc no longer has that image.
 * @param {string} html
 */
export function localLogo(html) {
  let out = html;
  for (const [url, local] of cdnLogos) {
    if (!out.includes(url))
      throw new Error(`Redoc's page no longer contains ${url}: check scripts/docs-page.mjs against the new Redoc.`);
    out = out.split(url).join(local);
  }
  return out;
}

// The loader: starts redoc.js once, on intent or at once for a deep link (#/...). Kept small and
// dependency-free; it is inline in the page. (Prefetching redoc.js after load pushed mobile LCP from
// about 1 s to 3.7 s under Lighthouse's simulated 4G: the reader's first intent pays the download instead.)
// A backslash at a line's end continues the line: the page gets the three lines of the script as they were.
const loader = `<script>(function(){var d=document,w=window,\
on=["pointermove","pointerdown","touchstart","keydown","wheel","scroll","focusin","hashchange"],go=false;
function start(){if(go)return;go=true;on.forEach(function(e){w.removeEventListener(e,start,true)});\
var s=d.createElement("script");s.type="module";s.src="redoc.js";d.head.appendChild(s)}
if(location.hash.length>1)start();\
else on.forEach(function(e){w.addEventListener(e,start,{capture:true,passive:true})})})();</script>`;

const renderer = /<script type="module">([\s\S]*?)<\/script>\s*(?=<\/div>\s*<\/body>|<\/body>)/;

/**
 * Redoc's server-rendered links point at paths (`/rfi-cases`), which its router turns into hash routes
 * (`#/rfi-cases`) once it runs; before that, a click would leave the page for a path that does not exist.
 * The shell gets the hash routes Redoc itself renders, so a click before or during its start lands.
 * @param {string} html
 */
export function hashLinks(html) {
  const end = html.search(renderer);
  const shell = end < 0 ? html : html.slice(0, end);
  return shell.replace(/(<a\b[^>]*\shref=")\/(?!\/)/g, "$1#/") + (end < 0 ? "" : html.slice(end));
}

/**
 * Splits Redoc's self-contained page: `{ page, script }` where `page` loads `script` as `redoc.js` on intent.
 * @param {string} html the page `redocly build-docs --inlineBundle` wrote
 */
export function splitPage(html) {
  const found = renderer.exec(html);
  if (!found)
    throw new Error(
      "Redoc's page has no inline module script before </body>: check scripts/docs-page.mjs against the new Redoc.",
    );
  const script = String(found[1]);
  if (!script.includes("hydrate("))
    throw new Error(
      "Redoc's inline script does not hydrate the page: check scripts/docs-page.mjs against the new Redoc.",
    );
  return { page: html.slice(0, found.index) + loader + html.slice(found.index + found[0].length), script };
}

/**
 * The page's `<head>` with a meta description (search engines and link previews show it).
 * @param {string} html @param {string} description
 */
export function withDescription(html, description) {
  const text = esc(description);
  if (!html.includes("</title>")) throw new Error("The docs page has no <title> to put the description after.");
  return html.replace("</title>", `</title>\n  <meta name="description" content="${text}">`);
}

/**
 * A file's precompressed forms, written beside it (`name.gz`, `name.br`) for the docs server to send.
 * @param {Buffer} bytes
 */
export function compressed(bytes) {
  return {
    gz: gzipSync(bytes, { level: 9 }),
    // Brotli at its best quality takes seconds on the 2.4 MB renderer, for about 3% less than quality 9.
    br: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: bytes.length > 1_000_000 ? 9 : 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  };
}

/**
 * A strong validator of one representation of a file (its bytes and content coding).
 * @param {Buffer} bytes @param {string} [coding]
 */
export function etagOf(bytes, coding = "identity") {
  const digest = createHash("sha256").update(bytes).digest("base64url").slice(0, 22);
  return `"${digest}${coding === "identity" ? "" : `-${coding}`}"`;
}
