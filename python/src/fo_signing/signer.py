"""Credentials checked once, then a fresh signature for every attempt of a request."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from datetime import datetime, timezone

from .signing import MIN_SECRET_KEY_BYTES, InvalidCredentialsError, Signature, check_access_key, decode_secret_key, sign

_PORTFOLIO_PATH = re.compile(r"(^|/)v1/portfolios/")


def is_portfolio_path(path: str) -> bool:
    """Portfolio-scoped paths take the portfolio bearer token, never an HMAC signature."""
    return bool(_PORTFOLIO_PATH.search(path))


def _utc_now() -> datetime:
    return datetime.now(timezone.utc)


class HmacSigner:
    """Signs production requests with one access key and secret key (as issued in API Settings).

    The secret is checked and decoded here (strict URL-safe Base64, at least 16 key bytes), so bad
    credentials fail before any request is sent.
    """

    def __init__(self, access_key: str, secret_key: str, *, clock: Callable[[], datetime] = _utc_now) -> None:
        check_access_key(access_key)
        key = decode_secret_key(secret_key)
        if len(key) < MIN_SECRET_KEY_BYTES:
            raise InvalidCredentialsError(
                f"Secret key decodes to {len(key)} bytes, fewer than {MIN_SECRET_KEY_BYTES}: "
                "copy it exactly as issued in API Settings"
            )
        self._access_key = access_key
        self._key = key
        self._clock = clock

    @property
    def access_key(self) -> str:
        """The access key (it stands in the Authorization header; the secret is never shown)."""
        return self._access_key

    def __repr__(self) -> str:
        return f"HmacSigner(access_key={self._access_key!r})"

    def sign(self, method: str, path: str, body: bytes | None) -> Signature:
        """Every intermediate of the signature of this request, at the clock's current time."""
        return sign(
            access_key=self._access_key,
            key=self._key,
            method=method,
            path=path,
            body=body,
            time=self._clock(),
        )

    def headers(self, method: str, path: str, body: bytes | None) -> Mapping[str, str]:
        """`Authorization` and `X-SVC-Date` for this request; `path` as sent, without the query."""
        return self.sign(method, path, body).headers(self._access_key)
