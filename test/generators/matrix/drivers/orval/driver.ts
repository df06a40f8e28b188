// orval, its fetch client (mode single; the base URL is the echo server's, set in the generated config).
// The MIME type goes in the call's RequestInit headers.
import { createQuote, executeQuote, listRfiCases, uploadBusinessDocument } from "./client/api.js";
import { file, report, scenario } from "./scenario.js";

const { upload } = scenario;

function ok<T extends { status: number }>(res: T): T {
  if (res.status < 200 || res.status > 299) throw new Error(`HTTP ${res.status}`);
  return res;
}

void report({
  upload: async () =>
    ok(
      await uploadBusinessDocument(upload.main_account_id, upload.sub_account_id, upload.document_type, file, {
        headers: { "Content-Disposition": upload.content_disposition, "Content-Type": upload.mime_type },
      }),
    ),
  list: async () => {
    const res = await listRfiCases(scenario.customer_id);
    if (res.status === 401 || res.status === 429) throw new Error(`HTTP ${res.status}`);
    return res.data.total;
  },
  quote: async () => {
    const res = await createQuote(scenario.customer_id, scenario.quote.request);
    if (res.status !== 400) throw new Error(`HTTP ${res.status}`);
    return res.data.code;
  },
  execute: async () => {
    const res = await executeQuote(scenario.customer_id, { quote_id: scenario.execute.quote_id });
    if (res.status !== 201) throw new Error(`HTTP ${res.status}`);
    return res.data.order_status;
  },
});
