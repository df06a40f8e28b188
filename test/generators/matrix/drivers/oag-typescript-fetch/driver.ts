// OpenAPI Generator typescript-fetch. Its upload call sets the Content-Type the document names; the caller's
// MIME type goes in through the per-call init override (a function, so the other headers stay).
import {
  Configuration,
  FlatErrorFromJSON,
  ConversionsApi,
  OnboardingApi,
  QuoteRequestFromJSON,
  ResponseError,
  RFICasesApi,
} from "./client/index.js";
import { baseUrl, file, report, scenario } from "./scenario.js";

const config = new Configuration({ basePath: baseUrl });
const { upload } = scenario;
const customerId = scenario.customer_id;

void report({
  upload: () =>
    new OnboardingApi(config).uploadBusinessDocument(
      {
        mainAccountId: upload.main_account_id,
        subAccountId: upload.sub_account_id,
        documentType: upload.document_type,
        contentDisposition: upload.content_disposition,
        body: file,
      },
      async ({ init }) => ({ headers: { ...init.headers, "Content-Type": upload.mime_type } }),
    ),
  list: async () => (await new RFICasesApi(config).listRfiCases({ customerId })).total,
  quote: async () => {
    try {
      await new ConversionsApi(config).createQuote({
        customerId,
        quoteRequest: QuoteRequestFromJSON(scenario.quote.request),
      });
      throw new Error("no error");
    } catch (err) {
      if (!(err instanceof ResponseError)) throw err;
      return FlatErrorFromJSON(await err.response.json()).code;
    }
  },
  execute: async () =>
    (
      await new ConversionsApi(config).executeQuote({
        customerId,
        executeQuoteRequest: { quoteId: scenario.execute.quote_id },
      })
    ).orderStatus,
});
