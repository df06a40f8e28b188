"""One async constructor per way to authenticate, each giving the generated `fo_api.aio.ApiClient` (aiohttp) ready
to use, with what the sync constructors build in (clients.py). Use it as `async with`: the connection pool closes on
exit (or `await client.close()`). Needs the `async` extra: `pip install "financial-operations-api[async]"`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime

try:
    import aiohttp
    import fo_api.aio
except ImportError as missing:  # a clear message, not aiohttp's absence deep in a traceback
    raise ImportError(
        f"The async client needs aiohttp ({missing.name} is not installed): "
        'pip install "financial-operations-api[async]"'
    ) from missing
from typing_extensions import TypedDict, Unpack

from fo_signing import DEFAULT_MAX_RESPONSE_BYTES, Credentials, HmacSigner, check_bearer_token
from fo_signing.aiohttp_auth import AiohttpAuth
from fo_signing.bounded import check_bound

from .async_transport import DEFAULT_ASYNC_TIMEOUT, PolicyRestClient
from .policy import RetryPolicy


class AsyncClientOptions(TypedDict, total=False):
    """What every async constructor takes besides its credentials; each left out keeps its default."""

    timeout: aiohttp.ClientTimeout | float  # DEFAULT_ASYNC_TIMEOUT: connect 10 s, read 30 s, per attempt
    max_response_bytes: int  # DEFAULT_MAX_RESPONSE_BYTES: 16 MiB
    retry: RetryPolicy  # RetryPolicy(): three attempts of a retryable request


class AsyncProductionOptions(AsyncClientOptions, total=False):
    clock: Callable[[], datetime]  # the signing clock (tests); the system's UTC time by default
    sleep: Callable[[float], Awaitable[object]]  # the signer's waits (tests, with `clock`); asyncio.sleep


def _client(base_url: str, credentials: Credentials, options: AsyncClientOptions, signer: HmacSigner | None = None):
    configuration = fo_api.aio.Configuration(host=base_url.rstrip("/"))
    client = fo_api.aio.ApiClient(configuration)
    client.rest_client = PolicyRestClient(
        configuration,
        middlewares=(AiohttpAuth(credentials),),
        timeout=options.get("timeout", DEFAULT_ASYNC_TIMEOUT),
        max_response_bytes=check_bound(options.get("max_response_bytes", DEFAULT_MAX_RESPONSE_BYTES)),
        retry=options.get("retry", RetryPolicy()),
        signer=signer,
    )
    return client


def async_production_client(
    base_url: str, access_key: str, secret_key: str, **options: Unpack[AsyncProductionOptions]
) -> fo_api.aio.ApiClient:
    """Production: every request to `base_url`'s origin signed with HMAC-SHA256 (the keys of API Settings).

    The secret is checked here (InvalidCredentialsError, never quoting it). Portfolio paths go unsigned:
    use `async_portfolio_client` for them.
    """
    timing: dict[str, object] = {}
    if "clock" in options:
        timing["clock"] = options.pop("clock")
    if "sleep" in options:
        timing["async_sleep"] = options.pop("sleep")
    signer = HmacSigner(access_key, secret_key, **timing)  # type: ignore[arg-type]
    return _client(base_url, Credentials(base_url, signer=signer), options, signer)


def async_sandbox_client(base_url: str, api_key: str, **options: Unpack[AsyncClientOptions]) -> fo_api.aio.ApiClient:
    """Sandbox: the API key of API Settings as a bearer token on every request."""
    check_bearer_token(api_key)
    return _client(base_url, Credentials(base_url, token=api_key), options)


def async_portfolio_client(base_url: str, token: str, **options: Unpack[AsyncClientOptions]) -> fo_api.aio.ApiClient:
    """The portfolio variant (`/v1/portfolios/...`): a bearer token with portfolio scopes."""
    check_bearer_token(token)
    return _client(base_url, Credentials(base_url, token=token), options)
