// The Postman collection the project ships, made from the bundled document by `npm run build`: Postman's own
// converter (openapi-to-postmanv2) with the document's examples as values, then made runnable as it comes:
// one pre-request script (postman/prerequest.js) that authenticates every request in either environment,
// multipart bodies as raw text (the only form a script can sign), uploads sent from a file, and two
// environment files. Nothing here is edited by hand; `npm run build -- --check` finds drift.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { seededRandom } from "./seeded-random.mjs";
import { root } from "./tools.mjs";

export const postmanDir = path.join(root, "generated/postman");
export const collectionFile = path.join(postmanDir, "financial-operations-api.postman_collection.json");
export const environmentFile = (/** @type {string} */ name) =>
  path.join(postmanDir, `${name}.postman_environment.json`);

/** The file an upload request sends, relative to the working directory newman or Postman runs in. */
export const uploadFile = "memorandum.pdf";
const boundary = "financial-operations-api-boundary";
const mockUrl = "http://127.0.0.1:4010";

// The converter fakes a value where the document gives no example, with json-schema-faker's `random` option
// (captured from Math.random when the faker loads) and with Math.random itself in a few places. Each conversion
// sets both to one seeded generator and restores them after, so the same document always gives the same
// collection, however many copies of this module a process loads and whoever loaded the converter first: the
// faker is one CommonJS module per process, reached here through the same require cache the converter uses.
// The faker's times are "now" minus a random span, so the clock reads one fixed instant while it runs, too.
const FIXED_NOW = Date.UTC(2026, 10, 25);

/** Date, but `new Date()` and `Date.now()` read FIXED_NOW: the converter's fake times do not depend on the day. */
const FixedDate = new Proxy(Date, {
  construct: (real, args, newTarget) => Reflect.construct(real, args.length ? args : [FIXED_NOW], newTarget),
  get: (real, key, receiver) => (key === "now" ? () => FIXED_NOW : Reflect.get(real, key, receiver)),
});
const require = createRequire(import.meta.url);
const faker = () => require("openapi-to-postmanv2/assets/json-schema-faker.js");

/** Conversions run one at a time: each one swaps process-wide randomness while it runs. */
/** @type {Promise<unknown>} */
let queue = Promise.resolve();

/**
 * Postman's converter, as a promise: `convertV2` (what Postman's import uses today) or the older `convert`;
 * the options are the ones a user picks in the import dialog.
 * @param {object} doc @param {import("openapi-to-postmanv2").Options} [options]
 * @param {"convertV2" | "convert"} [api]
 * @returns {Promise<any>} the collection (Postman's collection format, edited below as JSON)
 */
export function convert(doc, options = {}, api = "convertV2") {
  const run = queue.then(() => convertNow(doc, options, api));
  queue = run.catch(() => {});
  return run;
}

/**
 * @param {object} doc @param {import("openapi-to-postmanv2").Options} options @param {"convertV2" | "convert"} api
 */
async function convertNow(doc, options, api) {
  const Converter = require("openapi-to-postmanv2");
  const jsf = faker();
  const random = Math.random;
  const RealDate = globalThis.Date;
  const fakerRandom = jsf.option("random");
  const seeded = seededRandom(20261125);
  const input = structuredClone(doc);
  /** @type {{ err: { message: string } | null, result?: import("openapi-to-postmanv2").CollectionResult } | undefined} */
  let outcome;
  // The converter calls back before it returns (openapi-to-postmanv2 6.3: it is synchronous), so the swapped Math.random,
  // Date and faker option are restored before any other code of the process runs, promise reactions included.
  Math.random = seeded;
  globalThis.Date = FixedDate;
  jsf.option({ random: seeded });
  try {
    Converter[api]({ type: "json", data: input }, options, (err, result) => {
      outcome = { err, result };
    });
  } finally {
    Math.random = random;
    globalThis.Date = RealDate;
    jsf.option({ random: fakerRandom });
  }
  if (!outcome) throw new Error(`openapi-to-postmanv2: ${api} did not call back before returning`);
  const { err, result } = outcome;
  if (err) throw err;
  const data = result?.output?.[0]?.data;
  if (!result?.result || !data) throw new Error(`openapi-to-postmanv2: ${result?.reason ?? "no collection"}`);
  return data;
}

