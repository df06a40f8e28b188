export { createClient } from "./client/createClient.ts";
export type { Clock } from "./client/clock.ts";
export type { BearerCredentials, ClientOptions, FetchLike, HmacCredentials, RetryOptions } from "./client/options.ts";
export type { ApiClient, ClientPaths } from "./client/types.ts";
export { ApiError, isApiError, type TypedApiError } from "./errors/ApiError.ts";
export type { ConversionErrorCode, ErrorEnvelope, PortfolioErrorCode } from "./errors/codes.ts";
export { normalizeError } from "./errors/normalizeError.ts";
export { isOutcomeUnknownError, OutcomeUnknownError, type ExecutionRecord } from "./errors/OutcomeUnknownError.ts";
export { isTimeoutError, TimeoutError } from "./errors/TimeoutError.ts";
export {
  AUTHORIZATION_HEADER,
  assertServerSide,
  buildStringToSign,
  DATE_HEADER,
  decodeSecretKey,
  EMPTY_BODY_HASH,
  formatTimestamp,
  hashBody,
  InvalidCredentialsError,
  parseTimestamp,
  ServerSideOnlyError,
  SIGNING_SCHEME,
  signRequest,
  type SignedRequest,
  type SignInput,
} from "./signing/index.ts";
