// The client @hey-api/openapi-ts generated, with the signing fetch plugged in as hey-api takes a custom fetch:
// client.setConfig({ baseUrl, fetch }). Compiled by the test under tsc --strict, then run against the production mock.
import type { SigningFetch } from "financial-operations-api/fetch";
import { client } from "../hey/client.gen.js";
import {
  createPortfolioQuote,
  createQuote,
  listRfiCases,
  submitRfiCaseAnswer,
  uploadBusinessDocument,
} from "../hey/index.js";
import {
  DISPOSITION,
  FILE_BYTES,
  MIME_TYPE,
  PORTFOLIO_QUOTE_BODY,
  QUOTE_BODY,
  RFI_STATUSES,
  type DriverResult,
} from "./calls.js";

export async function run(signingFetch: SigningFetch, baseUrl: string, customer: string): Promise<DriverResult> {
  client.setConfig({ baseUrl, fetch: signingFetch });
  const quote = await createQuote({ path: { customer_id: customer }, body: QUOTE_BODY });
  const upload = await uploadBusinessDocument({
    path: { main_account_id: customer, sub_account_id: "sub-1", document_type: "MEMORANDUM_OF_ASSOCIATION" },
    headers: { "Content-Type": MIME_TYPE, "Content-Disposition": DISPOSITION },
    body: new Blob([FILE_BYTES], { type: MIME_TYPE }),
  });
  const answer = await submitRfiCaseAnswer({
    path: { customer_id: customer, case_id: "case-1" },
    body: { note: "Signed by the director.", document: new File([FILE_BYTES], "memorandum.pdf", { type: MIME_TYPE }) },
  });
  const portfolio = await createPortfolioQuote({ path: { portfolio_id: customer }, body: PORTFOLIO_QUOTE_BODY });
  const list = await listRfiCases({ path: { customer_id: customer }, query: { rfi_status: [...RFI_STATUSES] } });
  return {
    // response is undefined only when fetch itself threw, which rejects the call first.
    statuses: {
      quote: quote.response?.status ?? 0,
      upload: upload.response?.status ?? 0,
      answer: answer.response?.status ?? 0,
      portfolio: portfolio.response?.status ?? 0,
      list: list.response?.status ?? 0,
    },
    total: list.data?.total ?? -1,
    quoteId: quote.data?.quote_id ?? "",
  };
}
