// Calls the echo server through the client @hey-api/openapi-ts generated (default plugins), as a consumer would.
import { formDataBodySerializer } from "../hey/client/index.js";
import { client } from "../hey/client.gen.js";
import { createQuote, listRfiCases, submitRfiCaseAnswer, uploadBusinessDocument } from "../hey/index.js";
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

export async function run(baseUrl: string): Promise<DriverResult> {
  client.setConfig({ baseUrl });
  await createQuote({ path: { customer_id: CUSTOMER }, body: QUOTE_BODY, throwOnError: true });
  await uploadBusinessDocument({
    path: {
      main_account_id: UPLOAD.mainAccountId,
      sub_account_id: UPLOAD.subAccountId,
      document_type: UPLOAD.documentType,
    },
    headers: { "Content-Disposition": DISPOSITION, "Content-Type": MIME_TYPE },
    body: new Blob([FILE_BYTES], { type: MIME_TYPE }),
    throwOnError: true,
  });
  await submitRfiCaseAnswer({
    path: { customer_id: CUSTOMER, case_id: CASE },
    body: { [TEXT_PART.name]: TEXT_PART.value, [FILE_PART]: new File([FILE_BYTES], FILE_NAME, { type: MIME_TYPE }) },
    // The document offers JSON (a TEXT answer) first, which hey-api takes: a FILE answer overrides the
    // serializer per call, and drops the JSON Content-Type so that fetch writes the form's boundary.
    bodySerializer: formDataBodySerializer.bodySerializer,
    headers: { "Content-Type": null },
    throwOnError: true,
  });
  const { data } = await listRfiCases({
    path: { customer_id: CUSTOMER },
    query: { rfi_status: [...RFI_STATUSES] },
    throwOnError: true,
  });
  return { total: data.total };
}
