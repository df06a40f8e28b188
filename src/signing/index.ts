export { AUTHORIZATION_HEADER, DATE_HEADER, SIGNING_SCHEME } from "./constants.ts";
export {
  assertAccessKey,
  decodeSecretKey,
  InvalidCredentialsError,
  MIN_SECRET_KEY_BYTES,
  secretKeyObject,
} from "./secret.ts";
export { assertServerSide, ServerSideOnlyError } from "./serverSide.ts";
export { signRequest, type SignedRequest, type SignInput } from "./signRequest.ts";
export { buildStringToSign, EMPTY_BODY_HASH, hashBody } from "./stringToSign.ts";
export { formatTimestamp, parseTimestamp } from "./timestamp.ts";
