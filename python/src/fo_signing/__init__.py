"""HMAC-SHA256 signing of production requests of the Financial Operations API."""

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
    decode_secret_key,
    format_timestamp,
    hash_body,
    sign,
    string_to_sign,
)

__all__ = [
    "AUTHORIZATION_HEADER",
    "CrossOriginRequestError",
    "RedirectRefusedError",
    "DATE_HEADER",
    "EMPTY_BODY_HASH",
    "MIN_SECRET_KEY_BYTES",
    "SIGNING_SCHEME",
    "HmacSigner",
    "InvalidCredentialsError",
    "Signature",
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
