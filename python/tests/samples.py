"""What several test modules share: the examples' customer and a bank account, a clock that ticks, and what the wire
must show of a client's retries (no signature twice, each retry in a later second)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from recorder import Received

CUSTOMER = "c0ffee00-0000-4000-8000-000000000001"
BANK_ACCOUNT = {
    "network": "US_ACH",
    "account_holder_name": "A",
    "currency": "USD",
    "country_code": "USA",
    "account_number": "1",
    "institution_id": "2",
}


class Ticking:
    """A clock that moves one second per reading, so each attempt has its own timestamp."""

    def __init__(self, start: datetime = datetime(2026, 11, 21, 9, 30, tzinfo=timezone.utc)) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def assert_no_signature_twice(received: list[Received], attempts_per_call: list[int]) -> None:
    """No Authorization twice on the wire, and within each call (its attempts, in order) ever later timestamps."""
    authorizations = [r.headers["Authorization"] for r in received]
    assert len(set(authorizations)) == len(authorizations)
    at = 0
    for count in attempts_per_call:
        dates = [r.headers["X-SVC-Date"] for r in received[at : at + count]]
        assert dates == sorted(set(dates))
        at += count
