import { FinancialOperationsError, guardOf } from "./FinancialOperationsError.ts";

const NAME = "RequirementIdNotAllowedError";

/**
 * Thrown by the RFI answer helper, before any request, when the answer carries `requirement_id` (the reference forbids
 * sending it).
 */
export class RequirementIdNotAllowedError extends FinancialOperationsError {
  override readonly name = NAME;

  constructor(where: string) {
    super(`An RFI answer must not send requirement_id (found in ${where}); leave it out.`);
  }
}

/** True for a RequirementIdNotAllowedError, also one made by another copy of the package. */
export const isRequirementIdNotAllowedError: (value: unknown) => value is RequirementIdNotAllowedError =
  /* @__PURE__ */ guardOf(NAME);
