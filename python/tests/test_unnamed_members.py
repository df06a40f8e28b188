"""A member the document leaves unnamed (the quote's amount) reaches the wire when the guide's way is followed.

The reference does not name the quote's two amount fields, so the document keeps the request open
(`additionalProperties: true`) and names neither. The generated models keep such a member when built with
`from_dict` or given in `additional_properties` (the tour's way), and send it; pydantic's `model_validate` drops
it, which is why neither the guide nor the tour uses it.
"""

from __future__ import annotations

import base64
import json
import secrets
from collections.abc import Iterator

import pytest

import financial_operations_api as fo
from recorder import Recorder, serve

try:
    import fo_api
except ImportError as missing:  # a clear failure, never a skip
    raise ImportError(
        "The generated client fo_api is not installed: run `node scripts/clients.mjs test python`"
    ) from missing

CUSTOMER = "c0ffee00-0000-4000-8000-000000000001"
SECRET = base64.urlsafe_b64encode(secrets.token_bytes(32)).decode().rstrip("=")
ASSETS = {"from_asset": {"asset": "USDC"}, "to_asset": {"asset": "EUR"}}
# The stateful mock's placeholder names; any name the contract gives travels the same way.
MEMBERS = ["pay_amount", "receive_amount", f"x_{secrets.token_hex(4)}"]


@pytest.fixture(scope="module")
def api() -> Iterator[Recorder]:
    with serve() as recorder:
        yield recorder


def send(recorder: Recorder, model: str, request: object) -> dict[str, object]:
    recorder.reset(answer=json.dumps({"quote_id": "3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69"}).encode(), default_status=201)
    if model == "QuoteRequest":
        client = fo.production_client(recorder.url, "AK_members", SECRET)
        fo_api.ConversionsApi(client).create_quote(CUSTOMER, request)  # type: ignore[arg-type]
    else:
        client = fo.portfolio_client(recorder.url, "portfolio-token")
        fo_api.PortfolioConversionsApi(client).create_portfolio_quote("pf-1", request)  # type: ignore[arg-type]
    (received,) = recorder.received
    body: dict[str, object] = json.loads(received.body)
    return body


@pytest.mark.parametrize("how", ["from_dict", "additional_properties"])
@pytest.mark.parametrize("member", MEMBERS)
@pytest.mark.parametrize("model", ["QuoteRequest", "PortfolioQuoteRequest"])
def test_the_unnamed_member_reaches_the_wire(api: Recorder, model: str, member: str, how: str) -> None:
    amount = f"{secrets.randbelow(10**6)}.{secrets.randbelow(100):02d}"
    kind = getattr(fo_api, model)
    if how == "from_dict":
        request = kind.from_dict({**ASSETS, member: amount})
    else:
        request = kind(**ASSETS, additional_properties={member: amount})
    assert send(api, model, request) == {**ASSETS, member: amount}


@pytest.mark.parametrize("model", ["QuoteRequest", "PortfolioQuoteRequest"])
def test_model_validate_drops_it_which_is_why_the_guide_does_not_use_it(api: Recorder, model: str) -> None:
    request = getattr(fo_api, model).model_validate({**ASSETS, "pay_amount": "100.00"})
    assert send(api, model, request) == ASSETS
