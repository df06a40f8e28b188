"""What every request of an async client goes through, around the generated `fo_api.aio` REST client (aiohttp): a
default timeout per attempt, a bound on the response size, and retries only where the reference allows them (the
sync client's `RetryPolicy`), waiting with the event loop's sleep; a signed retry is sent in a later second than
its attempt ended in. Signing, the origin rule and refused redirects are the session's middleware (`AiohttpAuth`),
which aiohttp runs for every attempt. A cancelled call is not retried, and a response it leaves half-read is closed,
never put back in the pool.
"""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp
from fo_api.aio.configuration import Configuration
from fo_api.aio.rest import RESTClientObject, RESTResponse

from fo_signing import HmacSigner
from fo_signing.bounded import declared_over, declared_too_large, read_over

from .policy import DEFAULT_TIMEOUT, RETRY_STATUSES, RetryPolicy

# The sync client's default (DEFAULT_TIMEOUT: connect 10 s, read 30 s) in aiohttp's terms, for each attempt.
DEFAULT_ASYNC_TIMEOUT = aiohttp.ClientTimeout(
    total=None, sock_connect=DEFAULT_TIMEOUT.connect_timeout, sock_read=DEFAULT_TIMEOUT.read_timeout
)
# What a retryable request is retried on besides a status: no connection, a dropped or cut answer, a timeout.
RETRYABLE_ERRORS = (aiohttp.ClientConnectionError, aiohttp.ClientPayloadError, asyncio.TimeoutError)


def client_timeout(timeout: aiohttp.ClientTimeout | float | tuple[float, float]) -> aiohttp.ClientTimeout:
    """A ClientTimeout as given; a number as the whole attempt's bound; a pair as (connect, read), as the generated
    `_request_timeout` takes them."""
    if isinstance(timeout, aiohttp.ClientTimeout):
        return timeout
    if isinstance(timeout, tuple):
        return aiohttp.ClientTimeout(total=None, sock_connect=timeout[0], sock_read=timeout[1])
    return aiohttp.ClientTimeout(total=timeout)


async def read_bounded(response: aiohttp.ClientResponse, limit: int) -> bytes:
    """The whole body, at most `limit` bytes (ResponseTooLargeError past it: a declared length over it is not read);
    the connection goes back to the pool only after a complete read, and is closed on anything else."""
    try:
        declared = response.headers.get("Content-Length")
        if declared_over(declared, limit):
            raise declared_too_large(declared, limit)
        if response.content_length is not None:
            return await response.read()
        chunks: list[bytes] = []
        size = 0
        async for chunk in response.content.iter_any():
            size += len(chunk)
            if size > limit:
                raise read_over(limit)
            chunks.append(chunk)
        return b"".join(chunks)
    except BaseException:
        response.close()
        raise
    finally:
        response.release()


class PolicyRestClient(RESTClientObject):
    """The generated REST client with the policy around each call; the session it makes has `middlewares` (the
    signing or bearer middleware) and never reads the environment (proxies, netrc: aiohttp's `trust_env`, which
    costs two thread hand-offs a request)."""

    def __init__(
        self,
        configuration: Configuration,
        *,
        middlewares: tuple[aiohttp.ClientMiddlewareType, ...],
        timeout: aiohttp.ClientTimeout | float,
        max_response_bytes: int,
        retry: RetryPolicy,
        signer: HmacSigner | None,
    ) -> None:
        configuration.client_session_kwargs = {"trust_env": False, "middlewares": middlewares}
        super().__init__(configuration)
        self._timeout = client_timeout(timeout)
        self._max_response_bytes = max_response_bytes
        self._retry = retry
        self._signer = signer

    async def request(  # type: ignore[override]
        self,
        method: str,
        url: str,
        headers: dict[str, Any] | None = None,
        body: Any = None,
        post_params: Any = None,
        _request_timeout: float | tuple[float, float] | None = None,
    ) -> RESTResponse:
        timeout = self._timeout if _request_timeout is None else client_timeout(_request_timeout)
        attempts = max(self._retry.attempts_for(method, url, headers), 1)
        retry = 0
        while True:
            try:
                # A copy each attempt: the generated client edits the headers it is given (multipart's Content-Type).
                response = await super().request(method, url, dict(headers or {}), body, post_params, timeout)
                response.data = await read_bounded(response.response, self._max_response_bytes)
            except RETRYABLE_ERRORS:
                if retry + 1 >= attempts:
                    raise
                retry_after = None
            else:
                if retry + 1 >= attempts or response.status not in RETRY_STATUSES:
                    return response
                retry_after = response.headers.get("Retry-After")
            retry += 1
            ended = self._signer.clock_second() if self._signer is not None else 0
            await asyncio.sleep(self._retry.wait_before(retry, retry_after))
            if self._signer is not None:
                await self._signer.async_wait_past(ended)
