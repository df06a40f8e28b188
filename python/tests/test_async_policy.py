"""The async clients on the wire (a local recording server), as test_policy.py checks the sync ones: which requests
are retried and how, the default timeout, the response bound, bearer modes, uploads, refused redirects and other
origins, cancellation, and reprs; from the installed package, with pytest-asyncio."""

from __future__ import annotations

import asyncio
import base64
import secrets
import socket
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any

import fo_api
import fo_api.aio
import pytest
import pytest_asyncio

import financial_operations_api as fo
from recorder import Recorder, serve
from samples import BANK_ACCOUNT, CUSTOMER, Ticking

pytestmark = pytest.mark.asyncio

SECRET = base64.urlsafe_b64encode(secrets.token_bytes(32)).decode().rstrip("=")
FAST = fo.RetryPolicy(attempts=3, backoff=0.01, backoff_max=0.02, jitter=0.01)


@pytest.fixture(scope="module")
def other_origin() -> Iterator[Recorder]:
    with serve() as running:
        yield running


@pytest.fixture(autouse=True)
def fresh(recorder: Recorder, other_origin: Recorder) -> None:
    recorder.reset(answer=b"{}", default_status=200)
    other_origin.reset()


@pytest_asyncio.fixture
async def production(recorder: Recorder) -> AsyncIterator[Callable[..., fo_api.aio.ApiClient]]:
    """Makes production clients on the recorder (a ticking clock, fast retries); closes them after the test."""
    made: list[fo_api.aio.ApiClient] = []

    def make(**kw: Any) -> fo_api.aio.ApiClient:
        options = {"retry": FAST, "clock": Ticking(), **kw}
        made.append(fo.async_production_client(recorder.url, "AK_policy", SECRET, **options))
        return made[-1]

    yield make
    for client in made:
        await client.close()


async def test_a_read_is_retried_with_backoff_each_attempt_signed_afresh(recorder: Recorder, production) -> None:
    recorder.statuses[:] = [503, 429]
    await fo_api.aio.DepositInstructionsApi(production()).list_all_deposit_instructions_with_http_info()
    assert len(recorder.received) == 3
    assert len({r.headers["X-SVC-Date"] for r in recorder.received}) == 3
    assert len({r.headers["Authorization"] for r in recorder.received}) == 3


async def test_a_read_gives_up_after_the_attempts_with_the_last_answer(recorder: Recorder, production) -> None:
    recorder.statuses[:] = [503, 503, 503, 503]
    with pytest.raises(fo_api.ApiException) as failed:
        await fo_api.aio.DepositInstructionsApi(production()).list_all_deposit_instructions()
    assert failed.value.status == 503
    assert len(recorder.received) == 3


@pytest.mark.parametrize("status", [429, 500, 502, 503, 504])
async def test_execute_quote_is_never_retried(recorder: Recorder, production, status: int) -> None:
    recorder.statuses[:] = [status]
    with pytest.raises(fo_api.ApiException):
        await fo_api.aio.ConversionsApi(production()).execute_quote(
            CUSTOMER, fo_api.ExecuteQuoteRequest(quote_id=uuid.uuid4())
        )
    assert len(recorder.received) == 1


async def test_a_post_without_an_idempotency_key_is_not_retried(recorder: Recorder, production) -> None:
    recorder.statuses[:] = [503]
    with pytest.raises(fo_api.ApiException):
        await fo_api.aio.ConversionsApi(production()).create_quote(
            CUSTOMER, fo_api.QuoteRequest.model_validate({"from_asset": {}, "to_asset": {}})
        )
    assert len(recorder.received) == 1


async def test_an_idempotent_post_is_retried_with_the_same_key_and_body(recorder: Recorder, production) -> None:
    recorder.statuses[:] = [503, 502]
    key = uuid.uuid4()
    await fo_api.aio.ExternalAccountsApi(production()).create_external_account_without_preload_content(
        key, CUSTOMER, fo_api.BankAccountDetails.model_validate(BANK_ACCOUNT)
    )
    assert len(recorder.received) == 3
    assert {r.headers["Idempotency-Key"] for r in recorder.received} == {str(key)}
    assert len({r.body for r in recorder.received}) == 1


async def test_a_portfolio_hedge_post_is_retried_with_its_key_and_bearer(recorder: Recorder) -> None:
    recorder.statuses[:] = [503]
    request = fo_api.PortfolioHedgeRequest.model_validate({"quote_id": str(uuid.uuid4())})
    async with fo.async_portfolio_client(recorder.url, "pf-token", retry=FAST) as client:
        await fo_api.aio.PortfolioConversionsApi(client).create_portfolio_hedge_with_http_info(
            uuid.uuid4(), "pf-1", request
        )
    assert [r.headers["Authorization"] for r in recorder.received] == ["Bearer pf-token"] * 2


