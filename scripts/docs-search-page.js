// The search field of the static docs page (bundled into search.js by scripts/docs-search.mjs). The page
// starts this file when the reader first reaches for the field; it fetches the prebuilt index once and
// answers every keystroke from memory, listing up to 12 hits as links to their sections.
import MiniSearch from "minisearch";

const field = /** @type {HTMLInputElement | null} */ (document.getElementById("search"));
const list = document.getElementById("search-results");
if (!field || !list) throw new Error("search.js: the page has no #search field or #search-results list");
/** @type {MiniSearch | undefined} */
let index;
const ready = fetch("search-index.json")
  .then((r) => r.json())
  // In slices (MiniSearch yields every 1,000 terms), so keys typed meanwhile are not held up.
  .then(({ options, index: json }) => MiniSearch.loadJSAsync(json, options))
  .then((loaded) => {
    index = loaded;
  });

/** @type {Readonly<Record<string, string>>} */
const ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const esc = (/** @type {unknown} */ s) => String(s).replace(/[&<>"]/g, (c) => ENTITIES[c] ?? c);

const show = () => {
  const query = field.value.trim();
  if (!index || query.length === 0) {
    list.innerHTML = "";
    return;
  }
  const hits = index.search(query, {
    prefix: true,
    fuzzy: (/** @type {string} */ term) => (term.length > 4 ? 0.2 : 0),
    boost: { title: 3, path: 2, names: 1.5 },
    combineWith: "AND",
  });
  list.innerHTML = hits.length
    ? hits
        .slice(0, 12)
        .map(
          (/** @type {import("minisearch").SearchResult} */ h) =>
            `<li><a href="#${esc(h.id)}"><span class="kind">${esc(h.kind)}</span> ${esc(h.title)}${
              h.path ? ` <code>${esc(h.path)}</code>` : ""
            }</a></li>`,
        )
        .join("")
    : '<li class="none">No match</li>';
};

field.addEventListener("input", show);
ready.then(show);
