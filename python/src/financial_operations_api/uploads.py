"""Document uploads: the caller's bytes as the body, the caller's MIME type as Content-Type, and a
Content-Disposition built from the file name (RFC 6266, with RFC 8187 `filename*` for any non-ASCII name)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import fo_api

if TYPE_CHECKING:
    import fo_api.aio

_TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
_MIME = re.compile(rf"{_TOKEN.pattern}/{_TOKEN.pattern}(\s*;.*)?")


@dataclass(frozen=True)
class Document:
    """A file to upload: its exact bytes, its name and its MIME type (e.g. application/pdf)."""

    data: bytes
    file_name: str
    mime_type: str


def content_disposition(file_name: str) -> str:
    """`attachment; filename="..."` (ASCII, quotes and backslashes escaped), plus `filename*` when needed."""
    if not file_name or any(ord(c) < 0x20 or ord(c) == 0x7F for c in file_name):
        raise ValueError(
            "File name is empty or has a control character (a line break, a NUL): give the name as it should appear"
        )
    ascii_name = "".join(c if 0x20 <= ord(c) < 0x7F else "_" for c in file_name)
    quoted = ascii_name.replace("\\", "\\\\").replace('"', '\\"')
    if ascii_name == file_name:
        return f'attachment; filename="{quoted}"'
    return f"attachment; filename=\"{quoted}\"; filename*=UTF-8''{quote(file_name, safe='')}"


def _upload(onboarding: Any, operation: str, ids: tuple[str, ...], document: Document) -> Any:
    """Calls the generated upload operation of `onboarding` (fo_api's OnboardingApi, or fo_api.aio's, whose call is
    awaited): the Content-Disposition, the path's identifiers in order, the bytes, and the document's MIME type as
    Content-Type."""
    if not isinstance(document.data, (bytes, bytearray, memoryview)):
        raise TypeError(f"Document data must be bytes, got {type(document.data).__name__}")
    if not _MIME.fullmatch(document.mime_type):
        raise ValueError(f"MIME type {document.mime_type!r} is not of the form type/subtype (e.g. application/pdf)")
    call = getattr(onboarding, f"{operation}_with_http_info")
    disposition = content_disposition(document.file_name)
    return call(disposition, *ids, bytes(document.data), _content_type=document.mime_type)


def upload_business_document(
    client: fo_api.ApiClient, main_account_id: str, sub_account_id: str, document_type: str, document: Document
) -> Any:
    """PUT the document of a business sub-account; returns the generated call's response."""
    ids = (main_account_id, sub_account_id, document_type)
    return _upload(fo_api.OnboardingApi(client), "upload_business_document", ids, document)


def upload_business_controller_document(
    client: fo_api.ApiClient,
    main_account_id: str,
    sub_account_id: str,
    controller_id: str,
    document_type: str,
    document: Document,
) -> Any:
    """PUT the document of a controller of a business sub-account."""
    ids = (main_account_id, sub_account_id, controller_id, document_type)
    return _upload(fo_api.OnboardingApi(client), "upload_business_controller_document", ids, document)


def upload_individual_document(
    client: fo_api.ApiClient, main_account_id: str, sub_account_id: str, document_type: str, document: Document
) -> Any:
    """PUT the document of an individual sub-account."""
    ids = (main_account_id, sub_account_id, document_type)
    return _upload(fo_api.OnboardingApi(client), "upload_individual_document", ids, document)


def _async_onboarding(client: fo_api.aio.ApiClient) -> Any:
    from fo_api.aio import OnboardingApi  # the async extra's: imported only by an async upload

    return OnboardingApi(client)


async def async_upload_business_document(
    client: fo_api.aio.ApiClient, main_account_id: str, sub_account_id: str, document_type: str, document: Document
) -> Any:
    """`upload_business_document` with an async client: PUT the document of a business sub-account."""
    ids = (main_account_id, sub_account_id, document_type)
    return await _upload(_async_onboarding(client), "upload_business_document", ids, document)


async def async_upload_business_controller_document(
    client: fo_api.aio.ApiClient,
    main_account_id: str,
    sub_account_id: str,
    controller_id: str,
    document_type: str,
    document: Document,
) -> Any:
    """`upload_business_controller_document` with an async client."""
    ids = (main_account_id, sub_account_id, controller_id, document_type)
    return await _upload(_async_onboarding(client), "upload_business_controller_document", ids, document)


async def async_upload_individual_document(
    client: fo_api.aio.ApiClient, main_account_id: str, sub_account_id: str, document_type: str, document: Document
) -> Any:
    """`upload_individual_document` with an async client."""
    ids = (main_account_id, sub_account_id, document_type)
    return await _upload(_async_onboarding(client), "upload_individual_document", ids, document)
