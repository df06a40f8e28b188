// A consumer's ES module using the signing fetch from the "./fetch" subpath with openapi-fetch (the package's own
// dependency, here as a consumer's): a signed read and a raw-bytes upload to the local verifying server, a request
// to another origin refused before sending, and the CommonJS build of the subpath. Prints one JSON line.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import process from "node:process";
import createClient from "openapi-fetch";
import { createSigningFetch as fromMain } from "financial-operations-api";
import { createSigningFetch, isRefusedRequestError } from "financial-operations-api/fetch";

// The consumer test sets them all; an unset key is an empty one, which the client refuses.
const { FO_CONSUMER_BASE_URL, FO_CONSUMER_RUN, FO_ACCESS_KEY = "", FO_SECRET_KEY = "" } = process.env;
const run = `${FO_CONSUMER_RUN}-fetch`;
const baseUrl = `${FO_CONSUMER_BASE_URL}/api`;
const signingFetch = createSigningFetch({
  baseUrl,
  credentials: { accessKey: FO_ACCESS_KEY, secretKey: FO_SECRET_KEY },
});

/** @type {import("openapi-fetch").Client<import("financial-operations-api/types").paths>} */
const client = createClient({ baseUrl, fetch: signingFetch });
const rfi = await client.GET("/v1/customers/{customer_id}/rfi-cases", {
  params: { path: { customer_id: run }, query: { size: 1 } },
});
if (rfi.error) throw new Error(`rfi-cases answered ${rfi.response.status}: ${JSON.stringify(rfi.error)}`);

const bytes = new Uint8Array(await readFile("upload.bin"));
const upload = await signingFetch(
  `${baseUrl}/v2/accounts/${run}/businesses/sub-1/documents/MEMORANDUM_OF_ASSOCIATION`,
  {
    method: "PUT",
    headers: { "Content-Type": "application/pdf", "Content-Disposition": 'attachment; filename="memorandum.pdf"' },
    body: bytes,
  },
);

const refused = await signingFetch("http://127.0.0.2:9/api/v1/customers/x/rfi-cases").catch((error) => error);
const required = createRequire(import.meta.url)("financial-operations-api/fetch");

console.log(
  JSON.stringify({
    module: "fetch",
    sameFunction: fromMain === createSigningFetch,
    rfi: { status: rfi.response.status, total: rfi.data.total },
    upload: { status: upload.status, ...(await upload.json()) },
    refused: isRefusedRequestError(refused) ? refused.reason : String(refused),
    require: typeof required.createSigningFetch,
  }),
);
