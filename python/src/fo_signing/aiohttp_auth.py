"""Authentication for `aiohttp` (the `async` extra): a client middleware that signs the exact bytes aiohttp sends, or
sets a bearer token, for its base URL's origin only, and refuses redirects. aiohttp runs a session's middlewares for
every request it sends, each redirect hop and each retry included, so every attempt is signed afresh.

    async with aiohttp.ClientSession(middlewares=(AiohttpAuth.production(base_url, access_key, secret_key),)) as s:
        ...
"""

from __future__ import annotations

from aiohttp import ClientHandlerType, ClientRequest, ClientResponse, MultipartWriter
from aiohttp.payload import BytesPayload

from .credentials import CredentialsAuth, refuse_redirect, streamed_body_error
from .origin import Origin


class AiohttpAuth(CredentialsAuth):
    """HMAC-SHA256 for production, a bearer token for the sandbox and portfolios; see `Credentials`.

    A production request's body must be known before it is sent: bytes, text, JSON, form fields, or a multipart form
    of such parts. A stream (an open file, an async iterator) raises StreamedBodyError before anything is sent. A
    repeated signature's wait for the next second (see `HmacSigner`) awaits, never blocking the event loop.
    """

    async def __call__(self, request: ClientRequest, handler: ClientHandlerType) -> ClientResponse:
        target = request.url.raw_path
        body = None
        if self._credentials.needs_body(target):
            body = await _exact_bytes(request, target)
        url = request.url
        origin = Origin.at(url.scheme, url.raw_host, url.port)
        request.headers.update(await self._credentials.async_headers(request.method, origin, target, body))
        response = await handler(request)
        location = response.headers.get("Location")
        if location is not None and 300 <= response.status < 400:
            response.release()
            refuse_redirect(response.status, location)
        return response


async def _exact_bytes(request: ClientRequest, target: str) -> bytes:
    """The bytes aiohttp will send: a bytes, text or JSON payload as it is, a multipart form part by part."""
    body = request.body
    if isinstance(body, bytes):
        return body
    if isinstance(body, BytesPayload):
        return await body.as_bytes()
    if isinstance(body, MultipartWriter) and all(
        isinstance(part, BytesPayload) and not encoding and not transfer for part, encoding, transfer in body
    ):
        return await body.as_bytes()
    raise streamed_body_error(request.method, target, type(body).__name__)
