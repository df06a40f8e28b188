import { isNamedError } from "./isNamedError.ts";

const NAME = "InvalidUploadError";

/** What is wrong with a file before it is sent. */
export type InvalidUploadReason =
  | "empty-file"
  | "missing-mime-type"
  | "malformed-mime-type"
  | "missing-file-name"
  | "malformed-file-name"
  | "unsupported-body";

/** Thrown before any request: by the upload and RFI FILE-answer helpers for a file the service must not receive, by the client for a body it cannot sign (a stream, a form, a raw body without Content-Type). */
export class InvalidUploadError extends Error {
  override readonly name = NAME;
  readonly reason: InvalidUploadReason;

  constructor(reason: InvalidUploadReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** True for an InvalidUploadError, also one made in another realm. */
export const isInvalidUploadError = (value: unknown): value is InvalidUploadError =>
  isNamedError(value, InvalidUploadError, NAME);
