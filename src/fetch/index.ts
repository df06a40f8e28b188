// The signing fetch for generated clients (openapi-fetch, hey-api, orval, ky), and what it throws.
export { FinancialOperationsError, isFinancialOperationsError } from "../errors/FinancialOperationsError.ts";
export { InvalidCredentialsError, isInvalidCredentialsError } from "../errors/InvalidCredentialsError.ts";
export { InvalidOptionError, isInvalidOptionError } from "../errors/InvalidOptionError.ts";
export { InvalidUploadError, isInvalidUploadError, type InvalidUploadReason } from "../errors/InvalidUploadError.ts";
export { isRedirectError, RedirectError } from "../errors/RedirectError.ts";
export {
  isRefusedRequestError,
  RefusedRequestError,
  type RefusedRequestReason,
} from "../errors/RefusedRequestError.ts";
export { isServerSideOnlyError, ServerSideOnlyError } from "../errors/ServerSideOnlyError.ts";
export { createSigningFetch, type SigningFetch, type SigningFetchOptions } from "./createSigningFetch.ts";
