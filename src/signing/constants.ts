/** Header and scheme names of production request signing, in one place. */
export const AUTHORIZATION_HEADER = "Authorization";
export const DATE_HEADER = "X-SVC-Date";
export const SIGNING_SCHEME = "Service-HMAC-SHA256";
/** SHA-256 of zero bytes: the body hash of a request without a body. */
export const EMPTY_BODY_HASH = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
