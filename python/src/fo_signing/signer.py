"""Credentials checked once, then a fresh signature for every attempt of a request, never one sent before.

The signature covers the access key, a timestamp of whole seconds, the method, the path (no query) and the body's
hash: the same request signed twice within one second carries the same signature, and a server that refuses a
repeated signature (the project's mock by default) answers the second with 401. So the signer keeps a small ledger:
a state-changing request (anything but GET, HEAD, OPTIONS) whose signature it already handed out in the current
second waits for the next whole second and is signed then; it never writes a timestamp ahead of the clock. Reads
of one path within a second (pages of a list: the query is not signed) are not held apart, or a ten-page read would
take ten seconds; reading twice changes nothing and the mock never refuses a repeated read. A retry of any method
is held apart by `wait_past_last_signing`, which the ready-made client's retry calls before each new attempt.
On an event loop the same holds without blocking it: `async_headers` waits with the loop's sleep, and the async
client waits past the second an attempt ended in before its retry (`async_wait_past`).
"""

from __future__ import annotations

import asyncio
import math
import re
import threading
import time as _time
from collections.abc import Awaitable, Callable, Mapping
from datetime import datetime, timezone

from .signing import (
    MIN_SECRET_KEY_BYTES,
    InvalidCredentialsError,
    Signature,
    check_access_key,
    decode_secret_key,
    hash_body,
    sign,
)

_PORTFOLIO_PATH = re.compile(r"(^|/)v1/portfolios/")
# Methods that change nothing: a repeated signature of these is never refused (the mock's front does the same).
_READS = frozenset({"GET", "HEAD", "OPTIONS"})


def is_portfolio_path(path: str) -> bool:
    """Portfolio-scoped paths take the portfolio bearer token, never an HMAC signature."""
    return bool(_PORTFOLIO_PATH.search(path))


def _utc_now() -> datetime:
    return datetime.now(timezone.utc)


def _second(time: datetime) -> int:
    return math.floor(time.timestamp())


