"""Production request signing (HMAC-SHA256), as pure functions over one request."""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timezone

AUTHORIZATION_HEADER = "Authorization"
DATE_HEADER = "X-SVC-Date"
SIGNING_SCHEME = "Service-HMAC-SHA256"
EMPTY_BODY_HASH = hashlib.sha256(b"").hexdigest()
# The fewest key bytes a signer takes (128 bits), as the TypeScript client: the reference gives no key
# length, and a shorter secret is a truncated copy or a placeholder, not an issued key.
MIN_SECRET_KEY_BYTES = 16

_URL_SAFE_BASE64 = re.compile(r"[A-Za-z0-9_-]+")
_ACCESS_KEY = re.compile(r"[^\s:]+")


class InvalidCredentialsError(ValueError):
    """Raised for credentials that cannot sign; the message never contains the secret."""


def decode_secret_key(secret_key: str) -> bytes:
    """Decodes the secret key, strict URL-safe Base64 without padding, into the HMAC key bytes."""
    n = len(secret_key) if isinstance(secret_key, str) else 0
    if not n:
        problem = "is empty"
    elif not _URL_SAFE_BASE64.fullmatch(secret_key):
        problem = "is not URL-safe Base64 (only A-Z a-z 0-9 - _, no padding)"
    elif n % 4 == 1:
        problem = "is truncated (no Base64 text has that length)"
    else:
        key = base64.urlsafe_b64decode(secret_key + "=" * (-n % 4))
        # Bits left over after the last whole byte must be zero, or two texts would give one key.
        if base64.urlsafe_b64encode(key).decode().rstrip("=") == secret_key:
            return key
        problem = "has stray bits in its last character"
    raise InvalidCredentialsError(f"Secret key ({n} characters) {problem}: copy it exactly as issued in API Settings")


def check_access_key(access_key: str) -> None:
    """Refuses an access key that cannot stand in the Authorization header."""
    if not isinstance(access_key, str) or not _ACCESS_KEY.fullmatch(access_key):
        raise InvalidCredentialsError(
            "Access key is empty or has white space or ':' (not allowed in the Authorization header)"
        )


def check_bearer_token(token: str) -> None:
    """Refuses a bearer token (the sandbox API key, a portfolio token) that cannot stand in the header."""
    if not isinstance(token, str) or not token or any(c.isspace() for c in token):
        n = len(token) if isinstance(token, str) else 0
        raise InvalidCredentialsError(
            f"Bearer token ({n} characters) is empty or has white space: copy it exactly as issued"
        )


def format_timestamp(time: datetime) -> str:
    """UTC as YYYYMMDDTHHMMSSZ; fractions of a second are dropped, never rounded."""
    if time.tzinfo is None:
        raise ValueError("Cannot sign at a naive datetime: give it a time zone")
    return time.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def hash_body(body: bytes | None) -> str:
    """Lower-case hex SHA-256 of the exact body bytes; no body hashes as zero bytes."""
    return hashlib.sha256(body).hexdigest() if body else EMPTY_BODY_HASH


def string_to_sign(access_key: str, timestamp: str, method: str, path: str, body_hash: str) -> str:
    """The five fields joined by single newlines, no newline at the end."""
    return "\n".join([access_key, timestamp, method.upper(), path, body_hash])


@dataclass(frozen=True)
class Signature:
    """Every intermediate of one signature, and the headers to send."""

    timestamp: str
    body_hash: str
    string_to_sign: str
    signature: str

    def headers(self, access_key: str) -> Mapping[str, str]:
        return {
            AUTHORIZATION_HEADER: f"{SIGNING_SCHEME} {access_key}:{self.timestamp}:{self.signature}",
            DATE_HEADER: self.timestamp,
        }


def sign(
    *,
    access_key: str,
    key: bytes,
    method: str,
    path: str,
    body: bytes | None,
    time: datetime,
    body_hash: str | None = None,
) -> Signature:
    """Signs one request. `key` is the decoded secret; `path` is as sent, without the query; `body_hash`, the body's
    hash when already computed (so a large body is hashed once)."""
    if not path.startswith("/") or "?" in path:
        raise ValueError(f'Path to sign must start with "/" and have no query: "{path}"')
    timestamp = format_timestamp(time)
    if body_hash is None:
        body_hash = hash_body(body)
    text = string_to_sign(access_key, timestamp, method, path, body_hash)
    mac = hmac.new(key, text.encode("utf-8"), hashlib.sha256).hexdigest()
    return Signature(timestamp, body_hash, text, mac)
