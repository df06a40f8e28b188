"""The Financial Operations API for Python: the generated client (`fo_api`) made ready for each way to
authenticate, with document uploads, retries, a timeout, a response-size bound and the error envelopes built in.
"""

from fo_signing import (
    DEFAULT_MAX_RESPONSE_BYTES,
    CrossOriginRequestError,
    InvalidCredentialsError,
    RedirectRefusedError,
    ResponseTooLargeError,
)

from .clients import portfolio_client, production_client, sandbox_client
from .errors import ApiError, api_error, read_envelope
from .policy import DEFAULT_TIMEOUT, RetryPolicy
from .uploads import (
    Document,
    content_disposition,
    upload_business_controller_document,
    upload_business_document,
    upload_individual_document,
)

__all__ = [
    "DEFAULT_MAX_RESPONSE_BYTES",
    "DEFAULT_TIMEOUT",
    "ApiError",
    "CrossOriginRequestError",
    "Document",
    "InvalidCredentialsError",
    "RedirectRefusedError",
    "ResponseTooLargeError",
    "RetryPolicy",
    "api_error",
    "content_disposition",
    "portfolio_client",
    "production_client",
    "read_envelope",
    "sandbox_client",
    "upload_business_controller_document",
    "upload_business_document",
    "upload_individual_document",
]