async def test_a_retry_waits_the_retry_after_the_server_sends(recorder: Recorder) -> None:
    recorder.statuses[:] = [503]
    recorder.retry_after = "1"
    slow = fo.RetryPolicy(attempts=2, backoff=5.0, backoff_max=8.0, jitter=0.0)
    async with fo.async_sandbox_client(recorder.url, "k", retry=slow) as client:
        started = time.monotonic()
        await fo_api.aio.DepositInstructionsApi(client).list_all_deposit_instructions()
        waited = time.monotonic() - started
    assert len(recorder.received) == 2
    assert 1.0 <= waited < 4.0, waited


async def test_a_silent_server_times_out() -> None:
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(1)
        url = f"http://127.0.0.1:{silent.getsockname()[1]}"
        async with fo.async_production_client(url, "AK", SECRET, timeout=0.2, retry=fo.RetryPolicy(attempts=1)) as c:
            with pytest.raises(asyncio.TimeoutError):
                await fo_api.aio.DepositInstructionsApi(c).list_all_deposit_instructions()


@pytest.mark.parametrize("chunked", [False, True], ids=["Content-Length", "chunked"])
async def test_a_body_over_the_bound_is_refused(recorder: Recorder, production, chunked: bool) -> None:
    recorder.answer, recorder.chunked = b'{"data": "' + b"x" * 100 + b'"}', chunked
    with pytest.raises(fo.ResponseTooLargeError, match="bound of 64 bytes"):
        await fo_api.aio.DepositInstructionsApi(production(max_response_bytes=64)).list_all_deposit_instructions()
    await fo_api.aio.DepositInstructionsApi(
        production(max_response_bytes=len(recorder.answer))
    ).list_all_deposit_instructions()


async def test_sandbox_sends_its_key_as_bearer_and_no_signature(recorder: Recorder) -> None:
    async with fo.async_sandbox_client(recorder.url, "sandbox-key") as client:
        await fo_api.aio.DepositInstructionsApi(client).list_all_deposit_instructions_with_http_info()
    [got] = recorder.received
    assert got.headers["Authorization"] == "Bearer sandbox-key"
    assert "X-SVC-Date" not in got.headers


MAKERS = [
    lambda url: fo.async_production_client(url, "AK", SECRET),
    lambda url: fo.async_sandbox_client(url, "k"),
    lambda url: fo.async_portfolio_client(url, "k"),
]


@pytest.mark.parametrize("make", MAKERS, ids=["production", "sandbox", "portfolio"])
@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
async def test_a_redirect_is_refused_and_its_target_gets_nothing(
    recorder: Recorder, other_origin: Recorder, make, status: int
) -> None:
    recorder.statuses[:] = [status]
    recorder.location = other_origin.url + "/steal"
    async with make(recorder.url) as client:
        with pytest.raises(fo.RedirectRefusedError, match=str(status)):
            await fo_api.aio.DepositInstructionsApi(client).list_all_deposit_instructions()
    assert len(recorder.received) == 1
    assert other_origin.received == []


@pytest.mark.parametrize("make", MAKERS, ids=["production", "sandbox", "portfolio"])
async def test_another_origin_is_refused_before_sending(recorder: Recorder, other_origin: Recorder, make) -> None:
    async with make(recorder.url) as client:
        client.configuration.host = other_origin.url  # a request that would leave the client's origin
        with pytest.raises(fo.CrossOriginRequestError, match="nothing was sent"):
            await fo_api.aio.DepositInstructionsApi(client).list_all_deposit_instructions()
    assert other_origin.received == []
    assert recorder.received == []


UPLOADS: list[tuple[str, Callable[..., Awaitable[Any]], tuple[str, ...], str]] = [
    ("business", fo.async_upload_business_document, ("acc 1", "sub/1"), "/v2/accounts/acc%201/businesses/sub%2F1"),
    (
        "controller",
        fo.async_upload_business_controller_document,
        ("acc-1", "sub-1", "ctl-1"),
        "/v2/accounts/acc-1/businesses/sub-1/controllers/ctl-1",
    ),
    ("individual", fo.async_upload_individual_document, ("acc-1", "sub-2"), "/v2/accounts/acc-1/individuals/sub-2"),
]


@pytest.mark.parametrize(("upload", "ids", "path"), [u[1:] for u in UPLOADS], ids=[u[0] for u in UPLOADS])
async def test_an_upload_sends_the_callers_bytes_type_and_name(
    recorder: Recorder, production, upload, ids: tuple[str, ...], path: str
) -> None:
    data = bytes(range(256)) * 3
    await upload(production(), *ids, "MEMORANDUM_OF_ASSOCIATION", fo.Document(data, 'a "b".pdf', "application/pdf"))
    [got] = recorder.received
    assert got.body == data
    assert got.headers["Content-Type"] == "application/pdf"
    assert got.headers["Content-Disposition"] == 'attachment; filename="a \\"b\\".pdf"'
    assert got.target == path + "/documents/MEMORANDUM_OF_ASSOCIATION"


