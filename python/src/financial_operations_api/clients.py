"""One constructor per way to authenticate, each giving the generated `fo_api.ApiClient` ready to use."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import fo_api
import urllib3
from typing_extensions import TypedDict, Unpack

from fo_signing import HmacSigner, check_bearer_token, sign_pool_manager
from fo_signing.origin import Origin

from .policy import RetryPolicy, apply_policy


class ClientOptions(TypedDict, total=False):
    """What every constructor takes besides its credentials; each left out keeps its default."""

    timeout: urllib3.Timeout | float  # DEFAULT_TIMEOUT: connect 10 s, read 30 s
    max_response_bytes: int  # DEFAULT_MAX_RESPONSE_BYTES: 16 MiB
    retry: RetryPolicy  # RetryPolicy(): three attempts of a retryable request


class ProductionOptions(ClientOptions, total=False):
    clock: Callable[[], datetime]  # the signing clock (tests); the system's UTC time by default
    sleep: Callable[[float], None]  # the signer's wait for the next second (tests, with `clock`); time.sleep


def _client(
    base_url: str, options: ClientOptions, *, token: str | None = None, signer: HmacSigner | None = None
) -> fo_api.ApiClient:
    Origin.of(base_url)  # refuses a base URL that is no http(s) origin, before anything else
    client = fo_api.ApiClient(fo_api.Configuration(host=base_url.rstrip("/"), access_token=token))
    if signer is not None:
        sign_pool_manager(client.rest_client.pool_manager, signer, base_url)
    apply_policy(client.rest_client.pool_manager, **options, signer=signer)
    return client


def production_client(
    base_url: str, access_key: str, secret_key: str, **options: Unpack[ProductionOptions]
) -> fo_api.ApiClient:
    """Production: every request to `base_url`'s origin signed with HMAC-SHA256 (the keys of API Settings).

    The secret is checked here (InvalidCredentialsError, never quoting it). Portfolio paths go unsigned:
    use `portfolio_client` for them.
    """
    timing = {name: options.pop(name) for name in ("clock", "sleep") if name in options}  # type: ignore[misc]
    signer = HmacSigner(access_key, secret_key, **timing)  # type: ignore[arg-type]
    return _client(base_url, options, signer=signer)


def sandbox_client(base_url: str, api_key: str, **options: Unpack[ClientOptions]) -> fo_api.ApiClient:
    """Sandbox: the API key of API Settings as a bearer token on every request."""
    check_bearer_token(api_key)
    return _client(base_url, options, token=api_key)


def portfolio_client(base_url: str, token: str, **options: Unpack[ClientOptions]) -> fo_api.ApiClient:
    """The portfolio variant (`/v1/portfolios/...`): a bearer token with portfolio scopes."""
    check_bearer_token(token)
    return _client(base_url, options, token=token)
