"""The signer never hands out one signature twice for a state-changing request, and a retry is signed in a later
second than the attempt before (fo_signing.signer): random sequences of requests, clock steps (forward and back),
retries and threads, and the ready-made client's retries meeting 503s on the wire."""

from __future__ import annotations

import base64
import secrets
import threading
import uuid
from datetime import datetime, timedelta, timezone

import fo_api
from hypothesis import given, settings
from hypothesis import strategies as st

import financial_operations_api as fo
from fo_signing import HmacSigner
from recorder import Recorder
from samples import BANK_ACCOUNT, assert_no_signature_twice

SECRET = base64.urlsafe_b64encode(secrets.token_bytes(32)).decode().rstrip("=")
START = datetime(2026, 11, 24, 9, 0, tzinfo=timezone.utc)
READS = {"GET", "HEAD", "OPTIONS"}
CUSTOMER = "c0ffee00-0000-4000-8000-000000000001"
ACCOUNT = fo_api.BankAccountDetails.from_dict(BANK_ACCOUNT)


class ManualClock:
    """Moves only when told to or slept on (by exactly the time asked); thread-safe."""

    def __init__(self, start: datetime = START) -> None:
        self.now = start
        self.slept: list[float] = []
        self._lock = threading.Lock()

    def __call__(self) -> datetime:
        with self._lock:
            return self.now

    def sleep(self, seconds: float) -> None:
        assert seconds > 0
        with self._lock:
            self.slept.append(seconds)
            self.now += timedelta(seconds=seconds)

    def step(self, ms: int) -> None:
        with self._lock:
            self.now += timedelta(milliseconds=ms)


requests = st.lists(
    st.fixed_dictionaries(
        {
            "method": st.sampled_from(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE", "post"]),
            "path": st.sampled_from(["/v1/a", "/v1/b", "/api/v1/customers/c/conversions/hedge"]),
            "body": st.sampled_from([None, b"{}", b'{"quote_id":"q"}']),
            "step": st.one_of(st.integers(0, 1500), st.integers(-3000, 0)),
            "retries": st.integers(0, 3),
            "backoff": st.integers(0, 1200),
        }
    ),
    min_size=1,
    max_size=30,
)


@settings(max_examples=200, deadline=None)
@given(requests)
def test_no_state_changing_signature_twice_retries_later_reads_not_held(calls: list[dict]) -> None:
    clock = ManualClock()
    signer = HmacSigner("AK_replay", SECRET, clock=clock, sleep=clock.sleep)
    seen: set[str] = set()
    for call in calls:
        clock.step(call["step"])
        previous: str | None = None
        for attempt in range(call["retries"] + 1):
            if attempt:
                clock.step(call["backoff"])
                signer.wait_past_last_signing()
            before = (clock(), len(clock.slept))
            signature = signer.sign(call["method"], call["path"], call["body"])
            # Never ahead of the clock: the timestamp is the clock's own second.
            assert signature.timestamp == clock().strftime("%Y%m%dT%H%M%SZ")
            if previous is not None:
                assert signature.timestamp > previous
            if call["method"].upper() not in READS:
                assert signature.signature not in seen
                seen.add(signature.signature)
            elif attempt == 0:
                assert (clock(), len(clock.slept)) == before
            previous = signature.timestamp


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 8), st.integers(0, 999))
def test_threads_signing_one_post_at_once_get_different_signatures(threads: int, offset: int) -> None:
    clock = ManualClock(START + timedelta(milliseconds=offset))
    signer = HmacSigner("AK_replay", SECRET, clock=clock, sleep=clock.sleep)
    signatures: list[str] = []
    barrier = threading.Barrier(threads)

    def post() -> None:
        barrier.wait()
        signatures.append(signer.sign("POST", "/v1/x", b"{}").signature)

    workers = [threading.Thread(target=post) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert len(set(signatures)) == threads


def test_pages_of_a_list_in_one_second_are_not_held() -> None:
    clock = ManualClock()
    signer = HmacSigner("AK_replay", SECRET, clock=clock, sleep=clock.sleep)
    assert len({signer.sign("GET", "/v1/x", None).signature for _ in range(10)}) == 1
    assert clock.slept == []


@settings(max_examples=15, deadline=None)
@given(
    faults=st.lists(st.integers(0, 3), min_size=1, max_size=4),
    offset=st.integers(0, 999),
)
def test_the_ready_made_client_never_resends_a_signature_on_its_retries(
    recorder: Recorder, faults: list[int], offset: int
) -> None:
    """Keyed creates that meet 503s, then the same Execute Quote twice: no POST signature twice on the wire, and each
    retry of a call carries a later timestamp than the attempt before."""
    recorder.reset(answer=b"{}", default_status=200)
    clock = ManualClock(START + timedelta(milliseconds=offset))
    retry = fo.RetryPolicy(attempts=3, backoff=0.001, backoff_max=0.002, jitter=0.001)
    client = fo.production_client(recorder.url, "AK_replay", SECRET, retry=retry, clock=clock, sleep=clock.sleep)
    calls: list[int] = []
    for n in faults:
        recorder.statuses[:] = [503] * n
        start = len(recorder.received)
        fo_api.ExternalAccountsApi(client).create_external_account_without_preload_content(
            uuid.uuid4(), CUSTOMER, ACCOUNT
        )
        calls.append(len(recorder.received) - start)
    quote = fo_api.ExecuteQuoteRequest(quote_id=uuid.uuid4())
    for _ in range(2):
        recorder.statuses[:] = []
        fo_api.ConversionsApi(client).execute_quote_without_preload_content(CUSTOMER, quote)
        calls.append(1)
    assert_no_signature_twice(recorder.received, calls)


def test_two_signers_of_one_key_on_the_system_clock_never_share_a_second_for_one_post() -> None:
    access_key = f"AK_{uuid.uuid4().hex}"
    first = HmacSigner(access_key, SECRET).sign("POST", "/v1/customers/c/conversions/hedge", b'{"quote_id":"q"}')
    second = HmacSigner(access_key, SECRET).sign("POST", "/v1/customers/c/conversions/hedge", b'{"quote_id":"q"}')
    assert second.timestamp > first.timestamp
    assert second.signature != first.signature


def test_a_signer_on_an_injected_clock_shares_nothing_with_the_system_clock() -> None:
    access_key = f"AK_{uuid.uuid4().hex}"
    HmacSigner(access_key, SECRET).sign("POST", "/v1/x", b"{}")
    clock = ManualClock(datetime.now(timezone.utc))
    HmacSigner(access_key, SECRET, clock=clock, sleep=clock.sleep).sign("POST", "/v1/x", b"{}")
    assert clock.slept == []


def test_hold_repeats_off_signs_a_repeat_at_the_clocks_time() -> None:
    clock = ManualClock(START)
    signer = HmacSigner("AK_fuzz", SECRET, clock=clock, sleep=clock.sleep, hold_repeats=False)
    first = signer.sign("POST", "/v1/x", b"{}")
    again = signer.sign("POST", "/v1/x", b"{}")
    assert again.signature == first.signature
    assert clock.slept == []
