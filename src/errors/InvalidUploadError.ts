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

/**
 * Thrown before any request: by the upload and RFI FILE-answer helpers for a file the service must not receive,
 * by the client and the signing fetch for a body they cannot sign (a kind they do not send, bytes without a MIME
 * type). The package makes it with the builders of uploadErrors.ts, so a reason reads the same wherever it is found.
 */
export class InvalidUploadError extends FinancialOperationsError {
  override readonly name = NAME;
  readonly reason: InvalidUploadReason;

  constructor(reason: InvalidUploadReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** True for an InvalidUploadError, also one made by another copy of the package. */
export const isInvalidUploadError: (value: unknown) => value is InvalidUploadError = /* @__PURE__ */ guardOf(NAME);
