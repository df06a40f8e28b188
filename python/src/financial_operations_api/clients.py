"""One constructor per way to authenticate, each giving the generated `fo_api.ApiClient` ready to use."""

from __future__ import annotations

from datetime import datetime
from typing import Callable

import urllib3

import fo_api
from fo_signing import HmacSigner, sign_pool_manager
from fo_signing.origin import Origin

from .policy import DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT, RetryPolicy, apply_policy


def _client(base_url: str, access_token: str | None) -> fo_api.ApiClient:
    Origin.of(base_url)  # refuses a base URL that is no http(s) origin, before anything else
    configuration = fo_api.Configuration(host=base_url.rstrip("/"), access_token=access_token)
    return fo_api.ApiClient(configuration)


def production_client(
    base_url: str,
    access_key: str,
    secret_key: str,
    *,
    timeout: urllib3.Timeout | float = DEFAULT_TIMEOUT,
    max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES,
    retry: RetryPolicy = RetryPolicy(),
    clock: Callable[[], datetime] | None = None,
) -> fo_api.ApiClient:
    """Production: every request to `base_url`'s origin signed with HMAC-SHA256 (the keys of API Settings).

    The secret is checked here (InvalidCredentialsError, never quoting it). Portfolio paths go unsigned:
    use `portfolio_client` for them.
    """
    signer = HmacSigner(access_key, secret_key) if clock is None else HmacSigner(access_key, secret_key, clock=clock)
    client = _client(base_url, None)
    sign_pool_manager(client.rest_client.pool_manager, signer, base_url)
    apply_policy(client.rest_client.pool_manager, timeout=timeout, max_response_bytes=max_response_bytes, retry=retry)
    return client


def _bearer_client(
    base_url: str, token: str, timeout: urllib3.Timeout | float, max_response_bytes: int, retry: RetryPolicy
) -> fo_api.ApiClient:
    if not token or any(c.isspace() for c in token):
        raise ValueError("The bearer token is empty or has white space: copy it exactly as issued")
    client = _client(base_url, token)
    apply_policy(client.rest_client.pool_manager, timeout=timeout, max_response_bytes=max_response_bytes, retry=retry)
    return client


def sandbox_client(
    base_url: str,
    api_key: str,
    *,
    timeout: urllib3.Timeout | float = DEFAULT_TIMEOUT,
    max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES,
    retry: RetryPolicy = RetryPolicy(),
) -> fo_api.ApiClient:
    """Sandbox: the API key of API Settings as a bearer token on every request."""
    return _bearer_client(base_url, api_key, timeout, max_response_bytes, retry)


def portfolio_client(
    base_url: str,
    token: str,
    *,
    timeout: urllib3.Timeout | float = DEFAULT_TIMEOUT,
    max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES,
    retry: RetryPolicy = RetryPolicy(),
) -> fo_api.ApiClient:
    """The portfolio variant (`/v1/portfolios/...`): a bearer token with portfolio scopes."""
    return _bearer_client(base_url, token, timeout, max_response_bytes, retry)
