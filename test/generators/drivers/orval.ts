// Calls the echo server through the fetch client orval generated, as a consumer would.
import { createQuote, getSubmitRfiCaseAnswerUrl, listRfiCases, uploadBusinessDocument } from "../orval/api.js";
import {
  CASE,
  CUSTOMER,
  DISPOSITION,
  FILE_BYTES,
  FILE_NAME,
  FILE_PART,
  MIME_TYPE,
  QUOTE_BODY,
  RFI_STATUSES,
  TEXT_PART,
  UPLOAD,
  type DriverResult,
} from "./calls.js";

function ok<T extends { status: number }>(res: T): T {
  if (res.status < 200 || res.status > 299) throw new Error(`HTTP ${res.status}`);
  return res;
}

export async function run(): Promise<DriverResult> {
  ok(await createQuote(CUSTOMER, QUOTE_BODY));
  ok(
    await uploadBusinessDocument(
      UPLOAD.mainAccountId,
      UPLOAD.subAccountId,
      UPLOAD.documentType,
      new Blob([FILE_BYTES], { type: MIME_TYPE }),
      {
        headers: { "Content-Disposition": DISPOSITION, "Content-Type": MIME_TYPE },
      },
    ),
  );
  // orval's generated call always JSON-encodes the body (the document offers JSON, a TEXT answer, first): a
  // FILE answer goes through the generated URL helper and the consumer's own fetch with a FormData body.
  const form = new FormData();
  form.append(TEXT_PART.name, TEXT_PART.value);
  form.append(FILE_PART, new File([FILE_BYTES], FILE_NAME, { type: MIME_TYPE }));
  ok(await fetch(getSubmitRfiCaseAnswerUrl(CUSTOMER, CASE), { method: "POST", body: form }));
  const res = ok(await listRfiCases(CUSTOMER, { rfi_status: [...RFI_STATUSES] }));
  if (res.status === 401 || res.status === 429) throw new Error(`HTTP ${res.status}`);
  return { total: res.data.total };
}
