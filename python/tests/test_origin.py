"""A signature goes to the signer's own origin only: never to a redirect's target, never to another host.

Two recording servers on 127.0.0.1: the API's origin answers every status of the redirect class with a
Location on the other; the other must receive nothing at all (no Authorization, no X-SVC-Date, no body),
and the caller gets a clear error. Written against `sign_api_client`, the hook's entry point since it came.
"""

from __future__ import annotations

import base64
import secrets
from collections.abc import Iterator

import pytest
import urllib3

import fo_signing
from fo_signing import HmacSigner, sign_api_client, sign_pool_manager
from recorder import Recorder, serve

try:
    import fo_api
except ImportError as missing:  # a clear failure, never a skip
    raise ImportError(
        "The generated client fo_api is not installed: run `node scripts/clients.mjs test python`"
    ) from missing

CUSTOMER = "c0ffee00-0000-4000-8000-000000000001"
SECRET = base64.urlsafe_b64encode(secrets.token_bytes(32)).decode().rstrip("=")
REDIRECTS = [301, 302, 303, 307, 308]


@pytest.fixture(scope="module")
def servers() -> Iterator[tuple[Recorder, Recorder]]:
    with serve() as api, serve() as elsewhere:
        yield api, elsewhere


@pytest.fixture(autouse=True)
def fresh(servers: tuple[Recorder, Recorder]) -> None:
    for recorder in servers:
        recorder.received.clear()
        recorder.statuses.clear()
        recorder.location = None


def signed_client(url: str) -> fo_api.ApiClient:
    return sign_api_client(fo_api.ApiClient(fo_api.Configuration(host=url)), "AK_origin", SECRET)


@pytest.mark.parametrize("status", REDIRECTS)
@pytest.mark.parametrize("call", ["POST create quote", "GET list RFI cases"])
def test_a_redirect_to_another_origin_gets_nothing(servers: tuple[Recorder, Recorder], status: int, call: str) -> None:
    api, elsewhere = servers
    api.statuses[:] = [status]
    api.location = elsewhere.url + "/steal"
    client = signed_client(api.url)
    quote = fo_api.QuoteRequest(from_asset={"asset": "USDC"}, to_asset={"asset": "EUR"})
    send = {
        "POST create quote": lambda: fo_api.ConversionsApi(client).create_quote(CUSTOMER, quote),
        "GET list RFI cases": lambda: fo_api.RFICasesApi(client).list_rfi_cases(CUSTOMER),
    }[call]
    with pytest.raises(fo_signing.RedirectRefusedError) as refused:
        send()
    assert len(api.received) == 1
    assert api.received[0].headers.get("Authorization")
    assert elsewhere.received == [], f"the other origin received {elsewhere.received}"
    assert str(status) in str(refused.value)
    assert elsewhere.url in str(refused.value)


@pytest.mark.parametrize("status", REDIRECTS)
def test_a_redirect_on_the_same_origin_is_not_followed_either(servers: tuple[Recorder, Recorder], status: int) -> None:
    api, _ = servers
    api.statuses[:] = [status]
    api.location = api.url + "/v1/elsewhere"
    with pytest.raises(fo_signing.RedirectRefusedError):
        fo_api.RFICasesApi(signed_client(api.url)).list_rfi_cases(CUSTOMER)
    assert len(api.received) == 1


def test_a_request_to_another_origin_is_refused_before_sending(servers: tuple[Recorder, Recorder]) -> None:
    api, elsewhere = servers
    manager = sign_pool_manager(urllib3.PoolManager(), HmacSigner("AK_origin", SECRET), api.url)
    for url in [elsewhere.url + "/all_deposit_instructions", api.url.replace("127.0.0.1", "localhost") + "/x"]:
        with pytest.raises(fo_signing.CrossOriginRequestError, match="nothing was sent"):
            manager.request("POST", url, body=b'{"a":1}', retries=False)
    assert elsewhere.received == []
    assert api.received == []
    manager.request("GET", api.url + "/all_deposit_instructions")
    assert api.received[0].headers["Authorization"].startswith("Service-HMAC-SHA256 AK_origin:")


def test_reprs_hold_no_secret() -> None:
    signer = HmacSigner("AK_origin", SECRET)
    manager = sign_pool_manager(urllib3.PoolManager(), signer, "http://127.0.0.1:9")
    key = signer._key  # noqa: SLF001 (the test looks for the key's own bytes)
    for text in [repr(signer), str(signer), repr(manager), str(vars(signer).keys())]:
        assert SECRET not in text
        assert repr(key) not in text
        assert key.hex() not in text
