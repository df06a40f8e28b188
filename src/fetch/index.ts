// The signing fetch for generated clients (openapi-fetch, hey-api, orval, ky), and what it throws.
export { createSigningFetch, type SigningFetch, type SigningFetchOptions } from "./createSigningFetch.ts";
export { isRefusedRequestError, RefusedRequestError, type RefusedRequestReason } from "./RefusedRequestError.ts";
export { InvalidUploadError, isInvalidUploadError, type InvalidUploadReason } from "../errors/InvalidUploadError.ts";
export { isRedirectError, RedirectError } from "../errors/RedirectError.ts";
export { InvalidCredentialsError, ServerSideOnlyError } from "../signing/index.ts";
