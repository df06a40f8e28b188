// Type-checked in the consumer project with the strictest settings a consumer may use (skipLibCheck off), once
// with moduleResolution node16 and once with bundler: the package's declarations, the ./types and ./fetch subpaths
// and the JSON document must compile, and a path that is not in the document must not.
import {
  createClient,
  isApiError,
  uploadBusinessDocument,
  type ApiClient,
  type ClientOptions,
} from "financial-operations-api";
import { signRequest } from "financial-operations-api/signing";
import type { components, paths } from "financial-operations-api/types";
import doc from "financial-operations-api/openapi.json" with { type: "json" };
import { createSigningFetch, isRefusedRequestError, type SigningFetch } from "financial-operations-api/fetch";
import createFetchClient from "openapi-fetch";

const options: ClientOptions = {
  baseUrl: "http://127.0.0.1:1/api",
  credentials: { accessKey: "AK", secretKey: "c2VjcmV0" },
  retry: { limit: 1 },
};
const client: ApiClient = createClient(options);

const { data, error } = await client.GET("/v1/customers/{customer_id}/rfi-cases", {
  params: { path: { customer_id: "c1" }, query: { size: 1 } },
});
if (data) {
  const total: number = data.total;
  console.log(total);
} else if (isApiError(error)) {
  console.log(error.status, error.code);
}

// @ts-expect-error "/v1/not-a-path" is not a path of the document
await client.GET("/v1/not-a-path", {});

type ListRfiCases = paths["/v1/customers/{customer_id}/rfi-cases"]["get"];
type Schemas = keyof components["schemas"];
const upload: Promise<unknown> = uploadBusinessDocument(
  client,
  { mainAccountId: "m", subAccountId: "s", documentType: "MEMORANDUM_OF_ASSOCIATION" },
  { data: new Uint8Array([1]), fileName: "a.pdf", mimeType: "application/pdf" },
);
const signed = signRequest({
  accessKey: "AK",
  secretKey: "c2VjcmV0",
  method: "GET",
  path: "/v1/ping",
  time: new Date(),
});
const version: string = doc.openapi;
console.log(signed.headers.Authorization, version, upload);

// The signing fetch where a generated client takes a fetch: openapi-fetch's option and the standard fetch type.
const signingFetch: SigningFetch = createSigningFetch({
  baseUrl: "http://127.0.0.1:1/api",
  credentials: { accessKey: "AK", secretKey: "c2VjcmV0" },
  redirect: "manual",
});
const asFetch: typeof fetch = signingFetch;
const fetchClient = createFetchClient<paths>({ baseUrl: "http://127.0.0.1:1/api", fetch: signingFetch });
const listed = await fetchClient
  .GET("/v1/customers/{customer_id}/rfi-cases", { params: { path: { customer_id: "c1" } } })
  .catch((e: unknown) => (isRefusedRequestError(e) ? e.reason : undefined));
console.log(asFetch, listed);

export type { ListRfiCases, Schemas };