class _Seen:
    """The latest second a state-changing request was signed in, and what was signed in it, under a lock."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latest: float = -math.inf
        self.signed: set[tuple[str, str, str]] = set()


# Per access key, for every signer of this process on the system clock: two clients made with the same keys (one per
# request handler, say) never hand out one signature twice either. One entry per access key, one second's requests.
_ON_SYSTEM_CLOCK: dict[str, _Seen] = {}
_ON_SYSTEM_CLOCK_LOCK = threading.Lock()


def _seen_for(access_key: str, clock: Callable[[], datetime]) -> _Seen:
    if clock is not _utc_now:
        return _Seen()
    with _ON_SYSTEM_CLOCK_LOCK:
        return _ON_SYSTEM_CLOCK.setdefault(access_key, _Seen())


class HmacSigner:
    """Signs production requests with one access key and secret key (as issued in API Settings).

    The secret is checked and decoded here (strict URL-safe Base64, at least 16 key bytes), so bad
    credentials fail before any request is sent. Safe to share between threads: what it has signed in the current
    second is kept under a lock, and nothing of an earlier second (a clock set back waits until it has passed the
    latest second signed). On the system clock that memory is the access key's, shared by every signer of the key in
    this process. `clock` and `sleep` are injected for tests (a memory of their own); `sleep` must let the clock
    advance; `async_sleep` is the wait of `async_headers` (asyncio.sleep, or a test's with `clock`).
    `hold_repeats=False` signs a state-changing request at the clock's time even when that repeats a signature sent
    in the same second: only for a server known to accept repeats, such as a fuzzer's run against the mock started
    with `--replay allow` (a server that refuses replays answers the repeat with 401).
    """

    def __init__(
        self,
        access_key: str,
        secret_key: str,
        *,
        clock: Callable[[], datetime] = _utc_now,
        sleep: Callable[[float], None] = _time.sleep,
        async_sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
        hold_repeats: bool = True,
    ) -> None:
        check_access_key(access_key)
        key = decode_secret_key(secret_key)
        if len(key) < MIN_SECRET_KEY_BYTES:
            raise InvalidCredentialsError(
                f"Secret key decodes to {len(key)} bytes, fewer than {MIN_SECRET_KEY_BYTES}: "
                "copy it exactly as issued in API Settings"
            )
        self._access_key = access_key
        self._key = key
        self._clock = clock
        self._sleep = sleep
        self._async_sleep = async_sleep
        # What was signed in the latest second: shared with the key's other signers on the system clock.
        self._seen = _seen_for(access_key, clock)
        self._hold_repeats = hold_repeats
        # The last signing time on each thread: a retry (same thread, urllib3 retries in place) must come later.
        self._local = threading.local()
        # The last read's headers and the second they are for: the same read again in that second is the same string
        # to sign, so the same signature (a list read page after page, a poll), without a second HMAC.
        self._last_read: tuple[tuple[str, str, str, int], Mapping[str, str]] | None = None

    @property
    def access_key(self) -> str:
        """The access key (it stands in the Authorization header; the secret is never shown)."""
        return self._access_key

    def __repr__(self) -> str:
        return f"HmacSigner(access_key={self._access_key!r})"

    def _claim(self, method: str, path: str, body_hash: str) -> datetime | float:
        """The clock's time, when this request's signature is new at it (then recorded as handed out); else how many
        seconds to wait before asking again."""
        changes = self._hold_repeats and method.upper() not in _READS
        entry = (method.upper(), path, body_hash)
        seen = self._seen
        with seen.lock:
            now = self._clock()
            second = _second(now)
            if changes and (second < seen.latest or (second == seen.latest and entry in seen.signed)):
                return max(second, seen.latest) + 1 - now.timestamp()
            if changes:
                if second != seen.latest:
                    seen.latest, seen.signed = second, set()
                seen.signed.add(entry)
            return now

    def _time_for(self, method: str, path: str, body_hash: str) -> datetime:
        """Now, or after waiting for the next whole second, the first time this request's signature is new."""
        while not isinstance(claimed := self._claim(method, path, body_hash), datetime):
            self._sleep(claimed)
        self._local.last = _second(claimed)
        return claimed

    def wait_past_last_signing(self) -> None:
        """Waits until the clock is in a later second than this thread's last signing: call it before a retry,
        so the retry of any method (a read too) gets a new timestamp and signature."""
        last = getattr(self._local, "last", None)
        if last is None:
            return
        while (now := self._clock()).timestamp() < last + 1:
            self._sleep(last + 1 - now.timestamp())

    def sign(self, method: str, path: str, body: bytes | None) -> Signature:
        """Every intermediate of the signature of this request, at the clock's time (see the module's note on
        when that waits for the next second)."""
        body_hash = hash_body(body)
        return self._signed(method, path, body, body_hash, self._time_for(method, path, body_hash))

    def _signed(self, method: str, path: str, body: bytes | None, body_hash: str, time: datetime) -> Signature:
        return sign(
            access_key=self._access_key,
            key=self._key,
            method=method,
            path=path,
            body=body,
            time=time,
            body_hash=body_hash,
        )

    def headers(self, method: str, path: str, body: bytes | None) -> Mapping[str, str]:
        """`Authorization` and `X-SVC-Date` for this request; `path` as sent, without the query."""
        return self.sign(method, path, body).headers(self._access_key)

    async def async_headers(self, method: str, path: str, body: bytes | None) -> Mapping[str, str]:
        """`headers` on an event loop: a repeated state-changing request waits for its next second with
        `async_sleep`, never blocking the loop. A read signed again within its second gets the same headers without
        a second HMAC (the string to sign is the same)."""
        body_hash = hash_body(body)
        method = method.upper()
        if method not in _READS:
            while not isinstance(claimed := self._claim(method, path, body_hash), datetime):
                await self._async_sleep(claimed)
            return self._signed(method, path, body, body_hash, claimed).headers(self._access_key)
        # A read is never held apart (see _claim): its time is the clock's, and no ledger is taken.
        claimed = self._clock()
        key = (method, path, body_hash, _second(claimed))
        last = self._last_read
        if last is not None and last[0] == key:
            return last[1]
        headers = self._signed(method, path, body, body_hash, claimed).headers(self._access_key)
        self._last_read = (key, headers)
        return headers

    def clock_second(self) -> int:
        """The clock's current whole second (what a signature made now would carry)."""
        return _second(self._clock())

    async def async_wait_past(self, second: int) -> None:
        """Waits, with `async_sleep`, until the clock is in a later second than `second`: before an async retry, with
        the second its attempt ended in, so the retry's signature is a new one."""
        while (now := self._clock()).timestamp() < second + 1:
            await self._async_sleep(second + 1 - now.timestamp())
