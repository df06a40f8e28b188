/** Header and scheme names of production request signing, in one place. */
export const AUTHORIZATION_HEADER = "Authorization";
export const DATE_HEADER = "X-SVC-Date";
export const SIGNING_SCHEME = "Service-HMAC-SHA256";
