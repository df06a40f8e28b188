"""The ready-made clients on the wire (a local recording server): which requests are retried and how, the
default timeout, the response bound, bearer modes, uploads and the error envelopes; from the installed package."""

from __future__ import annotations

import base64
import json
import random
import secrets
import subprocess
import sys
import uuid
from email.message import Message
from urllib.parse import unquote

import fo_api
import pytest
import urllib3

import financial_operations_api as fo
from recorder import Recorder
from samples import BANK_ACCOUNT, Ticking

CUSTOMER = "c0ffee00-0000-4000-8000-000000000001"
SECRET = base64.urlsafe_b64encode(secrets.token_bytes(32)).decode().rstrip("=")
FAST = fo.RetryPolicy(attempts=3, backoff=0.01, backoff_max=0.02, jitter=0.01)


@pytest.fixture(autouse=True)
def fresh(recorder: Recorder) -> None:
    # What the generated client reads as a success: a JSON object.
    recorder.reset(answer=b"{}", default_status=200)


def production(recorder: Recorder, **kw: object) -> fo_api.ApiClient:
    return fo.production_client(recorder.url, "AK_policy", SECRET, retry=FAST, clock=Ticking(), **kw)  # type: ignore[arg-type]


def test_a_read_is_retried_with_backoff_each_attempt_signed_afresh(recorder: Recorder) -> None:
    recorder.statuses[:] = [503, 429]
    fo_api.DepositInstructionsApi(production(recorder)).list_all_deposit_instructions_with_http_info()
    assert len(recorder.received) == 3
    assert len({r.headers["X-SVC-Date"] for r in recorder.received}) == 3
    assert len({r.headers["Authorization"] for r in recorder.received}) == 3


def test_a_read_gives_up_after_the_attempts_with_the_last_answer(recorder: Recorder) -> None:
    recorder.statuses[:] = [503, 503, 503, 503]
    with pytest.raises(fo_api.ApiException) as failed:
        fo_api.DepositInstructionsApi(production(recorder)).list_all_deposit_instructions()
    assert failed.value.status == 503
    assert len(recorder.received) == 3


@pytest.mark.parametrize("status", [429, 500, 502, 503, 504])
def test_execute_quote_is_never_retried(recorder: Recorder, status: int) -> None:
    recorder.statuses[:] = [status]
    with pytest.raises(fo_api.ApiException):
        fo_api.ConversionsApi(production(recorder)).execute_quote(
            CUSTOMER, fo_api.ExecuteQuoteRequest(quote_id=uuid.uuid4())
        )
    assert len(recorder.received) == 1


def test_a_post_without_an_idempotency_key_is_not_retried(recorder: Recorder) -> None:
    recorder.statuses[:] = [503]
    with pytest.raises(fo_api.ApiException):
        fo_api.ConversionsApi(production(recorder)).create_quote(
            CUSTOMER, fo_api.QuoteRequest.model_validate({"from_asset": {}, "to_asset": {}})
        )
    assert len(recorder.received) == 1


def test_an_idempotent_post_is_retried_with_the_same_key_and_body(recorder: Recorder) -> None:
    recorder.statuses[:] = [503, 502]
    key = uuid.uuid4()
    details = fo_api.BankAccountDetails.model_validate(BANK_ACCOUNT)
    fo_api.ExternalAccountsApi(production(recorder)).create_external_account_without_preload_content(
        key, CUSTOMER, details
    )
    assert len(recorder.received) == 3
    assert {r.headers["Idempotency-Key"] for r in recorder.received} == {str(key)}
    assert len({r.body for r in recorder.received}) == 1


def test_a_portfolio_hedge_post_is_retried_with_its_key_and_bearer(recorder: Recorder) -> None:
    recorder.statuses[:] = [503]
    client = fo.portfolio_client(recorder.url, "pf-token", retry=FAST)
    request = fo_api.PortfolioHedgeRequest.model_validate({"quote_id": str(uuid.uuid4())})
    fo_api.PortfolioConversionsApi(client).create_portfolio_hedge_with_http_info(uuid.uuid4(), "pf-1", request)
    assert [r.headers["Authorization"] for r in recorder.received] == ["Bearer pf-token"] * 2


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


def test_the_wait_before_a_retry_doubles_with_jitter_and_takes_retry_after_up_to_the_cap() -> None:
    policy = fo.RetryPolicy()
    for retry in (1, 2, 3):
        base = min(policy.backoff_max, policy.backoff * 2 ** (retry - 1))
        assert base <= policy.wait_before(retry) <= base + policy.jitter
    assert policy.wait_before(1, "2") == 2.0
    assert policy.wait_before(1, "3600") == policy.backoff_max
    assert policy.backoff <= policy.wait_before(1, "not a date") <= policy.backoff + policy.jitter


