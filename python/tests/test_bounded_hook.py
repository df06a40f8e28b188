"""The hook bounds what it passes on, as the ready-made clients do: a user who wires sign_pool_manager or
sign_api_client into their own generated client never reads an answer past max_response_bytes."""

from __future__ import annotations

import base64
import secrets
from collections.abc import Iterator

import pytest
import urllib3
from hypothesis import given, settings
from hypothesis import strategies as st

import financial_operations_api as fo
import fo_signing
from fo_signing import DEFAULT_MAX_RESPONSE_BYTES, HmacSigner, ResponseTooLargeError, sign_api_client, sign_pool_manager
from large_answer import SEND_BUFFER, LargeAnswer, receive_window, serve

try:
    import fo_api
except ImportError as missing:  # a clear failure, never a skip
    raise ImportError(
        "The generated client fo_api is not installed: run `node scripts/clients.mjs test python`"
    ) from missing

CUSTOMER = "c0ffee00-0000-4000-8000-000000000001"
SECRET = base64.urlsafe_b64encode(secrets.token_bytes(32)).decode().rstrip("=")
# A signed path and a portfolio (bearer) path: the hook bounds both.
PATHS = [f"/v1/customers/{CUSTOMER}/rfis", "/v1/portfolios/p1/conversions"]
HUNDRED_MIB = 100 * 1024 * 1024


@pytest.fixture(scope="module")
def large() -> Iterator[LargeAnswer]:
    with serve() as server:
        yield server


def hooked(url: str, **kw: int) -> urllib3.PoolManager:
    return sign_pool_manager(urllib3.PoolManager(), HmacSigner("AK_bound", SECRET), url, **kw)


def send(large: LargeAnswer, manager: urllib3.PoolManager, path: str, size: int, *, declared: bool) -> bytes:
    large.size, large.declared = size, declared
    large.sent.clear()
    large.done.clear()
    try:
        return manager.request("GET", large.url + path, retries=False).data
    finally:
        assert large.done.wait(10), "the server never finished its answer"


def test_the_bound_is_one_class_and_one_default() -> None:
    assert fo.ResponseTooLargeError is fo_signing.ResponseTooLargeError
    assert fo.DEFAULT_MAX_RESPONSE_BYTES == DEFAULT_MAX_RESPONSE_BYTES == 16 * 1024 * 1024


@settings(max_examples=40, deadline=None)
@given(
    limit=st.integers(min_value=1, max_value=8192),
    offset=st.integers(min_value=-8192, max_value=3 * 8192),
    declared=st.booleans(),
    path=st.sampled_from(PATHS),
)
def test_an_answer_is_passed_on_up_to_the_bound_and_refused_past_it(
    large: LargeAnswer, limit: int, offset: int, declared: bool, path: str
) -> None:
    size = max(limit + offset, 0)
    manager = hooked(large.url, max_response_bytes=limit)
    if size <= limit:
        assert send(large, manager, path, size, declared=declared) == b" " * size
        return
    message = "it was not read" if declared else "reading stopped there"
    with pytest.raises(ResponseTooLargeError, match=f"bound of {limit} bytes; {message}"):
        send(large, manager, path, size, declared=declared)


@pytest.mark.parametrize("path", PATHS)
def test_a_hundred_mib_answer_without_a_length_stops_being_read_at_the_bound(large: LargeAnswer, path: str) -> None:
    limit = 1024 * 1024
    with pytest.raises(ResponseTooLargeError, match="reading stopped there"):
        send(large, hooked(large.url, max_response_bytes=limit), path, HUNDRED_MIB, declared=False)
    # The client read at most what the server sent; past the bound only what the kernels' buffers held.
    (sent,) = large.sent
    assert sent <= limit + 1 + receive_window() + SEND_BUFFER, f"{sent} bytes left the server"
    assert sent < HUNDRED_MIB


def test_the_default_bound_holds_without_an_option(large: LargeAnswer) -> None:
    with pytest.raises(ResponseTooLargeError, match=f"bound of {DEFAULT_MAX_RESPONSE_BYTES} bytes"):
        send(large, hooked(large.url), PATHS[0], HUNDRED_MIB, declared=False)
    (sent,) = large.sent
    assert sent <= DEFAULT_MAX_RESPONSE_BYTES + 1 + receive_window() + SEND_BUFFER


@pytest.mark.parametrize("bound", [0, -1, True, 1.5])
def test_a_bound_that_is_no_positive_int_is_refused(bound: object) -> None:
    with pytest.raises(ValueError, match="max_response_bytes"):
        sign_pool_manager(
            urllib3.PoolManager(),
            HmacSigner("AK_bound", SECRET),
            "http://127.0.0.1",
            max_response_bytes=bound,  # type: ignore[arg-type]
        )


def test_bounding_twice_keeps_one_bound_the_last(large: LargeAnswer) -> None:
    manager = hooked(large.url, max_response_bytes=10)
    fo_signing.bound_responses(manager, 100)
    assert send(large, manager, PATHS[0], 100, declared=False) == b" " * 100
    inner = manager.urlopen._unbounded  # type: ignore[attr-defined]  # noqa: SLF001 (the mark under test)
    assert getattr(inner, "_bounding", None) is not inner, "a second bound nested around the first"
    with pytest.raises(ResponseTooLargeError, match="bound of 100 bytes"):
        send(large, manager, PATHS[0], 101, declared=False)


@pytest.mark.parametrize("declared", [False, True])
def test_the_generated_client_with_the_hook_refuses_an_oversized_answer(large: LargeAnswer, declared: bool) -> None:
    limit = 64 * 1024
    client = sign_api_client(
        fo_api.ApiClient(fo_api.Configuration(host=large.url)), "AK_bound", SECRET, max_response_bytes=limit
    )
    large.size, large.declared = HUNDRED_MIB, declared
    large.sent.clear()
    large.done.clear()
    with pytest.raises(ResponseTooLargeError, match=f"bound of {limit} bytes"):
        fo_api.RFICasesApi(client).list_rfi_cases(CUSTOMER)
    assert large.done.wait(10)
    (sent,) = large.sent
    assert sent <= limit + 1 + receive_window() + SEND_BUFFER
