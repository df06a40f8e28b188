"""Signing for urllib3, the HTTP library of OpenAPI Generator's `python` client.

urllib3 has no auth hook, so the signature is added where the request is written: in the connection's
`request`, which gets the exact request target and body after urllib3's own encoding, and is called
again for every retry and redirect.
"""

from __future__ import annotations

from typing import Any, TypeVar
from urllib.parse import urlsplit

import urllib3
from urllib3.connection import HTTPConnection

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

    def request(self, method: str, url: str, body: Any = None, headers: Any = None, **kw: Any) -> None:  # type: ignore[override]
        data = _body_bytes(body)
        path = _path(url)
        if not is_portfolio_path(path):
            headers = urllib3.HTTPHeaderDict(headers or {})
            headers.update(self._signer.headers(method, path, data))
        super().request(method, url, body=data, headers=headers, **kw)


def _signing_pool_class(pool_class: type, signer: HmacSigner) -> type:
    pool_class = getattr(pool_class, "_unsigned", pool_class)
    connection = pool_class.ConnectionCls
    signing_connection = type(f"Signing{connection.__name__}", (_SigningConnection, connection), {"_signer": signer})
    return type(f"Signing{pool_class.__name__}", (pool_class,), {"ConnectionCls": signing_connection, "_unsigned": pool_class})


def sign_pool_manager(pool_manager: Manager, signer: HmacSigner) -> Manager:
    """Makes every request of this pool manager (PoolManager, ProxyManager) signed, each retry afresh.

    Requests on portfolio paths (`/v1/portfolios/...`) are left as they are: they carry a bearer token.
    """
    pool_manager.pool_classes_by_scheme = {
        scheme: _signing_pool_class(pool_class, signer)
        for scheme, pool_class in pool_manager.pool_classes_by_scheme.items()
    }
    pool_manager.clear()
    return pool_manager


def sign_api_client(api_client: Any, access_key: str, secret_key: str, **signer_options: Any) -> Any:
    """Signs every request of an OpenAPI Generator `python` ApiClient (urllib3 library); returns it."""
    signer = HmacSigner(access_key, secret_key, **signer_options)
    sign_pool_manager(api_client.rest_client.pool_manager, signer)
    return api_client
