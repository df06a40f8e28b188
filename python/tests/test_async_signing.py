"""The aiohttp middleware and the async client on the wire: each shared signing vector signed over exactly what a
local server received; a repeated state-changing request held to its next second by awaiting, not by blocking the
event loop; and the async client's retries never sending one signature twice."""

from __future__ import annotations

import asyncio
import base64
import secrets
import uuid
from datetime import datetime, timedelta, timezone

import aiohttp
import fo_api
import fo_api.aio
import pytest
from yarl import URL

import financial_operations_api as fo
from fo_signing import HmacSigner
from fo_signing.aiohttp_auth import AiohttpAuth
from recorder import Recorder
from samples import BANK_ACCOUNT, CUSTOMER, assert_no_signature_twice
from vectors import VECTORS, assert_sent_as_signed, body_bytes, hook_takes, names, time_of

SECRET = base64.urlsafe_b64encode(secrets.token_bytes(32)).decode().rstrip("=")
START = datetime(2026, 11, 24, 9, 0, tzinfo=timezone.utc)
HOOK_VECTORS = [v for v in VECTORS if hook_takes(v)]


@pytest.fixture(autouse=True)
def fresh(recorder: Recorder) -> None:
    recorder.reset(answer=b"{}", default_status=200)


class ManualClock:
    """Moves only when slept on (by exactly the time asked), with an async sleep as the async client takes."""

    def __init__(self, start: datetime = START) -> None:
        self.now = start
        self.slept: list[float] = []

    def __call__(self) -> datetime:
        return self.now

    async def sleep(self, seconds: float) -> None:
        assert seconds > 0
        self.slept.append(seconds)
        self.now += timedelta(seconds=seconds)


@pytest.mark.asyncio
@pytest.mark.parametrize("vector", HOOK_VECTORS, ids=names(HOOK_VECTORS))
async def test_vector_on_the_wire(recorder: Recorder, vector) -> None:
    i = vector["input"]
    body = body_bytes(i["body"])
    auth = AiohttpAuth.production(recorder.url, i["accessKey"], i["secretKey"], clock=lambda: time_of(vector))
    query = f"?{i['query']}" if "query" in i else ""
    async with aiohttp.ClientSession(middlewares=(auth,)) as session:
        url = URL(recorder.url + i["path"] + query, encoded=True)
        async with session.request(i["method"], url, data=body) as response:
            await response.read()

    [got] = recorder.received
    assert_sent_as_signed(got, vector, body)


@pytest.mark.asyncio
async def test_a_repeated_post_waits_for_the_next_second_by_awaiting() -> None:
    clock = ManualClock(START + timedelta(milliseconds=400))
    signer = HmacSigner("AK_replay", SECRET, clock=clock, async_sleep=clock.sleep)
    first = await signer.async_headers("POST", "/v1/x", b"{}")
    again = await signer.async_headers("POST", "/v1/x", b"{}")
    other = await signer.async_headers("POST", "/v1/x", b'{"other": 1}')
    assert again["X-SVC-Date"] > first["X-SVC-Date"]
    assert again["Authorization"] != first["Authorization"]
    assert clock.slept == [pytest.approx(0.6)]
    assert other["X-SVC-Date"] == again["X-SVC-Date"]  # another body is another signature: no wait


@pytest.mark.asyncio
async def test_the_wait_for_the_next_second_leaves_the_loop_running() -> None:
    signer = HmacSigner(f"AK_{uuid.uuid4().hex}", SECRET)
    first = await signer.async_headers("POST", "/v1/x", b"{}")
    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    ticker = asyncio.ensure_future(tick())
    again = await signer.async_headers("POST", "/v1/x", b"{}")
    ticker.cancel()
    assert again["X-SVC-Date"] > first["X-SVC-Date"]
    assert ticks >= 1


@pytest.mark.asyncio
@pytest.mark.parametrize("offset", [0, 250, 999])
async def test_the_async_client_never_resends_a_signature_on_its_retries(recorder: Recorder, offset: int) -> None:
    """Keyed creates that meet 503s, then the same Execute Quote twice: no POST signature twice on the wire, and each
    retry of a call carries a later timestamp than the attempt before."""
    clock = ManualClock(START + timedelta(milliseconds=offset))
    retry = fo.RetryPolicy(attempts=3, backoff=0.001, backoff_max=0.002, jitter=0.001)
    account = fo_api.BankAccountDetails.from_dict(BANK_ACCOUNT)
    calls: list[int] = []
    async with fo.async_production_client(
        recorder.url, "AK_replay", SECRET, retry=retry, clock=clock, sleep=clock.sleep
    ) as client:
        for n in (2, 0, 1):
            recorder.statuses[:] = [503] * n
            start = len(recorder.received)
            await fo_api.aio.ExternalAccountsApi(client).create_external_account_without_preload_content(
                uuid.uuid4(), CUSTOMER, account
            )
            calls.append(len(recorder.received) - start)
        quote = fo_api.ExecuteQuoteRequest(quote_id=uuid.uuid4())
        for _ in range(2):
            recorder.statuses[:] = []
            await fo_api.aio.ConversionsApi(client).execute_quote_without_preload_content(CUSTOMER, quote)
            calls.append(1)
    assert calls == [3, 1, 2, 1, 1]
    assert_no_signature_twice(recorder.received, calls)


@pytest.mark.asyncio
async def test_a_read_again_within_its_second_gets_the_same_signature_and_a_new_one_after() -> None:
    clock = ManualClock(START)
    signer = HmacSigner("AK_read", SECRET, clock=clock, async_sleep=clock.sleep)
    first = await signer.async_headers("GET", "/v1/x", None)
    clock.now += timedelta(milliseconds=900)
    assert await signer.async_headers("GET", "/v1/x", None) == first
    assert dict(await signer.async_headers("GET", "/v1/y", None)) != dict(first)
    clock.now += timedelta(milliseconds=200)
    later = await signer.async_headers("GET", "/v1/x", None)
    assert later["X-SVC-Date"] > first["X-SVC-Date"]
    assert dict(later) == dict(HmacSigner("AK_read", SECRET, clock=clock).headers("GET", "/v1/x", None))
    assert clock.slept == []
