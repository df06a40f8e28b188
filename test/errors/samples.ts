// One instance of each member of the error family, made from whichever copy of the package `lib` is (the source
// as ESM, or a CommonJS bundle of it): the family tests generate their cases from the package's exports and
// need one way to build each. A member without a sample here fails the tests that read the exports.
type Lib = Record<string, unknown>;
type Make = (lib: Lib) => Error;
const make =
  (name: string, ...args: unknown[]): Make =>
  (lib) =>
    new (lib[name] as new (...a: unknown[]) => Error)(...args);

const when = new Date(Date.UTC(2026, 10, 21, 9, 30));
const record = { customerId: "c1", quoteId: "q1", requestTime: when, traceId: undefined };

export const samples: Record<string, Make> = {
  ApiError: make("ApiError", {
    status: 500,
    envelope: "unknown",
    code: undefined,
    detail: undefined,
    traceId: undefined,
    body: {},
  }),
  ExternalAccountNotRecoveredError: make("ExternalAccountNotRecoveredError", "key", "conflict", new Error("read")),
  IncompleteResponseError: make("IncompleteResponseError", "POST", "https://x.example/", 201, "transaction_id"),
  InvalidCredentialsError: make("InvalidCredentialsError", "bad"),
  InvalidIdempotencyKeyError: make("InvalidIdempotencyKeyError", "k"),
  InvalidOptionError: make("InvalidOptionError", "redirect", "bad"),
  InvalidQuoteRequestError: make("InvalidQuoteRequestError", "no-amount", "bad"),
  InvalidRfiQueryError: make("InvalidRfiQueryError", "size", "bad"),
  InvalidSigningInputError: make("InvalidSigningInputError", "method", "bad"),
  InvalidUploadError: make("InvalidUploadError", "empty-file", "bad"),
  InvalidWebhookEventError: make("InvalidWebhookEventError", "not-json", "bad"),
  OutcomeUnknownError: make("OutcomeUnknownError", "POST", "https://x.example/", record, new Error("reset")),
  PageLimitReachedError: make("PageLimitReachedError", "List Transactions", 3),
  QuoteAlreadyExecutedError: make("QuoteAlreadyExecutedError", "q1"),
  QuoteExpiredError: make("QuoteExpiredError", "q1", when, when, 0),
  RedirectError: make("RedirectError", "GET", "https://x.example/", 302, null),
  RefusedRequestError: make("RefusedRequestError", "invalid-url", "GET", undefined, "not sent"),
  RequirementIdNotAllowedError: make("RequirementIdNotAllowedError", "the answer"),
  ResponseTooLargeError: make("ResponseTooLargeError", "GET", "https://x.example/", 10),
  RfiCaseNotFoundError: make("RfiCaseNotFoundError", "c1", "case-1"),
  ServerSideOnlyError: make("ServerSideOnlyError", "page"),
  TimeoutError: make("TimeoutError", "GET", "https://x.example/", 5),
};
