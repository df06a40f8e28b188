"""The Financial Operations API for Python: the generated client (`fo_api`) made ready for each way to
authenticate, with document uploads, retries, a timeout, a response-size bound and the error envelopes built in.
The async constructors (`async_production_client`, ...: `fo_api.aio` on aiohttp) load on first use, from the `async`
extra, so a sync user imports no async library.
"""

from typing import TYPE_CHECKING, Any

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
    async_upload_business_controller_document,
    async_upload_business_document,
    async_upload_individual_document,
    content_disposition,
    upload_business_controller_document,
    upload_business_document,
    upload_individual_document,
)

if TYPE_CHECKING:  # re-exported by name (the `as` form), loaded at first use by __getattr__ below
    from .async_clients import async_portfolio_client as async_portfolio_client
    from .async_clients import async_production_client as async_production_client
    from .async_clients import async_sandbox_client as async_sandbox_client
    from .async_transport import DEFAULT_ASYNC_TIMEOUT as DEFAULT_ASYNC_TIMEOUT

_ASYNC = {
    "async_portfolio_client": "async_clients",
    "async_production_client": "async_clients",
    "async_sandbox_client": "async_clients",
    "DEFAULT_ASYNC_TIMEOUT": "async_transport",
}


def __getattr__(name: str) -> Any:
    """The async names, imported when first asked for (they need the `async` extra)."""
    if name not in _ASYNC:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{_ASYNC[name]}", __name__), name)
    globals()[name] = value
    return value


# The lazily loaded async names are public but not in __all__: a star import must not need the async extra.
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
    "async_upload_business_controller_document",
    "async_upload_business_document",
    "async_upload_individual_document",
    "content_disposition",
    "portfolio_client",
    "production_client",
    "read_envelope",
    "sandbox_client",
    "upload_business_controller_document",
    "upload_business_document",
    "upload_individual_document",
]
