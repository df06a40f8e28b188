"""Every shared signing vector, step by step, so a failure names the step that broke."""

from __future__ import annotations

import hashlib
import hmac

import pytest

from fo_signing import (
    MIN_SECRET_KEY_BYTES,
    HmacSigner,
    InvalidCredentialsError,
    decode_secret_key,
    format_timestamp,
    hash_body,
    sign,
    string_to_sign,
)
from vectors import INVALID_SECRETS, RFC4231, VECTORS, body_bytes, hook_takes, names, time_of


def test_the_file_holds_at_least_30_vectors() -> None:
    assert len(VECTORS) >= 30


@pytest.mark.parametrize("vector", VECTORS, ids=names(VECTORS))
class TestVector:
    def test_timestamp(self, vector) -> None:
        assert format_timestamp(time_of(vector)) == vector["expected"]["timestamp"]

    def test_body_hash(self, vector) -> None:
        assert hash_body(body_bytes(vector["input"]["body"])) == vector["expected"]["bodyHash"]

    def test_string_to_sign(self, vector) -> None:
        i, e = vector["input"], vector["expected"]
        assert (
            string_to_sign(i["accessKey"], e["timestamp"], i["method"], i["path"], e["bodyHash"]) == e["stringToSign"]
        )

    def test_signature_and_headers(self, vector) -> None:
        i, e = vector["input"], vector["expected"]
        key = decode_secret_key(i["secretKey"])
        signed = sign(
            access_key=i["accessKey"],
            key=key,
            method=i["method"],
            path=i["path"],
            body=body_bytes(i["body"]),
            time=time_of(vector),
        )
        assert (signed.body_hash, signed.string_to_sign, signed.signature) == (
            e["bodyHash"],
            e["stringToSign"],
            e["signature"],
        )
        assert dict(signed.headers(i["accessKey"])) == e["headers"]

    def test_the_signer_gives_the_headers_or_refuses_a_short_key(self, vector) -> None:
        i, e = vector["input"], vector["expected"]
        if not hook_takes(vector):
            with pytest.raises(InvalidCredentialsError, match=f"fewer than {MIN_SECRET_KEY_BYTES}"):
                HmacSigner(i["accessKey"], i["secretKey"])
            return
        signer = HmacSigner(i["accessKey"], i["secretKey"], clock=lambda: time_of(vector))
        assert dict(signer.headers(i["method"], i["path"], body_bytes(i["body"]))) == e["headers"]


@pytest.mark.parametrize("case", INVALID_SECRETS, ids=names(INVALID_SECRETS))
def test_invalid_secret_is_refused_without_quoting_it(case) -> None:
    secret = case["secretKey"]
    with pytest.raises(InvalidCredentialsError, match=r"^Secret key \(\d+ characters\)") as refused:
        HmacSigner("AK", secret)
    if len(secret.strip()) > 1:
        assert secret.strip() not in str(refused.value)


@pytest.mark.parametrize("case", RFC4231, ids=names(RFC4231))
def test_rfc4231_keys_decode_from_their_secret(case) -> None:
    key = decode_secret_key(case["secretKey"])
    assert key.hex() == case["keyHex"]
    assert hmac.new(key, bytes.fromhex(case["dataHex"]), hashlib.sha256).hexdigest().startswith(case["hmac"])


@pytest.mark.parametrize("access_key", ["", "a b", "a:b", "ak\n"])
def test_access_key_that_cannot_stand_in_the_header_is_refused(access_key) -> None:
    with pytest.raises(InvalidCredentialsError, match="Access key"):
        HmacSigner(access_key, "A" * 22)