def test_the_default_timeout_is_the_sync_clients_per_attempt() -> None:
    assert fo.DEFAULT_ASYNC_TIMEOUT.sock_connect == fo.DEFAULT_TIMEOUT.connect_timeout == 10.0
    assert fo.DEFAULT_ASYNC_TIMEOUT.sock_read == fo.DEFAULT_TIMEOUT.read_timeout == 30.0
    assert fo.DEFAULT_ASYNC_TIMEOUT.total is None


def test_a_sync_user_imports_and_needs_no_async_library() -> None:
    """Without aiohttp the sync package imports (a star import too) and works; an async name says what to install."""
    code = """
import sys
import financial_operations_api as fo
import fo_api
print("loaded:", "aiohttp" in sys.modules)
sys.modules["aiohttp"] = None  # as if it were not installed
from financial_operations_api import *
fo.production_client("http://127.0.0.1:9", "AK", "A" * 22)
try:
    fo.async_production_client
except ImportError as missing:
    print(missing)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "loaded: False" in out
    assert "The async client needs aiohttp (aiohttp is not installed): " in out
    assert 'pip install "financial-operations-api[async]"' in out


def test_the_default_timeout_is_set() -> None:
    assert fo.DEFAULT_TIMEOUT.connect_timeout == 10.0
    assert fo.DEFAULT_TIMEOUT.read_timeout == 30.0


def test_a_silent_server_times_out(recorder: Recorder) -> None:
    import socket

    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(1)
        client = fo.production_client(
            f"http://127.0.0.1:{silent.getsockname()[1]}", "AK", SECRET, timeout=0.2, retry=fo.RetryPolicy(attempts=1)
        )
        with pytest.raises(Exception, match=r"(?i)timed? ?out"):
            fo_api.DepositInstructionsApi(client).list_all_deposit_instructions()


@pytest.mark.parametrize("chunked", [False, True], ids=["Content-Length", "chunked"])
def test_a_body_over_the_bound_is_refused(recorder: Recorder, chunked: bool) -> None:
    recorder.statuses[:] = [200]
    recorder.answer, recorder.chunked = b'{"data": "' + b"x" * 100 + b'"}', chunked
    try:
        with pytest.raises(fo.ResponseTooLargeError, match="bound of 64 bytes"):
            fo_api.DepositInstructionsApi(production(recorder, max_response_bytes=64)).list_all_deposit_instructions()
        recorder.statuses[:] = [200]
        fo_api.DepositInstructionsApi(
            production(recorder, max_response_bytes=len(recorder.answer))
        ).list_all_deposit_instructions()
    finally:
        recorder.answer, recorder.chunked = b"{}", False


def test_sandbox_sends_its_key_as_bearer_and_no_signature(recorder: Recorder) -> None:
    fo_api.DepositInstructionsApi(
        fo.sandbox_client(recorder.url, "sandbox-key")
    ).list_all_deposit_instructions_with_http_info()
    [got] = recorder.received
    assert got.headers["Authorization"] == "Bearer sandbox-key"
    assert "X-SVC-Date" not in got.headers


@pytest.mark.parametrize("make", [lambda url: fo.sandbox_client(url, "k"), lambda url: fo.portfolio_client(url, "k")])
def test_bearer_clients_refuse_redirects_too(recorder: Recorder, make) -> None:  # type: ignore[no-untyped-def]
    recorder.statuses[:] = [302]
    recorder.location = "http://127.0.0.1:9/elsewhere"
    with pytest.raises(fo.RedirectRefusedError):
        fo_api.DepositInstructionsApi(make(recorder.url)).list_all_deposit_instructions()


def test_an_upload_sends_the_callers_bytes_type_and_name(recorder: Recorder) -> None:
    data = bytes(range(256)) * 3
    fo.upload_business_document(
        production(recorder),
        "acc 1",
        "sub/1",
        "MEMORANDUM_OF_ASSOCIATION",
        fo.Document(data, 'a "b".pdf', "application/pdf"),
    )
    [got] = recorder.received
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
            assert charset == "UTF-8", header
            assert unquote(encoded) == name, (name, header)
            assert plain.isascii()
            assert "\n" not in plain
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


def test_reprs_of_clients_hold_no_secret(recorder: Recorder) -> None:
    client = production(recorder)
    texts = [
        repr(client),
        repr(client.rest_client.pool_manager),
        repr(client.configuration),
        repr(vars(client.configuration)),
    ]
    assert not any(SECRET in t for t in texts)
    bearer = fo.portfolio_client(recorder.url, "pf-secret-token")
    assert not any(
        "pf-secret-token" in t
        for t in [repr(bearer), repr(bearer.rest_client.pool_manager), repr(bearer.configuration)]
    )
