"""Checked by mypy --strict, never run: the RFI list's success body is typed, so `total` is an int (not Any)."""
from typing import assert_type

import openapi_client


def typed_total(client: openapi_client.ApiClient) -> int:
    page = openapi_client.RFICasesApi(client).list_rfi_cases(customer_id="c")
    assert_type(page.total, int)
    return page.total
