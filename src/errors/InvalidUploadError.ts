import { FinancialOperationsError, guardOf } from "./FinancialOperationsError.ts";

const NAME = "InvalidUploadError";

/** What is wrong with a file or body before it is sent. */
export type InvalidUploadReason =
  | "empty-file"
  | "unsupported-body"
  | "missing-mime-type"
  | "malformed-mime-type"
  | "missing-file-name"
  | "malformed-file-name";

/** What each reason's message shows, besides the reason itself. */
interface Details {
  "empty-file": undefined;
  /** The body as given, and what the function that refused it accepts. */
  "unsupported-body": { body: unknown; accepted: string };
  "missing-mime-type": undefined;
  "malformed-mime-type": { mimeType: string };
  "missing-file-name": undefined;
  "malformed-file-name": { fileName: string };
}

const EXAMPLE = "application/pdf";
const kindOf = (body: unknown) =>
  body === null ? "null" : ((body as object).constructor?.name ?? (typeof body === "object" ? "object" : typeof body));

// The one place each message is written, so a reason reads the same from the client, the signing fetch and the helpers.
const message = (reason: InvalidUploadReason, detail: Details[InvalidUploadReason]): string => {
  const d = detail as Partial<
    Details["unsupported-body"] & Details["malformed-mime-type"] & Details["malformed-file-name"]
  >;
  switch (reason) {
    case "empty-file":
      return "The file is empty (0 bytes), and the service would store an empty document: give the file's bytes.";
    case "unsupported-body":
      return `A body of type ${kindOf(d.body)} cannot be signed as it would be sent: give ${d.accepted}.`;
    case "missing-mime-type":
      return `The body has no MIME type: give one (mimeType, or the Content-Type header), such as ${EXAMPLE}.`;
    case "malformed-mime-type":
      return `MIME type ${JSON.stringify(d.mimeType)} is not type/subtype (RFC 6838): give one such as ${EXAMPLE}.`;
    case "missing-file-name":
      return "The file has no name, and Content-Disposition needs one: give fileName.";
    default:
      return (
        `File name ${JSON.stringify(d.fileName)} has a control character or a path separator, or no name at all: ` +
        "give the bare file name."
      );
  }
};

/**
 * Thrown before any request: by the upload and RFI FILE-answer helpers for a file the service must not receive,
 * by the client and the signing fetch for a body they cannot sign (a kind they do not send, bytes without a MIME type).
 */
export class InvalidUploadError extends FinancialOperationsError {
  override readonly name = NAME;
  readonly reason: InvalidUploadReason;

  constructor(reason: "empty-file" | "missing-mime-type" | "missing-file-name");
  constructor(reason: "unsupported-body", detail: Details["unsupported-body"]);
  constructor(reason: "malformed-mime-type", detail: Details["malformed-mime-type"]);
  constructor(reason: "malformed-file-name", detail: Details["malformed-file-name"]);
  constructor(reason: InvalidUploadReason, detail?: Details[InvalidUploadReason]) {
    super(message(reason, detail));
    this.reason = reason;
  }
}

/** True for an InvalidUploadError, also one made by another copy of the package. */
export const isInvalidUploadError: (value: unknown) => value is InvalidUploadError = guardOf(NAME);
