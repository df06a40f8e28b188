"""The ready-made clients on the wire (a local recording server): which requests are retried and how, the
default timeout, the response bound, bearer modes, uploads and the error envelopes; from the installed package."""

from __future__ import annotations

import base64
import json
import random
import secrets
import uuid
from datetime import datetime, timedelta, timezone
from email.message import Message
from typing import Iterator
from urllib.parse import unquote

import pytest
import urllib3

import financial_operations_api as fo
import fo_api
from recorder import Recorder, serve

CUSTOMER = "c0ffee00-0000-4000-8000-000000000001"
SECRET = base64.urlsafe_b64encode(secrets.token_bytes(32)).decode().rstrip("=")
FAST = fo.RetryPolicy(attempts=3, backoff=0.01, backoff_max=0.02, jitter=0.01)


@pytest.fixture(scope="module")
def server() -> Iterator[Recorder]:
    with serve() as running:
        yield running


@pytest.fixture(autouse=True)
def fresh(server: Recorder) -> None:
    server.received.clear()
    server.statuses.clear()
    server.location = None
    # What the generated client reads as a success: a JSON object.
    server.answer, server.chunked, server.default_status = b"{}", False, 200


class Ticking:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 21, 9, 30, tzinfo=timezone.utc)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def production(server: Recorder, **kw: object) -> fo_api.ApiClient:
    return fo.production_client(server.url, "AK_policy", SECRET, retry=FAST, clock=Ticking(), **kw)  # type: ignore[arg-type]


def test_a_read_is_retried_with_backoff_each_attempt_signed_afresh(server: Recorder) -> None:
    server.statuses[:] = [503, 429]
    fo_api.DepositInstructionsApi(production(server)).list_all_deposit_instructions_with_http_info()
    assert len(server.received) == 3
    assert len({r.headers["X-SVC-Date"] for r in server.received}) == 3
    assert len({r.headers["Authorization"] for r in server.received}) == 3


def test_a_read_gives_up_after_the_attempts_with_the_last_answer(server: Recorder) -> None:
    server.statuses[:] = [503, 503, 503, 503]
    with pytest.raises(fo_api.ApiException) as failed:
        fo_api.DepositInstructionsApi(production(server)).list_all_deposit_instructions()
    assert failed.value.status == 503 and len(server.received) == 3


@pytest.mark.parametrize("status", [429, 500, 502, 503, 504])
def test_execute_quote_is_never_retried(server: Recorder, status: int) -> None:
    server.statuses[:] = [status]
    with pytest.raises(fo_api.ApiException):
        fo_api.ConversionsApi(production(server)).execute_quote(CUSTOMER, fo_api.ExecuteQuoteRequest(quote_id=uuid.uuid4()))
    assert len(server.received) == 1


def test_a_post_without_an_idempotency_key_is_not_retried(server: Recorder) -> None:
    server.statuses[:] = [503]
    with pytest.raises(fo_api.ApiException):
        fo_api.ConversionsApi(production(server)).create_quote(CUSTOMER, fo_api.QuoteRequest.model_validate({"from_asset": {}, "to_asset": {}}))
    assert len(server.received) == 1


def test_an_idempotent_post_is_retried_with_the_same_key_and_body(server: Recorder) -> None:
    server.statuses[:] = [503, 502]
    key = uuid.uuid4()
    details = fo_api.BankAccountDetails.model_validate(
        {"network": "US_ACH", "account_holder_name": "A", "currency": "USD", "country_code": "USA", "account_number": "1", "institution_id": "2"}
    )
    fo_api.ExternalAccountsApi(production(server)).create_external_account_without_preload_content(key, CUSTOMER, details)
    assert len(server.received) == 3
    assert {r.headers["Idempotency-Key"] for r in server.received} == {str(key)}
    assert len({r.body for r in server.received}) == 1


def test_a_portfolio_hedge_post_is_retried_with_its_key_and_bearer(server: Recorder) -> None:
    server.statuses[:] = [503]
    client = fo.portfolio_client(server.url, "pf-token", retry=FAST)
    request = fo_api.PortfolioHedgeRequest.model_validate({"quote_id": str(uuid.uuid4())})
    fo_api.PortfolioConversionsApi(client).create_portfolio_hedge_with_http_info(uuid.uuid4(), "pf-1", request)
    assert [r.headers["Authorization"] for r in server.received] == ["Bearer pf-token"] * 2


def test_backoff_doubles_from_the_first_retry_with_jitter_up_to_the_cap() -> None:
    policy = fo.RetryPolicy()
    retry = policy.retry_for("GET", "/all_deposit_instructions", None)
    waits = []
    for _ in range(policy.attempts - 1):
        retry = retry.increment("GET", "/x", error=urllib3.exceptions.ConnectTimeoutError())
        waits.append(retry.get_backoff_time())
    assert len(waits) == 2
    for n, wait in enumerate(waits, start=1):
        base = min(policy.backoff_max, policy.backoff * 2 ** (n - 1))
        assert base <= wait <= base + policy.jitter, (n, wait)
    assert retry.retry_after_max == int(policy.backoff_max)


def test_the_default_timeout_is_set() -> None:
    assert fo.DEFAULT_TIMEOUT.connect_timeout == 10.0 and fo.DEFAULT_TIMEOUT.read_timeout == 30.0


