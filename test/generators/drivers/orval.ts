// Calls the echo server through the fetch client orval generated, as a consumer would.
import { createQuote, listRfiCases, submitRfiCaseAnswer, uploadBusinessDocument } from "../orval/api.js";
import { CASE, CUSTOMER, DISPOSITION, FILE_BYTES, FILE_NAME, FILE_PART, MIME_TYPE, QUOTE_BODY, RFI_STATUSES, TEXT_PART, UPLOAD, type DriverResult } from "./calls.js";

function ok<T extends { status: number }>(res: T): T {
  if (res.status < 200 || res.status > 299) throw new Error(`HTTP ${res.status}`);
  return res;
}

export async function run(): Promise<DriverResult> {
  ok(await createQuote(CUSTOMER, QUOTE_BODY));
  ok(
    await uploadBusinessDocument(UPLOAD.mainAccountId, UPLOAD.subAccountId, UPLOAD.documentType, new Blob([FILE_BYTES], { type: MIME_TYPE }), {
      headers: { "Content-Disposition": DISPOSITION, "Content-Type": MIME_TYPE },
    }),
  );
  ok(await submitRfiCaseAnswer(CUSTOMER, CASE, { [TEXT_PART.name]: TEXT_PART.value, [FILE_PART]: new File([FILE_BYTES], FILE_NAME, { type: MIME_TYPE }) }));
  const res = ok(await listRfiCases(CUSTOMER, { rfi_status: [...RFI_STATUSES] }));
  if (res.status === 401 || res.status === 429) throw new Error(`HTTP ${res.status}`);
  return { total: res.data.total };
}
