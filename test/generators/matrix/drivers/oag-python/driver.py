"""OpenAPI Generator python, default options (urllib3, pydantic). The MIME type goes in through the call's
`_content_type`; an error's body is decoded into the model the document names for its status."""
from typing import Optional

import openapi_client
from openapi_client.exceptions import ApiException
from scenario import base_url, customer_id, file_bytes, report, scenario, upload

client = openapi_client.ApiClient(openapi_client.Configuration(host=base_url))


def upload_step() -> object:
    return openapi_client.OnboardingApi(client).upload_business_document(
        content_disposition=upload["content_disposition"],
        main_account_id=upload["main_account_id"],
        sub_account_id=upload["sub_account_id"],
        document_type=upload["document_type"],
        body=file_bytes,
        _content_type=upload["mime_type"],
    )


def list_step() -> int:
    return openapi_client.RFICasesApi(client).list_rfi_cases(customer_id=customer_id).total


def quote_step() -> Optional[str]:
    request = openapi_client.QuoteRequest.from_dict(scenario["quote"]["request"])
    assert request is not None
    try:
        openapi_client.ConversionsApi(client).create_quote(customer_id=customer_id, quote_request=request)
    except ApiException as err:
        code = getattr(err.data, "code", None)
        assert isinstance(code, str), f"status {err.status}, data {err.data!r}, body {err.body!r}"
        return code
    raise AssertionError("no error")


def execute_step() -> Optional[str]:
    order = openapi_client.ConversionsApi(client).execute_quote(
        customer_id=customer_id,
        execute_quote_request=openapi_client.ExecuteQuoteRequest(quote_id=scenario["execute"]["quote_id"]),
    )
    return order.order_status


report(upload_step, list_step, quote_step, execute_step)
