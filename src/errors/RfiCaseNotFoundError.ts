import { FinancialOperationsError, guardOf } from "./FinancialOperationsError.ts";

const NAME = "RfiCaseNotFoundError";

/** Thrown by the RFI webhook helper when the list, filtered by the exact case_id, does not return the case. */
export class RfiCaseNotFoundError extends FinancialOperationsError {
  override readonly name = NAME;
  readonly customerId: string;
  readonly caseId: string;

  constructor(customerId: string, caseId: string) {
    super(`RFI case ${caseId} of customer ${customerId} was not returned by the case list filtered on case_id.`);
    this.customerId = customerId;
    this.caseId = caseId;
  }
}

/** True for an RfiCaseNotFoundError, also one made by another copy of the package. */
export const isRfiCaseNotFoundError: (value: unknown) => value is RfiCaseNotFoundError = /* @__PURE__ */ guardOf(NAME);