/** A stable id from a name (the converter's are random; the generated files must not change between builds). */
const stableId = (/** @type {string[]} */ ...parts) => {
  const h = createHash("sha256").update(parts.join("\0")).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/**
 * Every request item with the folder names above it; folders get stable ids on the way.
 * @param {any[]} items the collection's items (Postman's format, as JSON) @param {string[]} [trail]
 * @returns {Generator<{ item: any, trail: string[] }>}
 */
function* requests(items, trail = []) {
  for (const item of items) {
    if (!item.item) yield { item, trail };
    else {
      item.id = stableId(...trail, item.name, "folder");
      yield* requests(item.item, [...trail, item.name]);
    }
  }
}

/**
 * @typedef {{ key: string, value: string, type?: string, disabled?: boolean }} FormField
 */

/**
 * A multipart body as the raw bytes it would be sent as (text fields only), so the script can sign it.
 * @param {any} request a collection item's request (Postman's format, as JSON)
 */
function rawMultipart(request) {
  /** @type {FormField[]} */
  const fields = request.body.formdata.filter((/** @type {FormField} */ f) => !f.disabled);
  const file = fields.find((f) => f.type === "file");
  if (file)
    throw new Error(
      `${request.method} ${request.url.raw}: a multipart file field (${file.key}) cannot be signed in a script.`,
    );
  const parts = fields.map(
    (f) => `--${boundary}\r\nContent-Disposition: form-data; name="${f.key}"\r\n\r\n${f.value}\r\n`,
  );
  const raw = `${parts.join("")}--${boundary}--\r\n`;
  request.header = request.header.filter((/** @type {{ key: string }} */ h) => h.key.toLowerCase() !== "content-type");
  request.header.unshift({ key: "Content-Type", value: `multipart/form-data; boundary=${boundary}` });
  request.body = { mode: "raw", raw };
}

/**
 * The JSON body of each operation whose document gives no example of it, as the operation's own cURL code sample
 * sends it, with the sample's comment (which names the placeholders, such as the quote's amount field). The converter
 * would fake such a body from the schema: for the quote, junk asset members and no amount, which the API refuses.
 * Keyed by the operation's summary, the name the converter gives its request.
 * @param {any} doc the bundled document, as parsed
 */
export function sampleBodies(doc) {
  /** @type {Map<string, { raw: string, note: string }>} */
  const bodies = new Map();
  for (const item of Object.values(doc.paths))
    for (const op of Object.values(/** @type {Record<string, any>} */ (item))) {
      const json = op?.requestBody?.content?.["application/json"];
      if (!json || json.example !== undefined || json.examples !== undefined) continue;
      /** @type {string | undefined} */
      const sample = op["x-codeSamples"]?.find((/** @type {{ label: string }} */ s) => s.label === "cURL")?.source;
      const data = sample && /-d '([\s\S]*?)'\s*$/.exec(sample);
      if (!data) continue;
      const note = [...sample.matchAll(/^# (.*)$/gm)].map((m) => m[1]).join(" ");
      bodies.set(op.summary, { raw: JSON.stringify(JSON.parse(String(data[1])), null, 2), note });
    }
  return bodies;
}

/**
 * The shipped collection and its environments, from the bundled document.
 * @param {any} doc the bundled document, as parsed
 */
export async function postmanFiles(doc) {
  const collection = await convert(doc, {
    parametersResolution: "Example",
    folderStrategy: "Tags",
    includeAuthInfoInExample: false,
  });
  const script = await readFile(path.join(root, "postman/prerequest.js"), "utf8");
  collection.info._postman_id = stableId(doc.info.title, doc.info.version);
  collection.info.description = {
    type: "text/markdown",
    content: [
      `${doc.info.title} ${doc.info.version}, generated from the OpenAPI document by \`npm run build\`. ` +
        "Do not edit by hand: change openapi/ or postman/prerequest.js and rebuild.",
      "Pick the sandbox or production environment and fill in its values; the collection's pre-request script",
      "signs production requests (HMAC-SHA256 over the exact body) and sends bearer tokens otherwise.",
      `Uploads send ${uploadFile} from the working directory; in production set fileSha256 to its SHA-256.`,
    ].join("\n"),
  };
  delete collection.auth;
  collection.event = [
    { listen: "prerequest", script: { type: "text/javascript", exec: script.trimEnd().split("\n") } },
  ];
  collection.variable = [{ key: "baseUrl", value: mockUrl, type: "string" }];
  const bodies = sampleBodies(doc);
  for (const { item, trail } of requests(collection.item)) {
    const { request } = item;
    item.id = stableId(...trail, item.name);
    delete request.auth;
    for (const response of item.response ?? []) response.id = stableId(...trail, item.name, response.name);
    const sample = bodies.get(item.name);
    if (sample && request.body?.mode === "raw") {
      request.body.raw = sample.raw;
      if (sample.note) {
        const before = request.description?.content ?? "";
        request.description = { content: before ? `${before}\n\n${sample.note}` : sample.note, type: "text/plain" };
      }
    }
    if (request.body?.mode === "formdata") rawMultipart(request);
    if (request.body?.mode === "raw" && request.body.raw === "<binary>") {
      request.body = { mode: "file", file: { src: uploadFile } };
    }
  }
  /** @param {string} name @param {Record<string, [string, "default" | "secret"]>} values */
  const environment = (name, values) => ({
    _generated:
      "Generated by `npm run build` (scripts/postman.mjs). " +
      "Do not edit by hand: change openapi/ or scripts/postman.mjs and rebuild.",
    id: stableId(doc.info.title, name),
    name: `${doc.info.title}: ${name}`,
    values: Object.entries(values).map(([key, [value, type]]) => ({ key, value, type, enabled: true })),
    _postman_variable_scope: "environment",
  });
  return {
    [collectionFile]: collection,
    [environmentFile("sandbox")]: environment("sandbox", {
      baseUrl: [mockUrl, "default"],
      authMode: ["sandbox", "default"],
      sandboxToken: ["", "secret"],
      portfolioToken: ["", "secret"],
    }),
    [environmentFile("production")]: environment("production", {
      baseUrl: [mockUrl, "default"],
      authMode: ["production", "default"],
      accessKey: ["", "default"],
      secretKey: ["", "secret"],
      portfolioToken: ["", "secret"],
      fileSha256: ["", "default"],
    }),
  };
}
