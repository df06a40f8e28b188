"""Authentication for `requests` (the `requests` extra): an `AuthBase` that signs the prepared request's exact
body, or sets a bearer token, for its base URL's origin only, and never lets a redirect be followed.

    session.auth = RequestsAuth.production(base_url, access_key, secret_key)
"""

from __future__ import annotations

from typing import Any

import requests

from .credentials import CredentialsAuth, refuse_redirect, streamed_body_error


def _refuse_redirects(response: requests.Response, **_: Any) -> requests.Response:
    """The response hook: raises RedirectRefusedError on a 3xx with a Location, before requests follows it."""
    if response.is_redirect:
        response.close()
        refuse_redirect(response.status_code, response.headers.get("Location"))
    return response


class RequestsAuth(CredentialsAuth, requests.auth.AuthBase):
    """HMAC-SHA256 for production, a bearer token for the sandbox and portfolios; see `Credentials`.

    A production request's body must be bytes when it is prepared (`data=bytes`, `json=`, `files=`, form
    fields): a stream (a generator, an open file) raises StreamedBodyError before anything is sent. A text body
    is sent as its UTF-8 bytes, the bytes that were signed.
    """

    def __call__(self, request: requests.PreparedRequest) -> requests.PreparedRequest:
        method, url, target = request.method or "GET", request.url or "", request.path_url
        body = request.body
        if self._credentials.needs_body(target):
            body = _exact_bytes(request, method, target)
        request.headers.update(self._credentials.headers(method, url, target, body))
        request.register_hook("response", _refuse_redirects)
        return request


def _exact_bytes(request: requests.PreparedRequest, method: str, target: str) -> bytes | None:
    """The bytes that will be sent; text is encoded here (UTF-8) so what is sent is what was signed."""
    body = request.body
    if body is None or isinstance(body, bytes):
        return body
    if isinstance(body, (str, bytearray, memoryview)):
        data = body.encode("utf-8") if isinstance(body, str) else bytes(body)
        request.body = data
        if "Transfer-Encoding" not in request.headers:
            request.headers["Content-Length"] = str(len(data))
        return data
    raise streamed_body_error(method, target, type(body).__name__)
