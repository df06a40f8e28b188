// A consumer's ES module, run as is by Node, Bun and Deno in a fresh project where the packed tarball is installed:
// imports the package by name, signs and sends a request, uploads raw bytes, and loads the document's subpaths.
// Prints one JSON line of what it saw; the consumer test checks it against what the local server received.
import { readFile } from "node:fs/promises";
import process from "node:process";
import { createClient, isApiError, uploadBusinessDocument } from "financial-operations-api";
import { signRequest } from "financial-operations-api/signing";
import doc from "financial-operations-api/openapi.json" with { type: "json" };
import pkg from "financial-operations-api/package.json" with { type: "json" };

// The consumer test sets them all; an unset key is an empty one, which the client refuses.
const { FO_CONSUMER_BASE_URL, FO_CONSUMER_RUN, FO_ACCESS_KEY = "", FO_SECRET_KEY = "" } = process.env;
const run = `${FO_CONSUMER_RUN}-esm`;
const client = createClient({
  baseUrl: `${FO_CONSUMER_BASE_URL}/api`,
  credentials: { accessKey: FO_ACCESS_KEY, secretKey: FO_SECRET_KEY },
  retry: false,
});

const rfi = await client.GET("/v1/customers/{customer_id}/rfi-cases", {
  params: { path: { customer_id: run }, query: { size: 1 } },
});
if (rfi.error) throw new Error(`rfi-cases answered ${rfi.response.status}: ${JSON.stringify(rfi.error)}`);

const bytes = new Uint8Array(await readFile("upload.bin"));
let upload;
try {
  upload = await uploadBusinessDocument(
    client,
    { mainAccountId: run, subAccountId: "sub-1", documentType: "MEMORANDUM_OF_ASSOCIATION" },
    { data: bytes, fileName: "memorandum.pdf", mimeType: "application/pdf" },
  );
} catch (err) {
  throw new Error(`upload failed: ${isApiError(err) ? `${err.status} ${err.message}` : err}`);
}

const yaml = await readFile(new URL(import.meta.resolve("financial-operations-api/openapi.yaml")), "utf8");
const vector = signRequest({
  accessKey: "AK",
  secretKey: FO_SECRET_KEY,
  method: "GET",
  path: "/v1/ping",
  time: new Date(0),
});

console.log(
  JSON.stringify({
    module: "esm",
    version: pkg.version,
    rfi: { status: rfi.response.status, total: rfi.data.total },
    upload: { sent: bytes.byteLength, ...upload },
    spec: { json: doc.openapi, yaml: /^openapi: 3\.1\.\d+$/m.test(yaml) },
    signRequest: vector.headers["X-SVC-Date"],
  }),
);