def test_a_silent_server_times_out(server: Recorder) -> None:
    import socket

    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(1)
        client = fo.production_client(f"http://127.0.0.1:{silent.getsockname()[1]}", "AK", SECRET, timeout=0.2, retry=fo.RetryPolicy(attempts=1))
        with pytest.raises(Exception, match="(?i)timed? ?out"):
            fo_api.DepositInstructionsApi(client).list_all_deposit_instructions()


@pytest.mark.parametrize("chunked", [False, True], ids=["Content-Length", "chunked"])
def test_a_body_over_the_bound_is_refused(server: Recorder, chunked: bool) -> None:
    server.statuses[:] = [200]
    server.answer, server.chunked = b'{"data": "' + b"x" * 100 + b'"}', chunked
    try:
        with pytest.raises(fo.ResponseTooLargeError, match="bound of 64 bytes"):
            fo_api.DepositInstructionsApi(production(server, max_response_bytes=64)).list_all_deposit_instructions()
        server.statuses[:] = [200]
        fo_api.DepositInstructionsApi(production(server, max_response_bytes=len(server.answer))).list_all_deposit_instructions()
    finally:
        server.answer, server.chunked = b"{}", False


def test_sandbox_sends_its_key_as_bearer_and_no_signature(server: Recorder) -> None:
    fo_api.DepositInstructionsApi(fo.sandbox_client(server.url, "sandbox-key")).list_all_deposit_instructions_with_http_info()
    [got] = server.received
    assert got.headers["Authorization"] == "Bearer sandbox-key" and "X-SVC-Date" not in got.headers


@pytest.mark.parametrize("make", [lambda url: fo.sandbox_client(url, "k"), lambda url: fo.portfolio_client(url, "k")])
def test_bearer_clients_refuse_redirects_too(server: Recorder, make) -> None:  # type: ignore[no-untyped-def]
    server.statuses[:] = [302]
    server.location = "http://127.0.0.1:9/elsewhere"
    with pytest.raises(fo.RedirectRefusedError):
        fo_api.DepositInstructionsApi(make(server.url)).list_all_deposit_instructions()


def test_an_upload_sends_the_callers_bytes_type_and_name(server: Recorder) -> None:
    data = bytes(range(256)) * 3
    fo.upload_business_document(production(server), "acc 1", "sub/1", "MEMORANDUM_OF_ASSOCIATION", fo.Document(data, "a \"b\".pdf", "application/pdf"))
    [got] = server.received
    assert got.body == data
    assert got.headers["Content-Type"] == "application/pdf"
    assert got.headers["Content-Disposition"] == 'attachment; filename="a \\"b\\".pdf"'
    assert got.target == "/v2/accounts/acc%201/businesses/sub%2F1/documents/MEMORANDUM_OF_ASSOCIATION"


def test_content_disposition_round_trips_any_name() -> None:
    rng = random.Random(22)
    alphabet = [chr(c) for c in range(0x20, 0x7F)] + list("éüß漢字\u202e🙂'\"\\;")
    for _ in range(500):
        # (Python's parser drops white space at the ends of a quoted value; the header itself keeps it.)
        name = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 24))).strip() or "x"
        header = fo.content_disposition(name)
        parsed = Message()
        parsed["Content-Disposition"] = header
        assert parsed.get_content_disposition() == "attachment"
        # RFC 6266: a recipient that knows filename* takes it; the plain filename is the ASCII fallback.
        plain, _, extended = header.partition("; filename*=")
        if extended:
            charset, _, encoded = extended.partition("''")
            assert charset == "UTF-8" and unquote(encoded) == name, (name, header)
            assert plain.isascii() and "\n" not in plain
        else:
            assert parsed.get_filename() == name, (name, header)
    for bad in ["", "a\nb", "a\rb", "a\x00b", "a\x7fb"]:
        with pytest.raises(ValueError, match="control character"):
            fo.content_disposition(bad)


@pytest.mark.parametrize(
    ("body", "envelope", "code"),
    [
        ({"code": "00010000", "status": 401, "detail": "Signature mismatch.", "trace_id": "t"}, "flat", "00010000"),
        ({"status_code": 401, "code": "Unauthorized", "instance": "/x", "detail": "d"}, "legacy-auth", "Unauthorized"),
        ({"errors": [{"type": "INVALID", "description": "d"}]}, "v2-errors", "INVALID"),
        ({"error": {"code": "RATE_LIMITED", "message": "m", "request_id": "r"}}, "portfolio", "RATE_LIMITED"),
        ("not json", "none", None),
    ],
)
def test_each_envelope_is_read_with_its_code(body: object, envelope: str, code: str | None) -> None:
    error = fo.read_envelope(400, body if isinstance(body, str) else json.dumps(body))
    assert (error.envelope, error.code, error.status) == (envelope, code, 400)


def test_reprs_of_clients_hold_no_secret(server: Recorder) -> None:
    client = production(server)
    texts = [repr(client), repr(client.rest_client.pool_manager), repr(client.configuration), repr(vars(client.configuration))]
    assert not any(SECRET in t for t in texts)
    bearer = fo.portfolio_client(server.url, "pf-secret-token")
    assert not any("pf-secret-token" in t for t in [repr(bearer), repr(bearer.rest_client.pool_manager), repr(bearer.configuration)])
