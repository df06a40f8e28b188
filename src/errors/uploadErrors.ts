// The one place each InvalidUploadError message is written, so a reason reads the same from the client, the
// signing fetch and the upload helpers. One function a reason: a bundle keeps only the messages its code can throw.
import { InvalidUploadError } from "./InvalidUploadError.ts";

const EXAMPLE = "application/pdf";
const kindOf = (body: unknown) =>
  body === null ? "null" : ((body as object).constructor?.name ?? (typeof body === "object" ? "object" : typeof body));

export const emptyFile = (): InvalidUploadError =>
  new InvalidUploadError(
    "empty-file",
    "The file is empty (0 bytes), and the service would store an empty document: give the file's bytes.",
  );

/** `accepted`: what the function that refused the body takes instead. */
export const unsupportedBody = (body: unknown, accepted: string): InvalidUploadError =>
  new InvalidUploadError(
    "unsupported-body",
    `A body of type ${kindOf(body)} cannot be signed as it would be sent: give ${accepted}.`,
  );

export const missingMimeType = (): InvalidUploadError =>
  new InvalidUploadError(
    "missing-mime-type",
    `The body has no MIME type: give one (mimeType, or the Content-Type header), such as ${EXAMPLE}.`,
  );

export const malformedMimeType = (mimeType: string): InvalidUploadError =>
  new InvalidUploadError(
    "malformed-mime-type",
    `MIME type ${JSON.stringify(mimeType)} is not type/subtype (RFC 6838): give one such as ${EXAMPLE}.`,
  );

export const missingFileName = (): InvalidUploadError =>
  new InvalidUploadError(
    "missing-file-name",
    "The file has no name, and Content-Disposition needs one: give fileName.",
  );

export const malformedFileName = (fileName: string): InvalidUploadError =>
  new InvalidUploadError(
    "malformed-file-name",
    `File name ${JSON.stringify(fileName)} has a control character or a path separator, or no name at all: ` +
      "give the bare file name.",
  );
