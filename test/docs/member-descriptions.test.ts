// The static reference keeps each member's own words: a member's description (and its gap, x-not-shown) written beside
// a $ref is what the page shows for that member, not the referenced schema's (as OpenAPI 3.1 and Redoc read a $ref with
// siblings). Checked for every member of every schema of the bundle, in the page renderReference makes.
import { expect, test } from "vitest";
import { renderReference, resolveIn } from "../../scripts/docs-static.mjs";
import { type Json, loadBundle } from "../helpers/document.ts";

const doc = loadBundle();
const { main } = renderReference(doc);

/** Text as the page shows it: tags out, entities read, whitespace collapsed. */
const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
/** Letters and digits alone, for comparing Markdown with what the page shows of it (marks, spacing and entities out). */
const words = (text: string) =>
  plain(text.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1"))
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

/** The HTML of a member of a schema's section, from its name to the next member's. */
function memberHtml(schema: string, member: string): string {
  const start = main.indexOf(`id="/schemas/${schema}"`);
  const section = main.slice(start, main.indexOf("</section>", start));
  const at = section.indexOf(`<code class="name">${member}</code>`);
  if (at < 0) return "";
  const next = section.indexOf('<code class="name">', at + 1);
  return section.slice(at, next < 0 ? undefined : next);
}

/** Every top-level member of every schema that carries words of its own: [schema, member, node]. */
const cases = Object.entries<Json>(doc.components.schemas).flatMap(([schema, s]) =>
  Object.entries<Json>(s.properties ?? {})
    .filter(([, p]) => typeof p.description === "string" || typeof p["x-not-shown"] === "string")
    .map(([member, p]) => [schema, member, p] as const),
);

test("the bundle has members with words of their own beside a $ref (the case that went wrong)", () => {
  const beside = cases.filter(([, , p]) => p.$ref && p.description);
  expect(beside.map(([s, m]) => `${s}.${m}`)).toEqual(
    expect.arrayContaining(["FlatError.code", "AuthError.code", "PortfolioRateLimitError.code"]),
  );
});

test.each(cases)("%s.%s shows its own words", (schema, member, p) => {
  const html = words(memberHtml(schema, member));
  if (p.description) expect(html).toContain(words(p.description).slice(0, 80));
  if (p["x-not-shown"]) expect(html).toContain(words(`Not shown: ${p["x-not-shown"]}`).slice(0, 80));
  // Where the referenced schema says something else, that is not what the member shows.
  const target = p.$ref ? resolveIn(doc, { $ref: p.$ref }).description : undefined;
  if (p.description && target && words(target) !== words(p.description))
    expect(html).not.toContain(words(target).slice(0, 80));
});
