"""A bound on the response a urllib3 pool manager passes on, for the hook and the ready-made clients alike: a
declared Content-Length over the bound is refused before a byte of the body is read, and a body without one stops
being read one byte past the bound. Without it, urllib3 reads any answer whole into memory."""

from __future__ import annotations

import functools
import io
from typing import Any, TypeVar

import urllib3

# No response of this API is documented as large: 16 MiB is far above any JSON body it sends.
DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024

Manager = TypeVar("Manager", bound=urllib3.PoolManager)


class ResponseTooLargeError(Exception):
    """Raised when a response body is larger than the client's bound; the rest is not read."""


def check_bound(max_response_bytes: int) -> int:
    """The bound, when it is an int of at least 1; else ValueError."""
    if isinstance(max_response_bytes, bool) or not isinstance(max_response_bytes, int) or max_response_bytes < 1:
        raise ValueError(f"max_response_bytes must be an int of at least 1, got {max_response_bytes!r}")
    return max_response_bytes


def declared_over(declared: str | None, limit: int) -> bool:
    """Whether a response's Content-Length declares more than the bound (its body is then not read)."""
    return declared is not None and declared.isdigit() and int(declared) > limit


def declared_too_large(declared: str | None, limit: int) -> ResponseTooLargeError:
    """The error for a declared Content-Length over the bound. (Raised where it is made, never kept in a local: a
    local holding it would tie the frame, and so the response and its connection, into a cycle with its traceback.)"""
    return ResponseTooLargeError(
        f"Response of {declared} bytes is larger than the client's bound of {limit} bytes; it was not read"
    )


def read_over(limit: int) -> ResponseTooLargeError:
    """The error for a body that went past the bound while it was read (reading stops there)."""
    return ResponseTooLargeError(
        f"Response body is larger than the client's bound of {limit} bytes; reading stopped there"
    )


def bounded_response(response: Any, limit: int) -> urllib3.BaseHTTPResponse:
    """The response with its body read, at most `limit` bytes, or ResponseTooLargeError."""
    declared = response.headers.get("Content-Length")
    if declared_over(declared, limit):
        response.release_conn()
        raise declared_too_large(declared, limit)
    data = response.read(limit + 1)
    if len(data) > limit:
        response.close()
        raise read_over(limit)
    response.release_conn()
    return urllib3.HTTPResponse(
        body=io.BytesIO(data),
        headers=response.headers,
        status=response.status,
        reason=response.reason,
        request_method=getattr(response, "_request_method", None),
        request_url=response.url,
        preload_content=False,
        decode_content=False,
    )


def bound_responses(pool_manager: Manager, max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES) -> Manager:
    """Makes every response of this pool manager read at most `max_response_bytes` (ResponseTooLargeError past
    it). Applied again, it changes the bound in place: the body is still read once, not once per bound."""
    check_bound(max_response_bytes)
    urlopen = pool_manager.urlopen
    # Our own wrapper marks itself (functools.wraps copies the marks of a wrapper it wraps, so a mark that
    # points at another function is not ours): re-bounding replaces it rather than nesting a second copy.
    if getattr(urlopen, "_bounding", None) is urlopen:
        urlopen = urlopen._unbounded  # type: ignore[attr-defined]  # noqa: SLF001 (our own mark)

    @functools.wraps(urlopen)
    def bounding(method: str, url: str, *args: Any, **kw: Any) -> Any:
        kw["preload_content"] = False
        return bounded_response(urlopen(method, url, *args, **kw), max_response_bytes)

    bounding._unbounded = urlopen  # type: ignore[attr-defined]  # noqa: SLF001 (a mark on our own wrapper)
    bounding._bounding = bounding  # type: ignore[attr-defined]  # noqa: SLF001
    pool_manager.urlopen = bounding  # type: ignore[method-assign]
    return pool_manager
