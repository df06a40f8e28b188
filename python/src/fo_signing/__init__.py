"""HMAC-SHA256 signing of production requests of the Financial Operations API.

The urllib3 hook is here (`sign_pool_manager`, `sign_api_client`, each bounding responses as `bound_responses`);
the adapters for other HTTP libraries are in
`fo_signing.requests_auth` and `fo_signing.httpx_auth` (the `requests` and `httpx` extras), over `Credentials`.
"""

from .bounded import DEFAULT_MAX_RESPONSE_BYTES, ResponseTooLargeError, bound_responses
from .credentials import Credentials, StreamedBodyError
from .origin import CrossOriginRequestError, RedirectRefusedError
from .pool import refuse_redirects, sign_api_client, sign_pool_manager
from .signer import HmacSigner, is_portfolio_path
from .signing import (
    AUTHORIZATION_HEADER,
    DATE_HEADER,
    EMPTY_BODY_HASH,
    MIN_SECRET_KEY_BYTES,
    SIGNING_SCHEME,
    InvalidCredentialsError,
    Signature,
    check_bearer_token,
    decode_secret_key,
    format_timestamp,
    hash_body,
    sign,
    string_to_sign,
)

__all__ = [
    "AUTHORIZATION_HEADER",
    "DATE_HEADER",
    "DEFAULT_MAX_RESPONSE_BYTES",
    "EMPTY_BODY_HASH",
    "MIN_SECRET_KEY_BYTES",
    "SIGNING_SCHEME",
    "Credentials",
    "CrossOriginRequestError",
    "HmacSigner",
    "InvalidCredentialsError",
    "RedirectRefusedError",
    "ResponseTooLargeError",
    "Signature",
    "StreamedBodyError",
    "bound_responses",
    "check_bearer_token",
    "decode_secret_key",
    "format_timestamp",
    "hash_body",
    "is_portfolio_path",
    "refuse_redirects",
    "sign",
    "sign_api_client",
    "sign_pool_manager",
    "string_to_sign",
]
