export { createClient } from "./client/createClient.ts";
export type { Clock } from "./clock.ts";
export type { BearerCredentials, ClientOptions, FetchLike, HmacCredentials, RetryOptions } from "./client/options.ts";
export type { ApiClient, ClientPaths } from "./client/types.ts";
export type { ConversionErrorCode, ErrorEnvelope, PortfolioErrorCode } from "./errors/codes.ts";
export { type ErrorResult, normalizeError, type SentRequest } from "./errors/normalizeError.ts";
export { createSigningFetch, type SigningFetch, type SigningFetchOptions } from "./fetch/index.ts";
// Flow helpers: the reference's usage rules built in (see README "Flow helpers").
export {
  answerRfiCase,
  type AnswerRfiCaseInput,
  type RfiAnswerFields,
  type RfiAnswerResult,
  type RfiFileAnswer,
  type RfiTextAnswer,
} from "./flows/rfiAnswer.ts";
export {
  getRfiCase,
  handleRfiWebhook,
  MAX_RFI_PAGE_SIZE,
  rfiCasePages,
  rfiCases,
  type RfiCase,
  type RfiCaseFilters,
  type RfiCasePage,
  type RfiCasePagesOptions,
  type RfiCaseRef,
} from "./flows/rfi.ts";
export { createRfiPoller, type RfiPoller, type RfiPollerOptions, type RfiPollerState } from "./flows/rfiPoller.ts";
export { contentDisposition, type FileInput } from "./flows/file.ts";
export {
  uploadBusinessControllerDocument,
  uploadBusinessDocument,
  uploadIndividualDocument,
  type BusinessControllerDocumentTarget,
  type BusinessDocumentTarget,
  type IndividualDocumentTarget,
  type UploadOptions,
  type UploadResult,
} from "./flows/uploads.ts";
export {
  createQuote,
  DEFAULT_QUOTE_SAFETY_MARGIN_MS,
  executeQuote,
  QUOTE_LIFETIME_MS,
  type AmountValue,
  type AssetObject,
  type ConversionExecutionRecord,
  type ConversionOrder,
  type ExactlyOneAmount,
  type ExecuteOptions,
  type ExecuteQuoteResult,
  type IssuedQuote,
  type Quote,
  type QuoteInput,
  type QuoteOptions,
  type RequestedAmount,
} from "./flows/conversions.ts";
export {
  resolveExecuteOutcome,
  type Conversion,
  type ConversionTransactionPage,
  type ConversionTransactionQuery,
  type ExecutionToResolve,
  type ListConversionTransactions,
  type ResolveExecuteOutcomeOptions,
  type ResolveExecuteOutcomeResult,
} from "./flows/reconcile.ts";
export {
  createExternalAccount,
  findExternalAccountByKey,
  type BankAccountDetails,
  type CreateExternalAccountInput,
  type CreateExternalAccountResult,
  type ExternalAccount,
  type ExternalAccountLookup,
} from "./flows/externalAccounts.ts";
export {
  DOCUMENTED_EVENT_NAMES,
  parseWebhookEvent,
  type ConversionCompletedEvent,
  type ConversionEventName,
  type ConversionFailedEvent,
  type EventPayload,
  type ParseWebhookEventOptions,
  type RfiCaseChangedEvent,
  type WebhookEvent,
} from "./flows/events.ts";
// Every error the package throws, each with its guard (signing's own also on "financial-operations-api/signing").
export { ApiError, isApiError, type TypedApiError } from "./errors/ApiError.ts";
export {
  ExternalAccountNotRecoveredError,
  isExternalAccountNotRecoveredError,
} from "./errors/ExternalAccountNotRecoveredError.ts";
export { FinancialOperationsError, isFinancialOperationsError } from "./errors/FinancialOperationsError.ts";
export { IncompleteResponseError, isIncompleteResponseError } from "./errors/IncompleteResponseError.ts";
export { InvalidCredentialsError, isInvalidCredentialsError } from "./errors/InvalidCredentialsError.ts";
export { InvalidIdempotencyKeyError, isInvalidIdempotencyKeyError } from "./errors/InvalidIdempotencyKeyError.ts";
export { InvalidOptionError, isInvalidOptionError } from "./errors/InvalidOptionError.ts";
export {
  InvalidQuoteRequestError,
  isInvalidQuoteRequestError,
  type InvalidQuoteRequestReason,
} from "./errors/InvalidQuoteRequestError.ts";
export { InvalidRfiQueryError, isInvalidRfiQueryError } from "./errors/InvalidRfiQueryError.ts";
export {
  InvalidSigningInputError,
  isInvalidSigningInputError,
  type InvalidSigningInputField,
} from "./errors/InvalidSigningInputError.ts";
export { InvalidUploadError, isInvalidUploadError, type InvalidUploadReason } from "./errors/InvalidUploadError.ts";
export {
  InvalidWebhookEventError,
  isInvalidWebhookEventError,
  type InvalidWebhookEventReason,
} from "./errors/InvalidWebhookEventError.ts";
export { isOutcomeUnknownError, OutcomeUnknownError, type ExecutionRecord } from "./errors/OutcomeUnknownError.ts";
export { isPageLimitReachedError, PageLimitReachedError } from "./errors/PageLimitReachedError.ts";
export { isQuoteAlreadyExecutedError, QuoteAlreadyExecutedError } from "./errors/QuoteAlreadyExecutedError.ts";
export { isQuoteExpiredError, QuoteExpiredError } from "./errors/QuoteExpiredError.ts";
export { isRedirectError, RedirectError } from "./errors/RedirectError.ts";
export { isRefusedRequestError, RefusedRequestError, type RefusedRequestReason } from "./errors/RefusedRequestError.ts";
export { isRequirementIdNotAllowedError, RequirementIdNotAllowedError } from "./errors/RequirementIdNotAllowedError.ts";
export { isResponseTooLargeError, ResponseTooLargeError } from "./errors/ResponseTooLargeError.ts";
export { isRfiCaseNotFoundError, RfiCaseNotFoundError } from "./errors/RfiCaseNotFoundError.ts";
export { isServerSideOnlyError, ServerSideOnlyError } from "./errors/ServerSideOnlyError.ts";
export { isTimeoutError, TimeoutError } from "./errors/TimeoutError.ts";
