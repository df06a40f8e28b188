#!/usr/bin/env python3
# Writes vectors.json, the language-neutral signing vectors that every signer of the project runs (the
# TypeScript client, fo-sign, the mock's verifier, the Python and Go hooks): expected values come from
# Python's hashlib/hmac, an implementation independent of the code under test. The format is described in
# test/signing/README.md. Run: python3 test/signing/generate-vectors.py
import base64, hashlib, hmac, json, os
from datetime import datetime, timezone

def body_bytes(spec):
    k = spec["kind"]
    if k == "none": return b""
    if k == "utf8": return spec["text"].encode("utf-8")
    if k == "hex": return bytes.fromhex(spec["hex"])
    if k == "cycle": return bytes(i % 256 for i in range(spec["length"]))
    raise ValueError(k)

def secret(raw): return base64.urlsafe_b64encode(raw).decode().rstrip("=")

def ts(iso):
    return datetime.fromisoformat(iso.replace("Z", "+00:00")).astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")

AK = "AKIDEXAMPLE01"
S = secret(b"example-secret-key-bytes-0123456")
T = "2026-11-21T09:30:00.000Z"
C = "/v1/customers/c0ffee00-0000-4000-8000-000000000001"
A = "/v2/accounts/acc-main-1/businesses/sub-1/documents/MEMORANDUM_OF_ASSOCIATION"
NONE = {"kind": "none"}
def j(obj): return {"kind": "utf8", "text": json.dumps(obj, separators=(",", ":"), ensure_ascii=False)}

cases = [
    ("empty body GET", "GET", f"{C}/rfi-cases", NONE, T, AK, S),
    ("empty body GET on a top-level path", "GET", "/all_deposit_instructions", NONE, T, AK, S),
    ("JSON body of execute quote", "POST", f"{C}/conversions/hedge", j({"quote_id": "3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69"}), T, AK, S),
    ("JSON body with spaces and a trailing newline kept as sent", "POST", f"{C}/conversions/quote", {"kind": "utf8", "text": '{ "from_asset": {}, "to_asset": {} }\n'}, T, AK, S),
    ("JSON body of an external account", "POST", f"{C}/external-accounts", j({"network": "US_ACH", "account_holder_name": "Acme Trading LLC", "currency": "USD", "country_code": "USA", "account_number": "000123456789", "institution_id": "021000021"}), T, AK, S),
    ("multibyte UTF-8 JSON (accents, CJK, emoji)", "POST", f"{C}/recipients", j({"bank_accounts": [{"account_holder_name": "Zoë Ångström 北京 🚀"}]}), T, AK, S),
    ("UTF-8 JSON with escaped and raw non-ASCII differs", "POST", f"{C}/recipients", {"kind": "utf8", "text": '{"name":"\\u00e9"}'}, T, AK, S),
    ("binary body with all 256 byte values", "PUT", A, {"kind": "hex", "hex": bytes(range(256)).hex()}, T, AK, S),
    ("0-byte upload hashes as the empty string", "PUT", A, {"kind": "hex", "hex": ""}, T, AK, S),
    ("3 MiB upload", "PUT", A, {"kind": "cycle", "length": 3 * 1024 * 1024}, T, AK, S),
    ("5 MiB + 1 byte upload", "PUT", A, {"kind": "cycle", "length": 5 * 1024 * 1024 + 1}, T, AK, S),
    ("PDF-like upload with a NUL byte", "PUT", A, {"kind": "hex", "hex": b"%PDF-1.7\n\x00\xff\xfe%%EOF".hex()}, T, AK, S),
    ("path with unicode, percent-encoded as sent", "GET", "/v1/customers/caf%C3%A9-%E5%8C%97%E4%BA%AC/rfi-cases", NONE, T, AK, S),
    ("path with a space, percent-encoded as sent", "GET", "/v1/customers/acme%20ltd/rfi-cases", NONE, T, AK, S),
    ("path with an encoded colon kept encoded", "GET", "/deposit_instruction/dep%3A1", NONE, T, AK, S),
    ("path with lower-case percent-encoding kept as sent", "GET", "/deposit_instruction/dep%3a1", NONE, T, AK, S),
    ("/api-prefixed path", "GET", f"/api{C}/conversions/order", NONE, T, AK, S),
    ("/api-prefixed upload", "PUT", f"/api{A}", {"kind": "hex", "hex": "255044462d312e37"}, T, AK, S),
    ("query is not signed (path only)", "GET", f"{C}/rfi-cases", NONE, T, AK, S),
    ("lower-case method is signed upper-case", "post", f"{C}/conversions/hedge", j({"quote_id": "3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69"}), T, AK, S),
    ("mixed-case method is signed upper-case", "Put", A, {"kind": "hex", "hex": "00"}, T, AK, S),
    ("timestamp drops milliseconds (never rounds)", "GET", f"{C}/rfi-cases", NONE, "2026-11-21T09:30:00.999Z", AK, S),
    ("timestamp at year end", "GET", f"{C}/rfi-cases", NONE, "2026-12-31T23:59:59.999Z", AK, S),
    ("timestamp at new year", "GET", f"{C}/rfi-cases", NONE, "2027-01-01T00:00:00.000Z", AK, S),
    ("timestamp on 29 February", "GET", f"{C}/rfi-cases", NONE, "2028-02-29T12:34:56.000Z", AK, S),
    ("timestamp from a non-UTC offset is converted to UTC", "GET", f"{C}/rfi-cases", NONE, "2026-03-01T01:30:00.000+02:00", AK, S),
    ("timestamp with single-digit month, day and hour", "GET", f"{C}/rfi-cases", NONE, "2026-01-02T03:04:05.000Z", AK, S),
    ("secret of one byte (2 characters)", "GET", f"{C}/rfi-cases", NONE, T, AK, secret(b"\x00")),
    ("secret of two bytes (3 characters)", "GET", f"{C}/rfi-cases", NONE, T, AK, secret(b"\xff\xfe")),
    ("secret using - and _", "GET", f"{C}/rfi-cases", NONE, T, AK, secret(bytes([0xfb, 0xff, 0xbf, 0xfe]))),
    ("secret of 64 bytes (one HMAC block)", "GET", f"{C}/rfi-cases", NONE, T, AK, secret(bytes(range(64)))),
    ("secret longer than one HMAC block (hashed first)", "GET", f"{C}/rfi-cases", NONE, T, AK, secret(bytes(range(200)))),
    ("secret whose text is not used as the key (decoded first)", "POST", f"{C}/conversions/quote", j({"from_asset": {}, "to_asset": {}}), T, AK, secret(b"Jefe")),
    ("access key with dashes and digits", "GET", f"{C}/rfi-cases", NONE, T, "ak-0123-4567", S),
    ("portfolio-shaped path, signed by signRequest alone (the client sends the portfolio bearer there)", "POST", "/v1/portfolios/pf-1/conversions/quote", j({"from_asset": {"asset": "USDC"}, "to_asset": {"asset": "EUR"}}), T, AK, S),
    ("terms signature JSON", "POST", "/v2/terms/BUSINESS_ONBOARDING/signatures", j({"redirect_url": "https://app.example.com/done?x=1&y=2"}), T, AK, S),
]

