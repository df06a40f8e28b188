"""The urllib3 hook on the wire: what a local server receives is signed over exactly what it received."""

from __future__ import annotations

import io
from datetime import datetime, timezone

import pytest
import urllib3
from urllib3.util.retry import Retry

from fo_signing import HmacSigner, decode_secret_key, sign, sign_pool_manager
from recorder import Recorder
from samples import Ticking
from vectors import VECTORS, assert_sent_as_signed, body_bytes, hook_takes, names, time_of


@pytest.fixture(autouse=True)
def fresh(recorder: Recorder) -> None:
    recorder.reset()


def signed_manager(base_url: str, access_key: str, secret_key: str, clock, **kw) -> urllib3.PoolManager:
    return sign_pool_manager(urllib3.PoolManager(**kw), HmacSigner(access_key, secret_key, clock=clock), base_url)


HOOK_VECTORS = [v for v in VECTORS if hook_takes(v)]


def test_the_hook_runs_most_vectors() -> None:
    assert len(HOOK_VECTORS) >= 30


@pytest.mark.parametrize("vector", HOOK_VECTORS, ids=names(HOOK_VECTORS))
def test_vector_on_the_wire(recorder: Recorder, vector) -> None:
    i = vector["input"]
    body = body_bytes(i["body"])
    manager = signed_manager(recorder.url, i["accessKey"], i["secretKey"], lambda: time_of(vector))
    query = f"?{i['query']}" if "query" in i else ""
    manager.request(i["method"], recorder.url + i["path"] + query, body=body, retries=False)

    [got] = recorder.received
    assert_sent_as_signed(got, vector, body)


def quote_vector():
    return next(v for v in VECTORS if v["name"] == "JSON body of execute quote")


@pytest.mark.parametrize(
    "make_body", [lambda b: b, lambda b: io.BytesIO(b), lambda b: b.decode()], ids=["bytes", "file", "text"]
)
def test_a_retry_is_signed_afresh_over_the_same_bytes(recorder: Recorder, make_body) -> None:
    vector = quote_vector()
    i = vector["input"]
    body = body_bytes(i["body"])
    clock = Ticking(time_of(vector))
    manager = signed_manager(recorder.url, i["accessKey"], i["secretKey"], clock)
    recorder.statuses[:] = [503, 503]
    retries = Retry(total=3, status_forcelist=[503], backoff_factor=0, allowed_methods=None)
    response = manager.request("POST", recorder.url + i["path"], body=make_body(body), retries=retries)

    assert response.status == 204
    assert len(recorder.received) == 3
    dates = [r.headers["X-SVC-Date"] for r in recorder.received]
    assert len(set(dates)) == 3
    key = decode_secret_key(i["secretKey"])
    for attempt in recorder.received:
        assert attempt.body == body
        at = datetime.strptime(attempt.headers["X-SVC-Date"], "%Y%m%dT%H%M%SZ").replace(tzinfo=timezone.utc)
        expected = sign(access_key=i["accessKey"], key=key, method="POST", path=i["path"], body=body, time=at)
        assert (
            attempt.headers["Authorization"]
            == f"Service-HMAC-SHA256 {i['accessKey']}:{expected.timestamp}:{expected.signature}"
        )


def test_a_header_set_before_is_replaced_not_doubled(recorder: Recorder) -> None:
    vector = quote_vector()
    i = vector["input"]
    manager = signed_manager(recorder.url, i["accessKey"], i["secretKey"], lambda: time_of(vector))
    manager.request(
        "POST",
        recorder.url + i["path"],
        body=body_bytes(i["body"]),
        headers={"authorization": "Bearer sandbox", "x-svc-date": "old"},
    )
    [got] = recorder.received
    assert got.headers["Authorization"] == vector["expected"]["headers"]["Authorization"]
    assert got.headers["X-SVC-Date"] == vector["expected"]["timestamp"]


def test_signing_twice_keeps_one_signer(recorder: Recorder) -> None:
    vector = quote_vector()
    i = vector["input"]
    manager = signed_manager(recorder.url, "someone-else", "B" * 21 + "A", lambda: time_of(vector))
    sign_pool_manager(manager, HmacSigner(i["accessKey"], i["secretKey"], clock=lambda: time_of(vector)), recorder.url)
    manager.request("POST", recorder.url + i["path"], body=body_bytes(i["body"]))
    assert recorder.received[0].headers["Authorization"] == vector["expected"]["headers"]["Authorization"]
