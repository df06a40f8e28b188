"""The requests, httpx (sync and async) and aiohttp auth adapters: against the production mock, which checks every
signature, and on a recording server for what they send, refuse and never show."""

from __future__ import annotations

import asyncio
import base64
import io
import json
import secrets
import ssl
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

import aiohttp
import httpx
import pytest
import requests

from financial_operations_api.testing import RunningMock, start_mock
from fo_signing import CrossOriginRequestError, InvalidCredentialsError, RedirectRefusedError, StreamedBodyError, sign
from fo_signing.aiohttp_auth import AiohttpAuth
from fo_signing.httpx_auth import HttpxAuth
from fo_signing.requests_auth import RequestsAuth
from recorder import Recorder, serve

CUSTOMER = "c0ffee00-0000-4000-8000-000000000001"
QUOTE = {"from_asset": {"asset": "USDC"}, "to_asset": {"asset": "EUR"}}
PDF = b"%PDF-1.7\n\x00\xff\xfe binary \r\n%%EOF"
UPLOAD = "/v2/accounts/acc-main-1/businesses/sub-1/documents/MEMORANDUM_OF_ASSOCIATION"
AT = datetime(2026, 11, 21, 9, 30, tzinfo=timezone.utc)
# One TLS context for every httpx client here (httpx would load its CA bundle for each client it makes).
TLS = ssl.create_default_context()


@pytest.fixture(scope="module")
def mock(mock_command_env: str) -> Iterator[RunningMock]:
    """The stateless production mock: Prism's examples answer whatever the ids. The same request may be signed twice
    in one second here, so a repeated signature is allowed; the front's replay refusal has its own tests."""
    with start_mock(stateful=False, replay="allow") as running:
        yield running


@pytest.fixture(autouse=True)
def fresh(recorder: Recorder) -> None:
    recorder.reset()


def new_secret() -> str:
    return base64.urlsafe_b64encode(secrets.token_bytes(32)).decode().rstrip("=")


@dataclass
class Answer:
    status: int
    headers: dict[str, str]  # names in lower case
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


def via_requests(auth: Any, method: str, url: str, **kw: Any) -> Answer:
    response = requests.request(method, url, auth=auth, timeout=30, **kw)
    return Answer(response.status_code, {k.lower(): v for k, v in response.headers.items()}, response.content)


def via_httpx(auth: Any, method: str, url: str, **kw: Any) -> Answer:
    with httpx.Client(auth=auth, timeout=30, verify=TLS) as client:
        response = client.request(method, url, **kw)
    return Answer(response.status_code, {k.lower(): v for k, v in response.headers.items()}, response.content)


def via_httpx_async(auth: Any, method: str, url: str, **kw: Any) -> Answer:
    async def send() -> Answer:
        async with httpx.AsyncClient(auth=auth, timeout=30, verify=TLS) as client:
            response = await client.request(method, url, **kw)
        return Answer(response.status_code, {k.lower(): v for k, v in response.headers.items()}, response.content)

    return asyncio.run(send())


def via_aiohttp(auth: Any, method: str, url: str, **kw: Any) -> Answer:
    """aiohttp, the auth as the session's middleware; `files=` (with `data=` fields) as aiohttp's multipart form."""
    files = kw.pop("files", None)
    if files is not None:
        form = aiohttp.FormData()
        for name, value in kw.pop("data", {}).items():
            form.add_field(name, value)
        for name, (file_name, content, content_type) in files.items():
            form.add_field(name, content, filename=file_name, content_type=content_type)
        kw["data"] = form

    async def send() -> Answer:
        async with (
            aiohttp.ClientSession(middlewares=(auth,)) as session,
            session.request(method, url, ssl=TLS, **kw) as response,
        ):
            body = await response.read()
        return Answer(response.status, {k.lower(): v for k, v in response.headers.items()}, body)

    return asyncio.run(send())


@dataclass(frozen=True)
class Library:
    """One adapter with the call that sends through its library, and how that library spells a body."""

    name: str
    auth: type[RequestsAuth] | type[HttpxAuth] | type[AiohttpAuth]
    send: Callable[..., Answer]
    raw: str  # the keyword of a raw body: requests `data`, httpx `content`


