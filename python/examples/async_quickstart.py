"""The async client in a few lines: two calls at once on one client, then a quote executed and executed again.

Against the stateful mock in production auth (see docs/python-go.md), with FO_BASE_URL, FO_ACCESS_KEY, FO_SECRET_KEY:
    python async_quickstart.py
"""

import asyncio
import os
from typing import Any

import fo_api
import fo_api.aio

import financial_operations_api as fo

CUSTOMER = "c0ffee00-0000-4000-8000-000000000001"
ASSETS: dict[str, Any] = {"from_asset": {"asset": "USDC"}, "to_asset": {"asset": "EUR"}}


async def main() -> None:
    base_url, access_key, secret_key = (os.environ[n] for n in ("FO_BASE_URL", "FO_ACCESS_KEY", "FO_SECRET_KEY"))
    async with fo.async_production_client(base_url, access_key, secret_key) as client:
        rfi = fo_api.aio.RFICasesApi(client)
        conversions = fo_api.aio.ConversionsApi(client)
        # "pay_amount" stands in for the amount's name, which the reference does not show (docs/python-go.md).
        request = fo_api.QuoteRequest(**ASSETS, additional_properties={"pay_amount": "100.00"})
        cases, quote = await asyncio.gather(
            rfi.list_rfi_cases(CUSTOMER, size=10), conversions.create_quote(CUSTOMER, request)
        )
        print("RFI cases:", cases.total)
        execute = fo_api.ExecuteQuoteRequest(quote_id=quote.quote_id)
        order = await conversions.execute_quote(CUSTOMER, execute)
        print("order:", order.order_status)
        try:
            await conversions.execute_quote(CUSTOMER, execute)
        except fo_api.ApiException as refused:
            print("executed again:", fo.api_error(refused))


asyncio.run(main())
