import { FinancialOperationsError, guardOf } from "./FinancialOperationsError.ts";

const NAME = "InvalidSigningInputError";

/** The signRequest input that cannot be signed. */
export type InvalidSigningInputField = "method" | "path" | "time" | "bodyHash";

/**
 * Thrown by signRequest and formatTimestamp for input that would forge or break the string to sign: a method
 * that is not an HTTP token, a path a server would read otherwise, an invalid Date, a malformed body hash.
 */
export class InvalidSigningInputError extends FinancialOperationsError {
  override readonly name = NAME;
  readonly field: InvalidSigningInputField;

  constructor(field: InvalidSigningInputField, message: string) {
    super(message);
    this.field = field;
  }
}

/** True for an InvalidSigningInputError, also one made by another copy of the package. */
export const isInvalidSigningInputError: (value: unknown) => value is InvalidSigningInputError =
  /* @__PURE__ */ guardOf(NAME);
