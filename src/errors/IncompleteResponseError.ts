import { FinancialOperationsError, guardOf } from "./FinancialOperationsError.ts";
import { requestLabel } from "./request.ts";

const NAME = "IncompleteResponseError";

/**
 * A success response without a field the reference says it carries: Execute Quote's `transaction_id`. Given as
 * the cause of an unknown outcome, since the order may exist without the id that finds it.
 */
export class IncompleteResponseError extends FinancialOperationsError {
  override readonly name = NAME;
  readonly status: number;
  /** The field that was missing. */
  readonly field: string;

  constructor(method: string, url: string, status: number, field: string) {
    super(`${requestLabel(method, url)}: ${status} without a ${field}; find the order before any new quote`);
    this.status = status;
    this.field = field;
  }
}

/** True for an IncompleteResponseError, also one made by another copy of the package. */
export const isIncompleteResponseError: (value: unknown) => value is IncompleteResponseError =
  /* @__PURE__ */ guardOf(NAME);