out = []
for name, method, path, body, time, ak, sk in cases:
    raw = body_bytes(body)
    timestamp = ts(time)
    body_hash = hashlib.sha256(raw).hexdigest()
    sts = "\n".join([ak, timestamp, method.upper(), path, body_hash])
    key = base64.urlsafe_b64decode(sk + "=" * (-len(sk) % 4))
    sig = hmac.new(key, sts.encode("utf-8"), hashlib.sha256).hexdigest()
    out.append({
        "name": name,
        "input": {"accessKey": ak, "secretKey": sk, "method": method, "path": path, "time": time, "body": body,
                  **({"query": "rfi_status=ACTION_REQUIRED,PENDING_REVIEW&page=2"} if name.startswith("query") else {})},
        "expected": {"timestamp": timestamp, "bodyHash": body_hash, "stringToSign": sts, "signature": sig,
                     "authorization": f"Service-HMAC-SHA256 {ak}:{timestamp}:{sig}",
                     "headers": {"Authorization": f"Service-HMAC-SHA256 {ak}:{timestamp}:{sig}", "X-SVC-Date": timestamp}},
    })

invalid = [
    ("empty secret", ""), ("standard Base64 '+'", "ab+c"), ("standard Base64 '/'", "ab/c"),
    ("padding '='", "YWJj" + "ZA=="), ("a space", "YWJj ZGVm"), ("a '$'", "YWJj$ZGVm"),
    ("a line break", "YWJjZGVm\n"), ("length 1 mod 4", "YWJjZ"), ("stray trailing bits", "YWJjZB"),
    ("non-ASCII letter", "YWJjZGVmé"),
]
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "vectors.json"), "w") as f:
    json.dump({"cases": out, "invalidSecrets": [{"name": n, "secretKey": s} for n, s in invalid]}, f, indent=2, ensure_ascii=False)
    f.write("\n")

rfc4231 = [  # RFC 4231 section 4, HMAC-SHA-256 (case 5, a truncated output, compares the first 128 bits)
    ("test case 1", "0b" * 20, b"Hi There".hex(), "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
    ("test case 2", b"Jefe".hex(), b"what do ya want for nothing?".hex(), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
    ("test case 3", "aa" * 20, "dd" * 50, "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
    ("test case 4", "0102030405060708090a0b0c0d0e0f10111213141516171819", "cd" * 50, "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
    ("test case 5 (truncated to 128 bits)", "0c" * 20, b"Test With Truncation".hex(), "a3b6167473100ee06e0c796c2955552b"),
    ("test case 6", "aa" * 131, b"Test Using Larger Than Block-Size Key - Hash Key First".hex(), "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
    ("test case 7", "aa" * 131, b"This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.".hex(), "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
]
for name, k, d, exp in rfc4231:  # the fixture must agree with Python too
    assert hmac.new(bytes.fromhex(k), bytes.fromhex(d), hashlib.sha256).hexdigest().startswith(exp), name
with open(os.path.join(here, "rfc4231.json"), "w") as f:
    json.dump([{"name": n, "secretKey": secret(bytes.fromhex(k)), "keyHex": k, "dataHex": d, "hmac": e} for n, k, d, e in rfc4231], f, indent=2)
    f.write("\n")