LIBRARIES = [
    Library("requests", RequestsAuth, via_requests, "data"),
    Library("httpx", HttpxAuth, via_httpx, "content"),
    Library("httpx-async", HttpxAuth, via_httpx_async, "content"),
    Library("aiohttp", AiohttpAuth, via_aiohttp, "data"),
]
each_library = pytest.mark.parametrize("lib", LIBRARIES, ids=[lib.name for lib in LIBRARIES])


def production(lib: Library, mock: RunningMock, secret: str | None = None) -> Any:
    return lib.auth.production(mock.url, mock.access_key, secret or mock.secret_key)


# ---- Against the production mock: it answers 2xx only for a signature over exactly what it received.


@each_library
def test_a_signed_post_with_a_json_body_is_accepted(lib: Library, mock: RunningMock) -> None:
    answer = lib.send(
        production(lib, mock), "POST", f"{mock.url}/v1/customers/{CUSTOMER}/conversions/quote", json=QUOTE
    )
    assert answer.status == 201, answer.body
    assert answer.json()["quote_id"]


@each_library
def test_a_signed_get_with_a_query_is_accepted(lib: Library, mock: RunningMock) -> None:
    query = {"rfi_status": "ACTION_REQUIRED,PENDING_REVIEW", "page": "1", "size": "10"}
    answer = lib.send(production(lib, mock), "GET", f"{mock.url}/v1/customers/{CUSTOMER}/rfi-cases", params=query)
    assert answer.status == 200, answer.body


@each_library
def test_a_signed_raw_bytes_upload_is_accepted(lib: Library, mock: RunningMock) -> None:
    headers = {"Content-Type": "application/pdf", "Content-Disposition": 'attachment; filename="memorandum.pdf"'}
    answer = lib.send(production(lib, mock), "PUT", mock.url + UPLOAD, headers=headers, **{lib.raw: PDF})
    assert 200 <= answer.status < 300, answer.body


@each_library
def test_a_signed_multipart_file_answer_is_accepted(lib: Library, mock: RunningMock) -> None:
    url = f"{mock.url}/v1/customers/{CUSTOMER}/rfi-cases/case-1/submissions"
    files = {"file": ("payslip.pdf", PDF, "application/pdf")}
    answer = lib.send(production(lib, mock), "POST", url, data={"type": "FILE"}, files=files)
    assert 200 <= answer.status < 300, answer.body


@each_library
def test_a_wrong_secret_gets_the_documented_401(lib: Library, mock: RunningMock) -> None:
    auth = production(lib, mock, new_secret())
    answer = lib.send(auth, "POST", f"{mock.url}/v1/customers/{CUSTOMER}/conversions/quote", json=QUOTE)
    assert answer.status == 401
    assert answer.json()["code"] == "00010000"
    assert answer.headers["x-mock-auth-failure"] == "signature-mismatch"


# ---- On a recording server: what goes on the wire, and what is refused before anything is sent.


def signed_at(lib: Library, recorder: Recorder, secret: str) -> Any:
    return lib.auth.production(recorder.url, "AK_adapter", secret, clock=lambda: AT)


@each_library
def test_a_text_body_is_signed_over_the_utf8_bytes_that_are_sent(lib: Library, recorder: Recorder) -> None:
    secret = new_secret()
    text = '{"note": "café ☕"}'
    lib.send(signed_at(lib, recorder, secret), "POST", recorder.url + "/v1/x?q=1", **{lib.raw: text})
    [got] = recorder.received
    assert got.body == text.encode("utf-8")
    expected = sign(
        access_key="AK_adapter",
        key=base64.urlsafe_b64decode(secret + "=="),
        method="POST",
        path="/v1/x",
        body=got.body,
        time=AT,
    )
    assert got.headers["Authorization"] == f"Service-HMAC-SHA256 AK_adapter:20261121T093000Z:{expected.signature}"


def chunks() -> Iterator[bytes]:
    yield b"part one, "
    yield b"part two"


async def async_chunks() -> AsyncIterator[bytes]:
    yield b"part one"


