"""Authentication for `httpx` (the `httpx` extra): an `httpx.Auth` for `Client` and `AsyncClient` alike that signs
the request's exact content, or sets a bearer token, for its base URL's origin only, and refuses redirects.

    client = httpx.Client(base_url=base_url, auth=HttpxAuth.production(base_url, access_key, secret_key))
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, Generator

import httpx

from .credentials import CredentialsAuth, refuse_redirect, streamed_body_error


class HttpxAuth(CredentialsAuth, httpx.Auth):
    """HMAC-SHA256 for production, a bearer token for the sandbox and portfolios; see `Credentials`.

    A production request's content must be known before it is sent: bytes, text, JSON, form fields, or files
    (multipart, which httpx encodes and this reads once). A stream (`content=` a generator, an iterator, an open
    file) raises StreamedBodyError before anything is sent.
    """

    def auth_flow(self, request: httpx.Request) -> Generator[httpx.Request, httpx.Response, None]:
        target, body = self._target_and_body(request)
        request.headers.update(self._credentials.headers(request.method, str(request.url), target, body))
        response = yield request
        refuse_redirect(response.status_code, response.headers.get("Location"))

    def sync_auth_flow(self, request: httpx.Request) -> Generator[httpx.Request, httpx.Response, None]:
        if _multipart_unread(request):
            request.read()
        yield from self.auth_flow(request)

    async def async_auth_flow(self, request: httpx.Request) -> AsyncGenerator[httpx.Request, httpx.Response]:
        # The signer's wait for the next second (a repeated signature) is awaited here, never blocking the loop.
        if _multipart_unread(request):
            await request.aread()
        target, body = self._target_and_body(request)
        request.headers.update(await self._credentials.async_headers(request.method, str(request.url), target, body))
        response = yield request
        refuse_redirect(response.status_code, response.headers.get("Location"))

    def _target_and_body(self, request: httpx.Request) -> tuple[str, bytes | None]:
        """The request line's target as sent, and the exact body when the request is signed."""
        target = request.url.raw_path.decode("ascii")
        if not self._credentials.needs_body(target):
            return target, None
        try:
            return target, request.content
        except httpx.RequestNotRead:
            raise streamed_body_error(request.method, target, type(request.stream).__name__) from None


def _multipart_unread(request: httpx.Request) -> bool:
    """httpx's own multipart encoding (`files=`) is not read up front; it can be, once, and sent as read."""
    try:
        request.content  # noqa: B018 (raises RequestNotRead when the content is still a stream)
        return False
    except httpx.RequestNotRead:
        return request.headers.get("Content-Type", "").startswith("multipart/form-data")
