import { FinancialOperationsError, guardOf } from "./FinancialOperationsError.ts";

const NAME = "InvalidOptionError";

/** Thrown before any request for an option or argument the function cannot work with; `option` names it. */
export class InvalidOptionError extends FinancialOperationsError {
  override readonly name = NAME;
  /** The option's name as the caller wrote it, such as `redirect` or `record.requestTime`. */
  readonly option: string;

  constructor(option: string, message: string) {
    super(message);
    this.option = option;
  }
}

/** True for an InvalidOptionError, also one made by another copy of the package. */
export const isInvalidOptionError: (value: unknown) => value is InvalidOptionError = /* @__PURE__ */ guardOf(NAME);
