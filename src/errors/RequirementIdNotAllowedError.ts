import { isNamedError } from "./isNamedError.ts";

const NAME = "RequirementIdNotAllowedError";

/** Thrown by the RFI answer helper, before any request, when the answer carries `requirement_id` (the reference forbids sending it). */
export class RequirementIdNotAllowedError extends Error {
  override readonly name = NAME;

  constructor(where: string) {
    super(`An RFI answer must not send requirement_id (found in ${where}); leave it out.`);
  }
}

/** True for a RequirementIdNotAllowedError, also one made in another realm. */
export const isRequirementIdNotAllowedError = (value: unknown): value is RequirementIdNotAllowedError =>
  isNamedError(value, RequirementIdNotAllowedError, NAME);
