"""A quote, its execution, the same quote executed again, and a read through a fault, against the mock."""

import financial_operations_api as fo
import fo_api
import pytest

CUSTOMER = "c0ffee00-0000-4000-8000-000000000001"


@pytest.fixture
def client(fo_mock):
    # Each test starts from the mock as it started: no quotes, faults or log from the test before.
    fo_mock.reset()
    return fo.production_client(fo_mock.url, fo_mock.access_key, fo_mock.secret_key)


def test_a_quote_executes_once_and_again_is_409(client):
    conversions = fo_api.ConversionsApi(client)
    # The amount's field name is not in the API document: from_dict keeps it (model_validate would drop it).
    request = fo_api.QuoteRequest.from_dict(
        {"from_asset": {"asset": "USDC"}, "to_asset": {"asset": "EUR"}, "pay_amount": "100"}
    )
    quote = conversions.create_quote(CUSTOMER, request)
    execute = fo_api.ExecuteQuoteRequest(quote_id=quote.quote_id)

    order = conversions.execute_quote_with_http_info(CUSTOMER, execute)
    assert order.status_code == 201
    assert order.data.order_status == "PENDING"

    with pytest.raises(fo_api.ApiException) as again:
        conversions.execute_quote(CUSTOMER, execute)
    error = fo.api_error(again.value)
    assert (error.status, error.code) == (409, "00000006"), error


def test_a_503_on_a_read_is_retried_to_a_200(fo_mock, client):
    fo_mock.add_fault(kind="status", status=503, operation_id="listRfiCases")
    cases = fo_api.RFICasesApi(client).list_rfi_cases_with_http_info(CUSTOMER)
    assert cases.status_code == 200

    reads = [r["outcome"] for r in fo_mock.requests() if r["operation_id"] == "listRfiCases"]
    assert reads == [503, 200]
