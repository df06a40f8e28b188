"""The generated Python client (OpenAPI Generator, urllib3), signed by fo_signing, against the mock in
production-auth mode: a JSON POST, a read with a query, a raw document upload, and a wrong secret."""

from __future__ import annotations

import base64
import json
import re
import secrets
from datetime import datetime, timezone
from pathlib import Path

import pytest
import urllib3
from urllib3.util.retry import Retry

from fo_signing import sign_api_client
from mock import Mock, run_mock
from recorder import serve

try:
    import fo_api
    from fo_api.exceptions import UnauthorizedException
except ImportError as missing:  # a clear failure, never a skip
    raise ImportError("The generated client fo_api is not installed: run `node scripts/clients.mjs test python`") from missing

CUSTOMER = "c0ffee00-0000-4000-8000-000000000001"
mock = pytest.fixture(scope="module")(run_mock)


class Wire:
    """Keeps what goes on the wire: installed before the hook, it sees the request the hook hands on."""

    def __init__(self, pool_manager: urllib3.PoolManager) -> None:
        self.sent: list[dict] = []
        for scheme, pool_class in pool_manager.pool_classes_by_scheme.items():
            connection = pool_class.ConnectionCls
            sent = self.sent

            class Recording(connection):  # type: ignore[misc, valid-type]
                def request(self, method, url, body=None, headers=None, **kw):
                    sent.append({"method": method, "url": url, "body": body, "headers": dict(headers or {})})
                    super().request(method, url, body=body, headers=headers, **kw)

            pool_manager.pool_classes_by_scheme[scheme] = type(pool_class.__name__, (pool_class,), {"ConnectionCls": Recording})
        pool_manager.clear()


def client(mock: Mock, secret_key: str | None = None) -> tuple[fo_api.ApiClient, Wire]:
    """The generated client as its README sets it up, plus the signing hook; and what it sends."""
    api = fo_api.ApiClient(fo_api.Configuration(host=mock.url))
    wire = Wire(api.rest_client.pool_manager)
    return sign_api_client(api, mock.access_key, secret_key or mock.secret_key), wire


def quote_request() -> fo_api.QuoteRequest:
    return fo_api.QuoteRequest(from_asset={"asset": "USDC"}, to_asset={"asset": "EUR"})


def test_quote_json_post(mock: Mock) -> None:
    api, wire = client(mock)
    response = fo_api.ConversionsApi(api).create_quote_with_http_info(CUSTOMER, quote_request())
    assert 200 <= response.status_code < 300
    assert response.data.quote_id
    [sent] = wire.sent
    assert json.loads(sent["body"]) == {"from_asset": {"asset": "USDC"}, "to_asset": {"asset": "EUR"}}


def test_rfi_list_with_status_query(mock: Mock) -> None:
    api, wire = client(mock)
    statuses = [fo_api.RfiStatus.ACTION_REQUIRED, fo_api.RfiStatus.PENDING_REVIEW]
    response = fo_api.RFICasesApi(api).list_rfi_cases_with_http_info(CUSTOMER, rfi_status=statuses)
    assert 200 <= response.status_code < 300
    [sent] = wire.sent
    assert sent["url"].endswith("/rfi-cases?rfi_status=ACTION_REQUIRED,PENDING_REVIEW")
    assert sent["headers"]["Authorization"].startswith(f"Service-HMAC-SHA256 {mock.access_key}:")


def test_raw_document_upload(mock: Mock) -> None:
    document = b"%PDF-1.7\n\x00\xff\xfe binary\n%%EOF"
    api, wire = client(mock)
    # The document offers application/octet-stream first (then */*): the generated client sends the bytes
    # labelled octet-stream unless _content_type names the document's MIME type.
    response = fo_api.OnboardingApi(api).upload_business_document_with_http_info(
        'attachment; filename="memorandum.pdf"',
        "acc-main-1",
        "sub-1",
        "MEMORANDUM_OF_ASSOCIATION",
        document,
        _content_type="application/pdf",
    )
    assert 200 <= response.status_code < 300
    [sent] = wire.sent
    assert sent["body"] == document
    assert sent["headers"]["Content-Type"] == "application/pdf"
    assert sent["headers"]["Content-Disposition"] == 'attachment; filename="memorandum.pdf"'


def test_wrong_secret_gets_the_documented_401(mock: Mock) -> None:
    wrong = base64.urlsafe_b64encode(secrets.token_bytes(32)).decode().rstrip("=")
    with pytest.raises(UnauthorizedException) as refused:
        fo_api.ConversionsApi(client(mock, wrong)[0]).create_quote(CUSTOMER, quote_request())
    assert refused.value.status == 401
    assert refused.value.headers["X-Mock-Auth-Failure"] == "signature-mismatch"
    body = json.loads(refused.value.body)
    assert (body["code"], body["detail"]) == ("00010000", "Signature mismatch.")


def test_the_readme_example_runs_against_the_mock(mock: Mock, tmp_path, monkeypatch) -> None:
    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    [example] = re.findall(r"```python\n(.*?)```", readme, re.S)
    document = tmp_path / "memorandum.pdf"
    document.write_bytes(b"%PDF-1.7\n\x00 example\n%%EOF")
    for name, value in {"FO_BASE_URL": mock.url, "FO_ACCESS_KEY": mock.access_key, "FO_SECRET_KEY": mock.secret_key, "FO_DOCUMENT": str(document)}.items():
        monkeypatch.setenv(name, value)
    scope: dict = {}
    exec(compile(example, "python/README.md", "exec"), scope)
    assert scope["quote"].quote_id
    assert scope["cases"] is not None


def test_retries_of_the_generated_configuration_are_each_signed_afresh() -> None:
    with serve() as recorder:
        recorder.statuses[:] = [503, 503]
        configuration = fo_api.Configuration(host=recorder.url)
        configuration.retries = Retry(total=3, status_forcelist=[503], backoff_factor=0, allowed_methods=None)
        clock = iter(datetime(2026, 11, 21, 9, 30, second, tzinfo=timezone.utc) for second in range(10))
        api = sign_api_client(fo_api.ApiClient(configuration), "AK_retry", "A" * 22, clock=lambda: next(clock))
        response = fo_api.ConversionsApi(api).create_quote_without_preload_content(CUSTOMER, quote_request())
        assert response.status == 204
        dates = [attempt.headers["X-SVC-Date"] for attempt in recorder.received]
        assert dates == ["20261121T093000Z", "20261121T093001Z", "20261121T093002Z"]
        assert len({attempt.headers["Authorization"] for attempt in recorder.received}) == 3
        assert len({attempt.body for attempt in recorder.received}) == 1
