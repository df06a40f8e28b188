"""The error an API call raised, read as one of the reference's four error bodies, with its code.

The generated client raises `fo_api.ApiException` (or a subclass per status) holding the raw body: `api_error`
reads it into one shape, whichever envelope the endpoint answered with.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

Envelope = Literal["flat", "legacy-auth", "v2-errors", "portfolio", "none"]


@dataclass(frozen=True)
class ApiError:
    """One failed call: HTTP status, which envelope, its code (a string, open: new codes may come) and text."""

    status: int
    envelope: Envelope
    code: str | None
    message: str | None
    trace_id: str | None
    body: Any

    def __str__(self) -> str:
        return f"HTTP {self.status} {self.envelope} error {self.code or '(no code)'}: {self.message or ''}".rstrip(": ")


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def read_envelope(status: int, text: str | bytes | None) -> ApiError:
    """Reads an error body: the flat envelope, the older authentication shape, the v2 `errors` array or the
    portfolio `error` object; anything else is kept as `none` with the raw body."""
    try:
        body = json.loads(text) if text else None
    except ValueError:
        body = None
    raw = body if body is not None else (text.decode("utf-8", "replace") if isinstance(text, bytes) else text)
    if isinstance(body, dict):
        if isinstance(body.get("error"), dict):
            e = body["error"]
            return ApiError(
                status, "portfolio", _text(e.get("code")), _text(e.get("message")), _text(e.get("request_id")), body
            )
        if isinstance(body.get("errors"), list) and body["errors"]:
            first = body["errors"][0] if isinstance(body["errors"][0], dict) else {}
            return ApiError(status, "v2-errors", _text(first.get("type")), _text(first.get("description")), None, body)
        if "status_code" in body:
            return ApiError(status, "legacy-auth", _text(body.get("code")), _text(body.get("detail")), None, body)
        if "code" in body:
            return ApiError(
                status, "flat", _text(body.get("code")), _text(body.get("detail")), _text(body.get("trace_id")), body
            )
    return ApiError(status, "none", None, None, None, raw)


def api_error(exception: BaseException) -> ApiError:
    """The documented error of a call that raised `fo_api.ApiException`; TypeError for any other exception."""
    status = getattr(exception, "status", None)
    if not isinstance(status, int):
        raise TypeError(
            f"api_error reads an fo_api.ApiException (an answer of the API), not a {type(exception).__name__}"
        ) from exception
    return read_envelope(status, getattr(exception, "body", None))
