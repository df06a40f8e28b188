import type { ConversionErrorCode, ErrorEnvelope, PortfolioErrorCode } from "./codes.ts";
import { clean } from "./clean.ts";
import { FinancialOperationsError, guardOf } from "./FinancialOperationsError.ts";
import { requestLabel } from "./request.ts";

const NAME = "ApiError";

export interface ApiErrorInit {
  status: number;
  envelope: ErrorEnvelope;
  code: string | undefined;
  detail: string | undefined;
  traceId: string | undefined;
  body: unknown;
  method?: string | undefined;
  url?: string | undefined;
  statusText?: string | undefined;
  stringToSign?: string | undefined;
}

/** An error response of any of the four envelopes, made by `normalizeError`; never thrown by the client on its own. */
export class ApiError extends FinancialOperationsError {
  override readonly name = NAME;
  declare readonly status: number;
  /** `code` of the flat and legacy bodies, `error.code` of the portfolio body, the first `errors[].type` of v2. */
  declare readonly code: ConversionErrorCode | PortfolioErrorCode | (string & {}) | undefined;
  declare readonly detail: string | undefined;
  /** `trace_id` (flat) or `request_id` (portfolio): what to quote to support. */
  declare readonly traceId: string | undefined;
  declare readonly envelope: ErrorEnvelope;
  /** The parsed response body, as received. */
  declare readonly body: unknown;
  /** On a 401 to a signed request: the string this client signed (never the secret), to compare with the service's. */
  declare readonly stringToSign: string | undefined;

  constructor({ method, url, statusText = "", ...fields }: ApiErrorInit) {
    // code and detail come from the server: no line breaks or terminal escapes, and a bounded length.
    const what = clean([fields.code, fields.detail].filter(Boolean).join(" "), 300);
    super(
      `${method ? `${requestLabel(method, url)}: ` : ""}${fields.status} ${clean(statusText, 100)}`.trimEnd() +
        (what ? ` (${what})` : "") +
        (fields.stringToSign ? `; string to sign: ${JSON.stringify(fields.stringToSign)}` : ""),
    );
    // The fields are declared above, so they are defined once, here.
    Object.assign(this, fields);
  }
}

/** An ApiError whose `code` is typed by its envelope. */
export type TypedApiError = ApiError &
  (
    | { envelope: "flat"; code: ConversionErrorCode | (string & {}) | undefined }
    | { envelope: "legacy-auth"; code: "Unauthorized" }
    | { envelope: "portfolio"; code: PortfolioErrorCode }
    | { envelope: "v2" | "unknown" }
  );

/** True for an ApiError, also one made by another copy of the package. */
export const isApiError: (value: unknown) => value is ApiError = /* @__PURE__ */ guardOf(NAME);
