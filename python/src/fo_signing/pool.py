"""Signing for urllib3, the HTTP library of OpenAPI Generator's `python` client.

urllib3 has no auth hook, so the signature is added where the request is written: in the connection's
`request`, which gets the exact request target and body after urllib3's own encoding, and is called
again for every retry. The connection signs only for the signer's own origin (any other is refused before a
byte is sent), and the pool manager never follows a redirect of a signed request.
"""

from __future__ import annotations

import functools
from typing import Any, TypeVar
from urllib.parse import urlsplit

import urllib3
from urllib3.connection import HTTPConnection

from .bounded import DEFAULT_MAX_RESPONSE_BYTES, bound_responses, check_bound
from .origin import CrossOriginRequestError, Origin, RedirectRefusedError
from .signer import HmacSigner, is_portfolio_path

Manager = TypeVar("Manager", bound=urllib3.PoolManager)


def _body_bytes(body: Any) -> bytes | None:
    """The bytes urllib3 sends: text as UTF-8 (urllib3 2 encodes it so), a file or chunks read whole."""
    if body is None or isinstance(body, bytes):
        return body
    if isinstance(body, str):
        return body.encode("utf-8")
    if isinstance(body, (bytearray, memoryview)):
        return bytes(body)
    if hasattr(body, "read"):
        data = body.read()
        return data.encode("utf-8") if isinstance(data, str) else data
    return b"".join(chunk.encode("utf-8") if isinstance(chunk, str) else bytes(chunk) for chunk in body)


def _path(target: str) -> str:
    """The path of the request line: origin form, or absolute form through an HTTP proxy."""
    path = target if target.startswith("/") else urlsplit(target).path or "/"
    return path.split("?", 1)[0]


class _SigningConnection(HTTPConnection):
    _signer: HmacSigner
    _origin: Origin
    _scheme: str

    def _target_origin(self, url: str) -> Origin:
        """Where this request goes: the absolute-form target through a proxy, else this connection's peer."""
        if not url.startswith("/"):
            return Origin.of(url)
        return Origin.at(self._scheme, self.host, self.port)

    def request(self, method: str, url: str, body: Any = None, headers: Any = None, **kw: Any) -> None:  # type: ignore[override]
        path = _path(url)
        if not is_portfolio_path(path):
            target = self._target_origin(url)
            if target != self._origin:
                raise CrossOriginRequestError(
                    f"Refused to sign {method} {path} for {target}: this signer signs for {self._origin} only; "
                    "nothing was sent"
                )
        data = _body_bytes(body)
        if not is_portfolio_path(path):
            headers = urllib3.HTTPHeaderDict(headers or {})
            headers.update(self._signer.headers(method, path, data))
        super().request(method, url, body=data, headers=headers, **kw)


def _signing_pool_class(pool_class: type, signer: HmacSigner, origin: Origin) -> type:
    pool_class = getattr(pool_class, "_unsigned", pool_class)
    connection = pool_class.ConnectionCls
    attributes = {"_signer": signer, "_origin": origin, "_scheme": pool_class.scheme}
    signing_connection = type(f"Signing{connection.__name__}", (_SigningConnection, connection), attributes)
    return type(
        f"Signing{pool_class.__name__}", (pool_class,), {"ConnectionCls": signing_connection, "_unsigned": pool_class}
    )


def _refusing_redirects(urlopen: Any) -> Any:
    """urlopen that never follows a redirect, and raises on one instead of handing a 3xx back as an answer."""
    if hasattr(urlopen, "_unrefused"):
        return urlopen

    @functools.wraps(urlopen)
    def refusing(method: str, url: str, redirect: bool = True, **kw: Any) -> Any:
        response = urlopen(method, url, redirect=False, **kw)
        location = response.get_redirect_location()
        if location is not False:
            response.drain_conn()
            response.release_conn()
            raise RedirectRefusedError(response.status, location or None)
        return response

    refusing._unrefused = urlopen  # type: ignore[attr-defined]  # noqa: SLF001 (a mark on our own wrapper)
    return refusing


def sign_pool_manager(
    pool_manager: Manager,
    signer: HmacSigner,
    base_url: str,
    *,
    max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES,
) -> Manager:
    """Makes every request of this pool manager (PoolManager, ProxyManager) to `base_url`'s origin signed,
    each retry afresh; a request to any other origin raises CrossOriginRequestError before it is sent, and a
    redirect raises RedirectRefusedError instead of being followed.

    Every response it passes on is bounded at `max_response_bytes` (16 MiB by default): a larger one raises
    ResponseTooLargeError, its declared length refused before reading, an undeclared body read no further.

    Requests on portfolio paths (`/v1/portfolios/...`) are left as they are: they carry a bearer token (their
    responses are bounded all the same).
    """
    check_bound(max_response_bytes)
    origin = Origin.of(base_url)
    pool_manager.pool_classes_by_scheme = {
        scheme: _signing_pool_class(pool_class, signer, origin)
        for scheme, pool_class in pool_manager.pool_classes_by_scheme.items()
    }
    refuse_redirects(pool_manager)
    bound_responses(pool_manager, max_response_bytes)
    pool_manager.clear()
    return pool_manager


def refuse_redirects(pool_manager: Manager) -> Manager:
    """Makes this pool manager raise RedirectRefusedError on a 3xx with a Location instead of following it."""
    pool_manager.urlopen = _refusing_redirects(pool_manager.urlopen)  # type: ignore[method-assign]
    return pool_manager


def sign_api_client(
    api_client: Any,
    access_key: str,
    secret_key: str,
    *,
    max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES,
    **signer_options: Any,
) -> Any:
    """Signs every request of an OpenAPI Generator `python` ApiClient (urllib3 library) to the origin of its
    configured host, and bounds every response at `max_response_bytes` (16 MiB by default); returns it."""
    signer = HmacSigner(access_key, secret_key, **signer_options)
    sign_pool_manager(
        api_client.rest_client.pool_manager,
        signer,
        api_client.configuration.host,
        max_response_bytes=max_response_bytes,
    )
    return api_client
