"""Checked by mypy --strict, never run: the RFI list's success body is typed, so `total` is an int (not Any)."""
from typing import assert_type

from __PACKAGE__ import Client
from __PACKAGE__.api.rfi_cases import list_rfi_cases
from __PACKAGE__.models import RFICaseList


def typed_total(client: Client) -> int:
    parsed = list_rfi_cases.sync(customer_id="c", client=client)
    assert isinstance(parsed, RFICaseList)
    assert_type(parsed.total, int)
    return parsed.total
