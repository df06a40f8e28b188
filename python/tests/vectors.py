"""The project's shared signing vectors (test/signing/vectors.json), read as the other signers read them."""

from __future__ import annotations

import json
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
