"""Credentials for the Schemathesis run against the mock, as a `requests` auth hook.

Loaded by Schemathesis through SCHEMATHESIS_HOOKS=fo_auth. It signs through the package's own signer
(`fo_signing.requests_auth.RequestsAuth`, the strict secret decode included), which sees each request fully
prepared, so a production signature covers the exact path and body bytes that go on the wire. The fuzz
environment gets `fo_signing` from the repository's python/src (see fuzz/README.md).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import datetime

import requests
import schemathesis

from fo_signing import HmacSigner, is_portfolio_path
from fo_signing.credentials import Credentials, request_path
from fo_signing.requests_auth import RequestsAuth


class MockAuth(requests.auth.AuthBase):
    """Production: the HMAC signature. Sandbox: `Bearer <access key>`. Portfolio routes: the portfolio token."""

    def __init__(
        self,
        mode: str,
        base_url: str,
        access_key: str,
        secret_key: str,
        portfolio_token: str,
        *,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        if mode == "production":
            # Schemathesis resends requests on purpose and the mock runs with --replay allow: signing every one at
            # the clock's time, not holding a repeat for the next second, keeps the run's length bounded.
            options = {} if clock is None else {"clock": clock}
            signer = HmacSigner(access_key, secret_key, hold_repeats=False, **options)
            self._auth = RequestsAuth(Credentials(base_url, signer=signer))
        elif mode == "sandbox":
            self._auth = RequestsAuth.sandbox(base_url, access_key)
        else:
            raise ValueError(f"FO_FUZZ_AUTH must be production or sandbox, not {mode!r}")
        self._portfolio = RequestsAuth.portfolio(base_url, portfolio_token)

    def __call__(self, request: requests.PreparedRequest) -> requests.PreparedRequest:
        if is_portfolio_path(request_path(request.path_url)):
            return self._portfolio(request)
        return self._auth(request)

    def __repr__(self) -> str:
        return f"MockAuth({self._auth!r})"


if "FO_FUZZ_AUTH" in os.environ:
    schemathesis.auth.set_from_requests(
        MockAuth(
            os.environ["FO_FUZZ_AUTH"],
            os.environ["FO_BASE_URL"],
            os.environ["FO_ACCESS_KEY"],
            os.environ["FO_SECRET_KEY"],
            os.environ.get("FO_PORTFOLIO_TOKEN", "portfolio-token"),
        )
    )


def _one_segment(value: object) -> bool:
    """A path parameter value that stays one segment of the path as signed."""
    text = str(value)
    return text not in ("", ".", "..") and "/" not in text and "\\" not in text


@schemathesis.hook
def filter_path_parameters(context: schemathesis.HookContext, path_parameters: dict[str, object]) -> bool:
    """Generates only path parameter values a client can send as signed: one with '/' or '\\' (sent percent-encoded,
    which routers decode before they match) or a dot segment is refused by the mock's front, as by the project's
    clients, before any operation sees it; the reference shows no status for that refusal."""
    return all(_one_segment(value) for value in (path_parameters or {}).values())
