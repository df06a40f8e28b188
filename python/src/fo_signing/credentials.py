"""What an auth adapter (requests, httpx) writes on one request: the HMAC signature of production, or a bearer
token (the sandbox API key, a portfolio token), only ever for its base URL's origin.

The adapters differ only in how they read a request; the choice of headers, the origin rule and the refusals
live here once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from functools import lru_cache
from urllib.parse import urlsplit

from typing_extensions import Self

from .origin import CrossOriginRequestError, Origin, RedirectRefusedError
from .signer import HmacSigner, is_portfolio_path
from .signing import AUTHORIZATION_HEADER, check_bearer_token


class StreamedBodyError(TypeError):
    """Raised before sending for a production request whose body is a stream (a generator, an iterator, an open
    file): its bytes are not known until they are sent, so no signature can cover them. Nothing is sent."""


def request_path(target: str) -> str:
    """The path of the request line (origin form, or absolute form through a proxy), without the query."""
    path = target if target.startswith("/") else urlsplit(target).path or "/"
    return path.split("?", 1)[0]


@lru_cache(maxsize=256)
def _path_of(target: str) -> tuple[str, bool]:
    """The request path of `target`, and whether it is a portfolio path; a client sends the same targets again
    (a list read page after page, a poll), so each is worked out once."""
    path = request_path(target)
    return path, is_portfolio_path(path)


class Credentials:
    """One way to authenticate, bound to one origin. Build it with `production`, `sandbox` or `portfolio`."""

    def __init__(self, base_url: str, *, signer: HmacSigner | None = None, token: str | None = None) -> None:
        if (signer is None) == (token is None):
            raise ValueError("Credentials take either an HMAC signer or a bearer token, exactly one")
        if token is not None:
            check_bearer_token(token)
        self._origin = Origin.of(base_url)
        self._signer = signer
        self._token = token

    @classmethod
    def production(
        cls, base_url: str, access_key: str, secret_key: str, *, clock: Callable[[], datetime] | None = None
    ) -> Credentials:
        """Production: every request to `base_url`'s origin signed with HMAC-SHA256 (the keys of API Settings).
        Portfolio paths (`/v1/portfolios/...`) are left unsigned: they take a portfolio token."""
        signer = (
            HmacSigner(access_key, secret_key) if clock is None else HmacSigner(access_key, secret_key, clock=clock)
        )
        return cls(base_url, signer=signer)

    @classmethod
    def sandbox(cls, base_url: str, api_key: str) -> Credentials:
        """Sandbox: the API key of API Settings as a bearer token."""
        return cls(base_url, token=api_key)

    @classmethod
    def portfolio(cls, base_url: str, token: str) -> Credentials:
        """The portfolio variant: a bearer token with portfolio scopes."""
        return cls(base_url, token=token)

    def needs_body(self, url: str) -> bool:
        """Whether the request to `url` is signed, so its body bytes must be known before it is sent."""
        return self._signer is not None and not _path_of(url)[1]

    def headers(self, method: str, url: str | Origin, target: str, body: bytes | None) -> Mapping[str, str]:
        """The headers to set on one request: `url` is absolute (for the origin; or the origin itself), `target` the
        request line's target as sent (path and query), `body` the exact bytes sent. Raises CrossOriginRequestError
        for any other origin than the base URL's, before anything is sent."""
        path = self._authorized_path(method, url, target)
        if path is None:
            return {}
        if self._signer is not None:
            return self._signer.headers(method, path, body)
        return {AUTHORIZATION_HEADER: f"Bearer {self._token}"}

    async def async_headers(self, method: str, url: str | Origin, target: str, body: bytes | None) -> Mapping[str, str]:
        """`headers` on an event loop: a repeated signature's wait for the next second does not block it."""
        path = self._authorized_path(method, url, target)
        if path is None:
            return {}
        if self._signer is not None:
            return await self._signer.async_headers(method, path, body)
        return {AUTHORIZATION_HEADER: f"Bearer {self._token}"}

    def _authorized_path(self, method: str, url: str | Origin, target: str) -> str | None:
        """The path to authenticate, or None for a portfolio path in production (its own token); refuses any other
        origin than the base URL's."""
        path, portfolio = _path_of(target)
        if self._signer is not None and portfolio:
            return None
        origin = url if isinstance(url, Origin) else Origin.of(url)
        if origin != self._origin:
            raise CrossOriginRequestError(
                f"Refused to authenticate {method.upper()} {path} for {origin}: these credentials are for "
                f"{self._origin} only; nothing was sent"
            )
        return path

    def __repr__(self) -> str:
        mode = f"hmac, access_key={self._signer.access_key!r}" if self._signer is not None else "bearer"
        return f"Credentials({mode}, origin='{self._origin}')"


class CredentialsAuth:
    """What both adapters share: their constructors, one per way to authenticate, and a repr without secrets."""

    def __init__(self, credentials: Credentials) -> None:
        self._credentials = credentials

    @classmethod
    def production(
        cls, base_url: str, access_key: str, secret_key: str, *, clock: Callable[[], datetime] | None = None
    ) -> Self:
        """HMAC-SHA256 signatures with the keys of API Settings, for `base_url`'s origin."""
        return cls(Credentials.production(base_url, access_key, secret_key, clock=clock))

    @classmethod
    def sandbox(cls, base_url: str, api_key: str) -> Self:
        """The sandbox API key as a bearer token, for `base_url`'s origin."""
        return cls(Credentials.sandbox(base_url, api_key))

    @classmethod
    def portfolio(cls, base_url: str, token: str) -> Self:
        """A portfolio bearer token, for `base_url`'s origin."""
        return cls(Credentials.portfolio(base_url, token))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._credentials!r})"


def refuse_redirect(status: int, location: str | None) -> None:
    """Raises RedirectRefusedError for a redirect answer: an authenticated request never follows one."""
    if location is not None and 300 <= status < 400:
        raise RedirectRefusedError(status, location or None)


def streamed_body_error(method: str, path: str, kind: str) -> StreamedBodyError:
    return StreamedBodyError(
        f"Cannot sign {method.upper()} {request_path(path)}: its body is a stream ({kind}), whose bytes are not "
        "known before they are sent; give the body as bytes (or JSON, form fields, files) so the signature covers "
        "exactly what is sent. Nothing was sent"
    )
