"""What every request of a client made here goes through: a default timeout, a bound on the response size,
no redirects, and retries only where the reference allows them (reads; POSTs that carry an Idempotency-Key;
never Execute Quote), with exponential backoff and jitter, each attempt signed afresh by the connection, a retry
in a later second than the attempt before (so a server that refuses a repeated signature never sees one)."""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import takewhile
from typing import Any

import urllib3
from urllib3.util.retry import Retry

from fo_signing import (
    DEFAULT_MAX_RESPONSE_BYTES,
    HmacSigner,
    bound_responses,
    refuse_redirects,
)

# No figure in the reference: long enough for a quote (its own 408 comes from the server), short enough to fail.
DEFAULT_TIMEOUT = urllib3.Timeout(connect=10.0, read=30.0)
# Statuses worth a retry of a safe request: rate limit, and the server's transient failures.
RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
_EXECUTE_QUOTE = re.compile(r"/v1/customers/[^/]+/conversions/hedge$")


class _Backoff(Retry):
    """urllib3's Retry, but the first retry waits too: backoff * 2^(n-1), capped, plus random jitter; and with a
    signer, a retry is never signed in the second of the attempt before (so it never repeats its signature)."""

    signer: HmacSigner | None = None

    def new(self, **kw: Any) -> _Backoff:
        retry = super().new(**kw)
        retry.signer = self.signer
        return retry

    def sleep(self, response: Any = None) -> None:
        super().sleep(response)
        if self.signer is not None:
            self.signer.wait_past_last_signing()

    def get_backoff_time(self) -> float:
        tries = len(list(takewhile(lambda attempt: attempt.redirect_location is None, reversed(self.history))))
        return backoff_seconds(tries, self.backoff_factor, self.backoff_max, self.backoff_jitter)


def backoff_seconds(tries: int, backoff: float, backoff_max: float, jitter: float) -> float:
    """The wait before retry number `tries` (from 1): backoff * 2^(tries-1), capped, plus random jitter."""
    if tries == 0:
        return 0.0
    return min(backoff_max, backoff * 2 ** (tries - 1)) + random.random() * jitter  # noqa: S311 (jitter spreads retries, it guards nothing)


@dataclass(frozen=True)
class RetryPolicy:
    """How many attempts a retryable request gets, and the backoff between them (seconds).

    Backoff doubles from `backoff` up to `backoff_max`, plus a random jitter of up to `jitter` seconds;
    a Retry-After header (429, 503) is honoured instead where the server sends one.
    """

    attempts: int = 3
    backoff: float = 0.5
    backoff_max: float = 8.0
    jitter: float = 0.5

    def retry_for(
        self, method: str, url: str, headers: Mapping[str, str] | None, signer: HmacSigner | None = None
    ) -> Retry:
        """The urllib3 Retry of one request: retries only for a read or an idempotent POST; each retry signed by
        `signer` (if any) in a later second than the attempt before."""
        retries = max(self.attempts_for(method, url, headers) - 1, 0)
        policy = _Backoff(
            total=retries,
            connect=retries,
            read=retries,
            status=retries,
            other=0,
            redirect=False,
            allowed_methods=None,
            status_forcelist=RETRY_STATUSES,
            backoff_factor=self.backoff,
            backoff_max=self.backoff_max,
            backoff_jitter=self.jitter,
            raise_on_status=False,
            retry_after_max=max(int(self.backoff_max), 1),
        )
        policy.signer = signer
        return policy

    def attempts_for(self, method: str, url: str, headers: Mapping[str, str] | None) -> int:
        """How many attempts this request gets: `attempts` for a read (GET, HEAD) or a POST with an Idempotency-Key
        (never Execute Quote), else one."""
        verb = method.upper()
        if verb in ("GET", "HEAD"):
            return self.attempts
        keyed = verb == "POST" and any(name.lower() == "idempotency-key" for name in (headers or {}))
        if keyed and not _EXECUTE_QUOTE.search(urllib3.util.parse_url(url).path or "/"):
            return self.attempts
        return 1

    def wait_before(self, retry: int, retry_after: str | None = None) -> float:
        """Seconds before retry number `retry` (from 1): the server's Retry-After (seconds or an HTTP date, capped at
        `backoff_max`, as urllib3 reads it for the sync client) where it sends one, else the backoff with jitter."""
        if retry_after is not None:
            try:
                seconds = Retry(retry_after_max=max(int(self.backoff_max), 1)).parse_retry_after(retry_after)
            except urllib3.exceptions.InvalidHeader:
                seconds = 0.0
            if seconds:
                return seconds
        return backoff_seconds(retry, self.backoff, self.backoff_max, self.jitter)


def apply_policy(
    pool_manager: urllib3.PoolManager,
    *,
    timeout: urllib3.Timeout | float = DEFAULT_TIMEOUT,
    max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES,
    retry: RetryPolicy = RetryPolicy(),
    signer: HmacSigner | None = None,
) -> urllib3.PoolManager:
    """Puts the policy on every request of this pool manager (redirects refused, as for signed requests); `signer`,
    the one signing its requests, if any, so each retry is signed in a later second than the attempt before."""
    refuse_redirects(pool_manager)
    # The same bound as the hook's (fo_signing.bound_responses): on a signed pool manager it replaces the hook's
    # bound rather than adding a second read of the body.
    bound_responses(pool_manager, max_response_bytes)
    urlopen = pool_manager.urlopen

    @functools.wraps(urlopen)
    def with_policy(method: str, url: str, redirect: bool = True, **kw: Any) -> Any:
        if kw.get("timeout") is None:
            kw["timeout"] = timeout
        if not isinstance(kw.get("retries"), Retry):
            kw["retries"] = retry.retry_for(method, url, kw.get("headers"), signer)
        return urlopen(method, url, **kw)

    pool_manager.urlopen = with_policy  # type: ignore[method-assign]
    return pool_manager