async def test_an_error_is_the_sync_clients_with_its_envelope(recorder: Recorder, production) -> None:
    recorder.statuses[:] = [409]
    recorder.answer = b'{"code": "00000006", "status": 409, "detail": "Quote already consumed.", "trace_id": "t"}'
    with pytest.raises(fo_api.ApiException) as failed:
        await fo_api.aio.ConversionsApi(production()).execute_quote(
            CUSTOMER, fo_api.ExecuteQuoteRequest(quote_id=uuid.uuid4())
        )
    error = fo.api_error(failed.value)
    assert (error.status, error.envelope, error.code, error.trace_id) == (409, "flat", "00000006", "t")


async def test_the_models_and_errors_are_fo_apis_own() -> None:
    assert fo_api.aio.QuoteRequest is fo_api.QuoteRequest
    assert fo_api.aio.ApiException is fo_api.ApiException
    assert fo_api.aio.ApiClient is not fo_api.ApiClient


async def test_async_with_closes_the_connection_pool(recorder: Recorder) -> None:
    async with fo.async_sandbox_client(recorder.url, "k") as client:
        await fo_api.aio.DepositInstructionsApi(client).list_all_deposit_instructions()
        session = client.rest_client.pool_manager
        assert session is not None
        assert not session.closed
    assert session.closed


async def test_reprs_of_clients_hold_no_secret(recorder: Recorder, production) -> None:
    client = production()
    await fo_api.aio.DepositInstructionsApi(client).list_all_deposit_instructions()
    texts = [repr(client), repr(client.rest_client), repr(vars(client.rest_client)), repr(client.configuration)]
    texts += [repr(client.rest_client.pool_manager), repr(vars(client.configuration))]
    assert not any(SECRET in t for t in texts)
    async with fo.async_portfolio_client(recorder.url, "pf-secret-token") as bearer:
        assert not any("pf-secret-token" in t for t in [repr(bearer), repr(vars(bearer.rest_client))])


async def test_the_constructors_refuse_bad_credentials_without_quoting_them() -> None:
    with pytest.raises(fo.InvalidCredentialsError) as refused:
        fo.async_production_client("http://127.0.0.1:9", "AK", SECRET[:-1] + "!")
    assert SECRET[:-1] not in str(refused.value)
    with pytest.raises(fo.InvalidCredentialsError):
        fo.async_sandbox_client("http://127.0.0.1:9", "two words")
    with pytest.raises(ValueError, match="absolute http or https"):
        fo.async_portfolio_client("ftp://example.com", "k")


# ---- Cancellation: not retried, and no half-read connection goes back to the pool.


async def test_a_call_cancelled_before_its_answer_is_not_retried(recorder: Recorder) -> None:
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(4)
        url = f"http://127.0.0.1:{silent.getsockname()[1]}"
        async with fo.async_sandbox_client(url, "k", retry=FAST) as client:
            call = asyncio.ensure_future(fo_api.aio.DepositInstructionsApi(client).list_all_deposit_instructions())
            await asyncio.sleep(0.2)
            call.cancel()
            with pytest.raises(asyncio.CancelledError):
                await call
            silent.settimeout(0.5)
            first, _ = silent.accept()
            first.close()
            with pytest.raises(TimeoutError):
                silent.accept()  # no second attempt came


async def test_a_call_cancelled_mid_body_leaves_no_connection_in_the_pool() -> None:
    """The server sends the headers and half the body, then stalls: the cancelled call's connection is closed; the
    next call gets a new connection and its own whole answer."""
    body = b'{"list": [], "total": 0, "padding": "' + b"x" * 2000 + b'"}'
    stall = asyncio.Event()
    connections: list[int] = []

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        connections.append(len(connections))
        while True:
            try:
                await reader.readuntil(b"\r\n\r\n")
            except (asyncio.IncompleteReadError, ConnectionError):
                break
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n")
            writer.write(f"Content-Length: {len(body)}\r\n\r\n".encode())
            if len(connections) == 1:
                writer.write(body[:100])
                await writer.drain()
                await stall.wait()
                break
            writer.write(body)
            await writer.drain()
        writer.close()

    server = await asyncio.start_server(answer, "127.0.0.1", 0)
    url = f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}"
    try:
        async with fo.async_sandbox_client(url, "k", retry=FAST) as client:
            api = fo_api.aio.RFICasesApi(client)
            call = asyncio.ensure_future(api.list_rfi_cases_with_http_info(CUSTOMER))
            await asyncio.sleep(0.3)
            call.cancel()
            with pytest.raises(asyncio.CancelledError):
                await call
            answered = await api.list_rfi_cases_with_http_info(CUSTOMER)
            assert answered.raw_data == body
            assert len(connections) == 2
    finally:
        stall.set()
        server.close()
        await server.wait_closed()
