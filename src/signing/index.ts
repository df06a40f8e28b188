// The "financial-operations-api/signing" entry: the reference's HMAC signing as pure functions, for callers that
// sign without the client (another HTTP library, a proxy, a test). Raw key bytes stay inside the package.
export { FinancialOperationsError, isFinancialOperationsError } from "../errors/FinancialOperationsError.ts";
export { InvalidCredentialsError, isInvalidCredentialsError } from "../errors/InvalidCredentialsError.ts";
export {
  InvalidSigningInputError,
  isInvalidSigningInputError,
  type InvalidSigningInputField,
} from "../errors/InvalidSigningInputError.ts";
export { isServerSideOnlyError, ServerSideOnlyError } from "../errors/ServerSideOnlyError.ts";
export { AUTHORIZATION_HEADER, DATE_HEADER, SIGNING_SCHEME } from "./constants.ts";
export {
  createSigningLedger,
  type LedgerOptions,
  type LedgerRequest,
  type SigningLedger,
  signWithLedger,
} from "./ledger.ts";
export { MIN_SECRET_KEY_BYTES } from "./secret.ts";
export { assertServerSide } from "./serverSide.ts";
export { signRequest, type SignedRequest, type SignInput } from "./signRequest.ts";
export { buildStringToSign, EMPTY_BODY_HASH, hashBody } from "./stringToSign.ts";
export { formatTimestamp, parseTimestamp } from "./timestamp.ts";
