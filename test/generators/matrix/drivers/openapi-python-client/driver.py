"""openapi-python-client, default options (httpx). The file goes in as its File type; the upload call sets the
Content-Type the document names, with no per-call override: the caller's MIME type goes in through an httpx
request hook (the client's httpx_args), for the call made while it is set."""
import contextvars
import io
from typing import Optional

import httpx

from __PACKAGE__ import Client
from __PACKAGE__.types import File
from scenario import base_url, customer_id, file_bytes, report, scenario, upload

upload_mime: contextvars.ContextVar[Optional[str]] = contextvars.ContextVar("upload_mime", default=None)


def set_mime(request: httpx.Request) -> None:
    mime = upload_mime.get()
    if mime is not None:
        request.headers["Content-Type"] = mime


client = Client(base_url=base_url, httpx_args={"event_hooks": {"request": [set_mime]}})


def upload_step() -> object:
    from __PACKAGE__.api.onboarding import upload_business_document

    token = upload_mime.set(upload["mime_type"])
    try:
        response = upload_business_document.sync_detailed(
            main_account_id=upload["main_account_id"],
            sub_account_id=upload["sub_account_id"],
            document_type=upload["document_type"],
            client=client,
            body=File(payload=io.BytesIO(file_bytes), file_name="memorandum.pdf", mime_type=upload["mime_type"]),
            content_disposition=upload["content_disposition"],
        )
    finally:
        upload_mime.reset(token)
    return response.status_code


def list_step() -> int:
    from __PACKAGE__.api.rfi_cases import list_rfi_cases

    parsed = list_rfi_cases.sync_detailed(customer_id=customer_id, client=client).parsed
    total = getattr(parsed, "total")
    assert isinstance(total, int), f"parsed {parsed!r}"
    return total


def quote_step() -> Optional[str]:
    from __PACKAGE__.api.conversions import create_quote
    from __PACKAGE__.models import QuoteRequest

    response = create_quote.sync_detailed(
        customer_id=customer_id, client=client, body=QuoteRequest.from_dict(scenario["quote"]["request"])
    )
    code = getattr(response.parsed, "code", None)
    assert isinstance(code, str), f"status {response.status_code}, parsed {response.parsed!r}"
    return code


def execute_step() -> Optional[str]:
    from __PACKAGE__.api.conversions import execute_quote
    from __PACKAGE__.models import ExecuteQuoteRequest

    response = execute_quote.sync_detailed(
        customer_id=customer_id, client=client, body=ExecuteQuoteRequest(quote_id=scenario["execute"]["quote_id"])
    )
    status = getattr(response.parsed, "order_status", None)
    assert isinstance(status, str), f"status {response.status_code}, parsed {response.parsed!r}"
    return status


report(upload_step, list_step, quote_step, execute_step)
