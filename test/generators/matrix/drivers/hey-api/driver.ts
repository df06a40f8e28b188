// @hey-api/openapi-ts, default plugins (its fetch client). The MIME type goes in the call's `headers`.
import { client } from "./client/client.gen.js";
import { createQuote, executeQuote, listRfiCases, uploadBusinessDocument } from "./client/index.js";
import { baseUrl, file, report, scenario } from "./scenario.js";

client.setConfig({ baseUrl });
const { upload } = scenario;
const customer = { customer_id: scenario.customer_id };

void report({
  upload: () =>
    uploadBusinessDocument({
      path: {
        main_account_id: upload.main_account_id,
        sub_account_id: upload.sub_account_id,
        document_type: upload.document_type,
      },
      headers: { "Content-Disposition": upload.content_disposition, "Content-Type": upload.mime_type },
      body: file,
      throwOnError: true,
    }),
  list: async () => (await listRfiCases({ path: customer, throwOnError: true })).data.total,
  quote: async () => {
    const { error } = await createQuote({ path: customer, body: scenario.quote.request });
    return error && "code" in error ? error.code : undefined;
  },
  execute: async () =>
    (await executeQuote({ path: customer, body: { quote_id: scenario.execute.quote_id }, throwOnError: true })).data
      .order_status,
});
