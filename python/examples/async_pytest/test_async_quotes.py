"""Async tests against the mock: the pytest plugin's `fo_mock` (a session fixture, started once) as it is, in tests
that pytest-asyncio runs on an event loop (`@pytest.mark.asyncio`)."""

import asyncio

import fo_api
import fo_api.aio
import pytest

import financial_operations_api as fo

CUSTOMER = "c0ffee00-0000-4000-8000-000000000001"
QUOTE = {"from_asset": {"asset": "USDC"}, "to_asset": {"asset": "EUR"}, "pay_amount": "100"}


@pytest.mark.asyncio
async def test_a_quote_executes_once_and_again_is_409(fo_mock):
    async with fo.async_production_client(fo_mock.url, fo_mock.access_key, fo_mock.secret_key) as client:
        conversions = fo_api.aio.ConversionsApi(client)
        quote = await conversions.create_quote(CUSTOMER, fo_api.QuoteRequest.from_dict(QUOTE))
        execute = fo_api.ExecuteQuoteRequest(quote_id=quote.quote_id)
        order = await conversions.execute_quote_with_http_info(CUSTOMER, execute)
        assert (order.status_code, order.data.order_status) == (201, "PENDING")
        with pytest.raises(fo_api.ApiException) as again:
            await conversions.execute_quote(CUSTOMER, execute)
    error = fo.api_error(again.value)
    assert (error.status, error.code) == (409, "00000006"), error


@pytest.mark.asyncio
async def test_ten_pages_read_at_once_on_one_client(fo_mock):
    async with fo.async_production_client(fo_mock.url, fo_mock.access_key, fo_mock.secret_key) as client:
        rfi = fo_api.aio.RFICasesApi(client)
        pages = await asyncio.gather(*(rfi.list_rfi_cases(CUSTOMER, page=n, size=1) for n in range(1, 11)))
    assert len({page.total for page in pages}) == 1
