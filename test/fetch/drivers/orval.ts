// The fetch client orval generated, sending through the mutator in orval-fetch.ts (the signing fetch). Generated
// without a baseUrl, so it passes paths ("/v1/...") that the signing fetch puts under its own base URL.
import {
  createPortfolioQuote,
  createQuote,
  getSubmitRfiCaseAnswerUrl,
  listRfiCases,
  uploadBusinessDocument,
} from "../orval/api.js";
import { signedFetch } from "./orval-fetch.js";
import {
  DISPOSITION,
  FILE_BYTES,
  MIME_TYPE,
  PORTFOLIO_QUOTE_BODY,
  QUOTE_BODY,
  RFI_STATUSES,
  type DriverResult,
} from "./calls.js";

export async function run(customer: string): Promise<DriverResult> {
  const quote = await createQuote(customer, QUOTE_BODY);
  const upload = await uploadBusinessDocument(
    customer,
    "sub-1",
    "MEMORANDUM_OF_ASSOCIATION",
    new Blob([FILE_BYTES], { type: MIME_TYPE }),
    {
      headers: { "Content-Type": MIME_TYPE, "Content-Disposition": DISPOSITION },
    },
  );
  // orval's generated call JSON-encodes every body (the document offers JSON, a TEXT answer, first): a FILE
  // answer goes to the generated URL through the same signing mutator, with a FormData body.
  const form = new FormData();
  form.append("note", "Signed by the director.");
  form.append("document", new File([FILE_BYTES], "memorandum.pdf", { type: MIME_TYPE }));
  const answer = await signedFetch<{ status: number }>(getSubmitRfiCaseAnswerUrl(customer, "case-1"), {
    method: "POST",
    body: form,
  });
  const portfolio = await createPortfolioQuote(customer, PORTFOLIO_QUOTE_BODY);
  const list = await listRfiCases(customer, { rfi_status: [...RFI_STATUSES] });
  return {
    statuses: {
      quote: quote.status,
      upload: upload.status,
      answer: answer.status,
      portfolio: portfolio.status,
      list: list.status,
    },
    total: list.status === 200 ? list.data.total : -1,
    quoteId: quote.status === 201 ? quote.data.quote_id : "",
  };
}