STREAMS: list[tuple[str, Library, Callable[[], object]]] = [
    ("requests generator", LIBRARIES[0], chunks),
    ("requests open file", LIBRARIES[0], lambda: io.BytesIO(b"file body")),
    ("httpx generator", LIBRARIES[1], chunks),
    ("httpx open file", LIBRARIES[1], lambda: io.BytesIO(b"file body")),
    ("httpx-async async generator", LIBRARIES[2], async_chunks),
    ("aiohttp async generator", LIBRARIES[3], async_chunks),
    ("aiohttp open file", LIBRARIES[3], lambda: io.BytesIO(b"file body")),
]


@pytest.mark.parametrize(("lib", "body"), [s[1:] for s in STREAMS], ids=[s[0] for s in STREAMS])
def test_a_streamed_body_is_refused_before_sending(
    lib: Library, body: Callable[[], object], recorder: Recorder
) -> None:
    with pytest.raises(StreamedBodyError, match=r"^Cannot sign POST /v1/x: its body is a stream .* Nothing was sent$"):
        lib.send(signed_at(lib, recorder, new_secret()), "POST", recorder.url + "/v1/x", **{lib.raw: body()})
    assert recorder.received == []


@each_library
def test_a_bearer_token_goes_on_every_request_streams_too(lib: Library, recorder: Recorder) -> None:
    streams_async = lib.name in ("httpx-async", "aiohttp")
    body = async_chunks() if streams_async else chunks()
    lib.send(lib.auth.sandbox(recorder.url, "sandbox-key"), "POST", recorder.url + "/v1/x", **{lib.raw: body})
    [got] = recorder.received
    assert got.body == (b"part one" if streams_async else b"part one, part two")
    assert got.headers["Authorization"] == "Bearer sandbox-key"
    assert "X-SVC-Date" not in got.headers


@each_library
def test_production_leaves_portfolio_paths_to_their_token(lib: Library, recorder: Recorder) -> None:
    lib.send(signed_at(lib, recorder, new_secret()), "GET", recorder.url + "/v1/portfolios/pf-1/conversions/cv-1")
    [got] = recorder.received
    assert "Authorization" not in got.headers
    assert "X-SVC-Date" not in got.headers


@each_library
@pytest.mark.parametrize("mode", ["production", "sandbox"])
def test_another_origin_is_refused_before_sending(lib: Library, mode: str, recorder: Recorder) -> None:
    with serve() as elsewhere:
        if mode == "production":
            auth = signed_at(lib, recorder, new_secret())
        else:
            auth = lib.auth.sandbox(recorder.url, "sandbox-key")
        with pytest.raises(CrossOriginRequestError, match="nothing was sent"):
            lib.send(auth, "POST", elsewhere.url + "/v1/x", **{lib.raw: b"{}"})
        assert elsewhere.received == []


@each_library
def test_a_redirect_is_refused_not_followed(lib: Library, recorder: Recorder) -> None:
    with serve() as elsewhere:
        recorder.statuses[:] = [307]
        recorder.location = elsewhere.url + "/steal"
        with pytest.raises(RedirectRefusedError, match="307"):
            lib.send(signed_at(lib, recorder, new_secret()), "POST", recorder.url + "/v1/x", **{lib.raw: b"{}"})
        assert len(recorder.received) == 1
        assert elsewhere.received == []


@pytest.mark.parametrize("auth", [RequestsAuth, HttpxAuth, AiohttpAuth])
def test_reprs_and_errors_hold_no_secret(auth: type[RequestsAuth] | type[HttpxAuth] | type[AiohttpAuth]) -> None:
    secret = new_secret()
    signing = auth.production("http://127.0.0.1:9", "AK_repr", secret)
    bearer = auth.sandbox("http://127.0.0.1:9", "sandbox-secret-token")
    texts = [repr(signing), str(signing), repr(vars(signing)), repr(bearer), str(bearer), repr(vars(bearer))]
    assert "AK_repr" in texts[0]
    for text in texts:
        assert secret not in text
        assert "sandbox-secret-token" not in text
    for bad in [secret[:-1] + "!", secret[:5]]:
        with pytest.raises(InvalidCredentialsError) as refused:
            auth.production("http://127.0.0.1:9", "AK_repr", bad)
        assert bad not in str(refused.value)
    with pytest.raises(InvalidCredentialsError, match=r"^Bearer token \(9 characters\)") as refused:
        auth.sandbox("http://127.0.0.1:9", "two words")
    assert "two words" not in str(refused.value)
