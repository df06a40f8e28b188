"""The journey table's Python-async column (docs/journeys.md): the installed package's async client
(`async_production_client`, the generated `fo_api.aio`) walks every journey of the table against the stateful mock in
production auth, and prints `JOURNEY <id> <outcomes>` for scripts/journeys.mjs.

The table and its loop, the mock's control API, the reconciliation and the outcome tokens are the sync driver's
(journeys.py, beside this file, imported from it); what differs is the client, each journey on an event loop of its
own: its calls are awaited, and its timeout is aiohttp's (`asyncio.TimeoutError`). Retries and the timeout are the
package's defaults but for the timeout journeys' `client_timeout_ms` (a bound on each attempt, as the sync client's).
The control API's calls are the sync driver's (blocking, between the client's calls: a walk is one task). Run by
`npm run journeys`.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import Awaitable, Callable
from datetime import datetime, timezone
from typing import Any

import fo_api
import fo_api.aio

import financial_operations_api as fo
import journeys
from journeys import ACCESS_KEY, BASE_URL, SECRET_KEY, control, the_account, transactions
from journeys import failure as sync_failure


def failure(error: BaseException) -> str:
    """The token of a step that ended in an exception: the API error's status and code, or the timeout."""
    if isinstance(error, asyncio.TimeoutError):
        return "timeout"
    return sync_failure(error)


def client(journey: dict[str, Any]) -> fo_api.aio.ApiClient:
    timeout = journey.get("client_timeout_ms")
    if timeout:
        return fo.async_production_client(BASE_URL, ACCESS_KEY, SECRET_KEY, timeout=timeout / 1000)
    return fo.async_production_client(BASE_URL, ACCESS_KEY, SECRET_KEY)


async def conversion(journey: dict[str, Any], inputs: dict[str, Any]) -> list[str]:
    async with client(journey) as api:
        conversions = fo_api.aio.ConversionsApi(api)
        customer = inputs["customer_id"]
        # from_dict keeps the amount, a member the document leaves unnamed (model_validate would drop it).
        body = fo_api.QuoteRequest.from_dict(
            {"from_asset": inputs["from_asset"], "to_asset": inputs["to_asset"], **inputs["amount"]}
        )
        try:
            quote = await conversions.create_quote_with_http_info(customer, body)
        except Exception as error:  # the outcome is what the table compares
            return [failure(error)]
        quote_id = quote.data.quote_id
        out = [str(quote.status_code)]
        if journey.get("advance_clock_seconds"):
            control("POST", "/clock", {"advance_seconds": journey["advance_clock_seconds"]})

        async def execute() -> Any:
            return await conversions.execute_quote_with_http_info(
                customer, fo_api.ExecuteQuoteRequest(quote_id=quote_id)
            )

        request_time = datetime.now(timezone.utc)
        try:
            executed = await execute()
        except fo_api.ApiException as error:
            return [*out, failure(error)]
        except Exception:  # no answer: the outcome is unknown, whatever stopped it
            out.append("unknown")
            if not journey.get("reconcile"):
                return out
            for transaction_id in transactions(inputs, request_time):
                read = await conversions.get_conversion_with_http_info(transaction_id, customer)
                if read.data.quote_id == quote_id:
                    return [*out, "found"]
            return [*out, "not-found-yet"]
        out.append(f"{executed.status_code} {executed.data.order_status}")
        if journey.get("execute_again"):
            try:
                again = await execute()
                return [*out, str(again.status_code)]
            except Exception as error:
                return [*out, failure(error)]
        try:
            read = await conversions.get_conversion_with_http_info(executed.data.transaction_id, customer)
        except Exception as error:
            return [*out, failure(error)]
        return [*out, f"{read.status_code} {'quote_id' if read.data.quote_id == quote_id else 'another quote_id'}"]


async def rfi_list(journey: dict[str, Any], inputs: dict[str, Any]) -> list[str]:
    async with client(journey) as api:
        try:
            res = await fo_api.aio.RFICasesApi(api).list_rfi_cases_with_http_info(inputs["customer_id"])
        except Exception as error:
            return [failure(error)]
    listed = isinstance(json.loads(res.raw_data).get("list"), list)
    return [f"{res.status_code}{' list' if listed else ''}"]


async def external_account(journey: dict[str, Any], inputs: dict[str, Any]) -> list[str]:
    key = uuid.uuid4()
    created = None
    async with client(journey) as api:
        try:
            res = await fo_api.aio.ExternalAccountsApi(api).create_external_account_with_http_info(
                key, inputs["customer_id"], fo_api.BankAccountDetails.from_dict(inputs["bank_account"])
            )
            first, created = str(res.status_code), json.loads(res.raw_data)
        except Exception as error:
            first = failure(error)
    async with client({}) as api:
        lookup = await fo_api.aio.ExternalAccountsApi(api).list_external_accounts_with_http_info(
            inputs["customer_id"], idempotency_key=key
        )
    return [first, f"{lookup.status_code} {the_account(json.loads(lookup.raw_data), inputs['bank_account'], created)}"]


def walked(walk: Callable[[dict[str, Any], dict[str, Any]], Awaitable[list[str]]]) -> Callable[..., list[str]]:
    """A walk for the sync driver's loop: each journey on an event loop of its own."""
    return lambda journey, inputs: asyncio.run(walk(journey, inputs))


if __name__ == "__main__":
    walks = {"conversion": conversion, "rfi-list": rfi_list, "external-account": external_account}
    journeys.main({kind: walked(walk) for kind, walk in walks.items()}, failure)
