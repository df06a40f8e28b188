import { FinancialOperationsError, guardOf } from "./FinancialOperationsError.ts";

const NAME = "InvalidRfiQueryError";

/** Thrown by the RFI list helpers, before any request, for a page, size or id outside what the reference allows. */
export class InvalidRfiQueryError extends FinancialOperationsError {
  override readonly name = NAME;
  readonly parameter: string;

  constructor(parameter: string, message: string) {
    super(message);
    this.parameter = parameter;
  }
}

/** True for an InvalidRfiQueryError, also one made by another copy of the package. */
export const isInvalidRfiQueryError: (value: unknown) => value is InvalidRfiQueryError = /* @__PURE__ */ guardOf(NAME);
