import type { components } from "../../generated/types.ts";
import type { ApiClient } from "../client/types.ts";
import { checkFile, contentDisposition, type FileInput } from "./file.ts";
import { dataOrThrow } from "./result.ts";

/**
 * Where a business document goes. `documentType` is for example MEMORANDUM_OF_ASSOCIATION; the full list is not shown.
 */
export interface BusinessDocumentTarget {
  mainAccountId: string;
  subAccountId: string;
  documentType: string;
}

export interface BusinessControllerDocumentTarget extends BusinessDocumentTarget {
  controllerId: string;
}

export type IndividualDocumentTarget = BusinessDocumentTarget;

export interface UploadOptions {
  signal?: AbortSignal;
}

/** The upload's response body; its fields are not shown in the reference. */
export type UploadResult = components["schemas"]["OpenObject"];

// Checked before the request is built, so nothing is sent for a bad file.
function prepare(file: FileInput, options: UploadOptions) {
  const { data, fileName, mimeType } = checkFile(file);
  return {
    header: { "Content-Disposition": contentDisposition(fileName) },
    body: data,
    headers: { "Content-Type": mimeType },
    signal: options.signal,
  };
}

/**
 * Uploads a business sub-account document as the raw request body: `Content-Type` is the file's
 * MIME type, `Content-Disposition: attachment` carries the file name (RFC 6266/8187 for non-ASCII),
 * and in production the client signs exactly these bytes.
 * @throws InvalidUploadError before any request for an empty file or a missing or malformed MIME type or file name.
 * @throws ApiError for an error response.
 */
export async function uploadBusinessDocument(
  client: ApiClient,
  target: BusinessDocumentTarget,
  file: FileInput,
  options: UploadOptions = {},
): Promise<UploadResult> {
  const { header, ...init } = prepare(file, options);
  const path = {
    main_account_id: target.mainAccountId,
    sub_account_id: target.subAccountId,
    document_type: target.documentType,
  };
  return client
    .PUT("/v2/accounts/{main_account_id}/businesses/{sub_account_id}/documents/{document_type}", {
      params: { path, header },
      ...init,
    })
    .then(dataOrThrow);
}

/** As uploadBusinessDocument, for a controller of a business sub-account. */
export async function uploadBusinessControllerDocument(
  client: ApiClient,
  target: BusinessControllerDocumentTarget,
  file: FileInput,
  options: UploadOptions = {},
): Promise<UploadResult> {
  const { header, ...init } = prepare(file, options);
  const path = {
    main_account_id: target.mainAccountId,
    sub_account_id: target.subAccountId,
    controller_id: target.controllerId,
    document_type: target.documentType,
  };
  return client
    .PUT(
      "/v2/accounts/{main_account_id}/businesses/{sub_account_id}/controllers/{controller_id}/documents/{document_type}",
      { params: { path, header }, ...init },
    )
    .then(dataOrThrow);
}

/** As uploadBusinessDocument, for an individual sub-account. */
export async function uploadIndividualDocument(
  client: ApiClient,
  target: IndividualDocumentTarget,
  file: FileInput,
  options: UploadOptions = {},
): Promise<UploadResult> {
  const { header, ...init } = prepare(file, options);
  const path = {
    main_account_id: target.mainAccountId,
    sub_account_id: target.subAccountId,
    document_type: target.documentType,
  };
  return client
    .PUT("/v2/accounts/{main_account_id}/individuals/{sub_account_id}/documents/{document_type}", {
      params: { path, header },
      ...init,
    })
    .then(dataOrThrow);
}
