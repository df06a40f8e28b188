"""Credentials for the Schemathesis run against the mock, as a `requests` auth hook.

Loaded by Schemathesis through SCHEMATHESIS_HOOKS=fo_auth. The hook sees each request fully prepared,
so a production signature covers the exact path and body bytes that go on the wire, as the reference's
HMAC steps require: access key, timestamp, method, path and the SHA-256 of the body, one per line.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import time

import requests
import schemathesis

PORTFOLIO_ROUTE_PREFIX = "/v1/portfolios/"


def decode_secret(secret_key: str) -> bytes:
    """URL-safe Base64 without padding, as issued."""
    return base64.urlsafe_b64decode(secret_key + "=" * (-len(secret_key) % 4))


def signature(key: bytes, access_key: str, timestamp: str, method: str, path: str, body: bytes) -> str:
    text = "\n".join([access_key, timestamp, method.upper(), path, hashlib.sha256(body).hexdigest()])
    return hmac.new(key, text.encode("utf-8"), hashlib.sha256).hexdigest()


class MockAuth(requests.auth.AuthBase):
    """Production: the HMAC signature. Sandbox: `Bearer <access key>`. Portfolio routes: the portfolio bearer token."""

    def __init__(self, mode: str, access_key: str, secret_key: str, portfolio_token: str = "portfolio-token") -> None:
        if mode not in ("production", "sandbox"):
            raise ValueError(f"FO_FUZZ_AUTH must be production or sandbox, not {mode!r}")
        self.mode = mode
        self.access_key = access_key
        self.key = decode_secret(secret_key)
        self.portfolio_token = portfolio_token

    def __call__(self, request: requests.PreparedRequest) -> requests.PreparedRequest:
        path = request.path_url.split("?", 1)[0]
        if path.startswith(PORTFOLIO_ROUTE_PREFIX):
            request.headers["Authorization"] = f"Bearer {self.portfolio_token}"
        elif self.mode == "sandbox":
            request.headers["Authorization"] = f"Bearer {self.access_key}"
        else:
            body = request.body or b""
            if isinstance(body, str):
                body = body.encode("utf-8")
            timestamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
            sig = signature(self.key, self.access_key, timestamp, request.method or "GET", path, body)
            request.headers["Authorization"] = f"Service-HMAC-SHA256 {self.access_key}:{timestamp}:{sig}"
            request.headers["X-SVC-Date"] = timestamp
        return request


if "FO_FUZZ_AUTH" in os.environ:
    schemathesis.auth.set_from_requests(
        MockAuth(os.environ["FO_FUZZ_AUTH"], os.environ["FO_ACCESS_KEY"], os.environ["FO_SECRET_KEY"], os.environ.get("FO_PORTFOLIO_TOKEN", "portfolio-token"))
    )
