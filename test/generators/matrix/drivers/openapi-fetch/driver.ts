// openapi-typescript's types with openapi-fetch. openapi-fetch JSON-encodes every body unless told: raw bytes
// need `bodySerializer` and the MIME type in the call's `headers` (its documented way for files).
import createClient from "openapi-fetch";
import type { paths } from "./client/schema.js";
import { baseUrl, file, report, scenario } from "./scenario.js";

const client = createClient<paths>({ baseUrl });
const { upload } = scenario;
const customer = { customer_id: scenario.customer_id };

void report({
  upload: async () => {
    const { response } = await client.PUT(
      "/v2/accounts/{main_account_id}/businesses/{sub_account_id}/documents/{document_type}",
      {
        params: {
          path: {
            main_account_id: upload.main_account_id,
            sub_account_id: upload.sub_account_id,
            document_type: upload.document_type,
          },
          header: { "Content-Disposition": upload.content_disposition },
        },
        headers: { "Content-Type": upload.mime_type },
        // openapi-typescript types a binary body as string; the Blob is what is sent.
        body: file as unknown as string,
        bodySerializer: (body: unknown) => body as Blob,
      },
    );
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
  },
  list: async () => {
    const { data, response } = await client.GET("/v1/customers/{customer_id}/rfi-cases", {
      params: { path: customer },
    });
    if (!data) throw new Error(`HTTP ${response.status}`);
    return data.total;
  },
  quote: async () => {
    const { error } = await client.POST("/v1/customers/{customer_id}/conversions/quote", {
      params: { path: customer },
      body: scenario.quote.request,
    });
    return error && "code" in error ? error.code : undefined;
  },
  execute: async () => {
    const { data, response } = await client.POST("/v1/customers/{customer_id}/conversions/hedge", {
      params: { path: customer },
      body: { quote_id: scenario.execute.quote_id },
    });
    if (!data) throw new Error(`HTTP ${response.status}`);
    return data.order_status;
  },
});
