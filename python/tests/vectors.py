"""The project's shared signing vectors (test/signing/vectors.json), read as the other signers read them."""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path
from typing import Any

SIGNING = Path(__file__).resolve().parents[2] / "test" / "signing"


def _load(name: str) -> Any:
    with open(SIGNING / name, encoding="utf-8") as f:
        return json.load(f)


FIXTURES = _load("vectors.json")
VECTORS: list[dict[str, Any]] = FIXTURES["cases"]
INVALID_SECRETS: list[dict[str, str]] = FIXTURES["invalidSecrets"]
RFC4231: list[dict[str, str]] = _load("rfc4231.json")


def body_bytes(spec: dict[str, Any]) -> bytes | None:
    """The exact bytes a body description stands for; None for no body."""
    kind = spec["kind"]
    if kind == "none":
        return None
    if kind == "utf8":
        return spec["text"].encode("utf-8")
    if kind == "hex":
        return bytes.fromhex(spec["hex"])
    if kind == "cycle":
        return bytes(i % 256 for i in range(spec["length"]))
    raise ValueError(f"unknown body kind {kind!r}")


def time_of(vector: dict[str, Any]) -> datetime:
    return datetime.fromisoformat(vector["input"]["time"].replace("Z", "+00:00"))


def names(vectors: list[dict[str, Any]]) -> list[str]:
    return [v["name"] for v in vectors]


def hook_takes(vector: dict[str, Any]) -> bool:
    """Whether a hook (not the bare signing steps) takes this vector's secret: 16 key bytes or more."""
    from fo_signing import MIN_SECRET_KEY_BYTES, decode_secret_key

    return len(decode_secret_key(vector["input"]["secretKey"])) >= MIN_SECRET_KEY_BYTES


def assert_sent_as_signed(got: Any, vector: dict[str, Any], body: bytes | None) -> None:
    """What a server received for this vector is what was signed: the body and query as given, no credentials on a
    portfolio path, else the vector's timestamp and signature; a path the HTTP library sent with upper-case escapes
    (%3a as %3A) signed as it was sent."""
    from fo_signing import decode_secret_key, is_portfolio_path, sign

    i, e = vector["input"], vector["expected"]
    assert got.body == (body or b"")
    path, _, sent_query = got.target.partition("?")
    assert sent_query == i.get("query", "")
    if is_portfolio_path(path):
        assert "Authorization" not in got.headers
        assert "X-SVC-Date" not in got.headers
        return
    assert got.headers["X-SVC-Date"] == e["timestamp"]
    if path == i["path"]:
        assert got.headers["Authorization"] == e["headers"]["Authorization"]
        return
    assert path == re.sub(r"%[0-9a-f]{2}", lambda m: m.group(0).upper(), i["path"])
    key = decode_secret_key(i["secretKey"])
    expected = sign(access_key=i["accessKey"], key=key, method=i["method"], path=path, body=body, time=time_of(vector))
    assert got.headers["Authorization"].endswith(f":{expected.signature}")
