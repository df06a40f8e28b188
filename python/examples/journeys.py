"""The journey table's Python column (docs/journeys.md): the installed package walks every journey of the table
against the stateful mock in production auth, and prints `JOURNEY <id> <outcomes>` for scripts/journeys.mjs.

Retries and the timeout are the package's defaults (RetryPolicy(), DEFAULT_TIMEOUT), but for the timeout journeys'
`client_timeout_ms`. Reconciliation after an unknown execute is the reference's procedure: the transactions
around the request time (the path of List Transactions is not shown: the table's `list_transactions` input), then
Get Conversion of each for the quote_id. Run by `npm run journeys`, which sets the environment it reads.
"""

from __future__ import annotations

import json
import os
import sys
import urllib.parse
import urllib.request
import uuid
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from typing import Any

import fo_api
import urllib3

import financial_operations_api as fo

BASE_URL = os.environ["FO_BASE_URL"]
ACCESS_KEY = os.environ["FO_ACCESS_KEY"]
SECRET_KEY = os.environ["FO_SECRET_KEY"]
CONTROL_TOKEN = os.environ["FO_MOCK_CONTROL_TOKEN"]
# The mock's own address for its control API, where FO_BASE_URL is a proxy in front of it (journeys --record).
CONTROL_URL = os.environ.get("FO_MOCK_CONTROL_URL") or BASE_URL
if not CONTROL_URL.startswith(("http://127.0.0.1:", "http://localhost:")):
    sys.exit("The mock must be local (http://127.0.0.1:PORT): the journeys drive its control API.")


def control(method: str, route: str, body: Any = None) -> Any:
    """A control call of the mock: JSON, the control token; anything but a 2xx raises."""
    request = urllib.request.Request(  # noqa: S310 (the local mock's own address, checked above)
        f"{CONTROL_URL}/__mock{route}",
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {CONTROL_TOKEN}"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:  # noqa: S310 (as above)
        text = response.read()
    return json.loads(text) if text else None


def transactions(inputs: dict[str, Any], request_time: datetime) -> list[str]:
    """The transaction ids ten minutes either side of the request time (the reference's window)."""
    margin = timedelta(minutes=10)
    query = urllib.parse.urlencode(
        {
            "customer_id": inputs["customer_id"],
            "created_after": (request_time - margin).isoformat(),
            "created_before": (request_time + margin).isoformat(),
        }
    )
    route = inputs["list_transactions"].removeprefix("/__mock")
    return [t["transaction_id"] for t in control("GET", f"{route}?{query}")["list"]]


def is_timeout(error: BaseException) -> bool:
    """urllib3's read or connect timeout, also as the reason of its MaxRetryError."""
    return isinstance(error, urllib3.exceptions.TimeoutError) or isinstance(
        getattr(error, "reason", None), urllib3.exceptions.TimeoutError
    )


def failure(error: BaseException) -> str:
    """The token of a step that ended in an exception: the API error's status and code, or the timeout."""
    if isinstance(error, fo_api.ApiException):
        api = fo.api_error(error)
        return f"{api.status} {api.code}" if api.code else str(api.status)
    if is_timeout(error):
        return "timeout"
    return " ".join(f"error {type(error).__name__}: {error}".split("\n")[0].split())[:200]


def the_account(lookup: Any, sent: dict[str, str], created: Any = None) -> str:
    """Whether the lookup by key holds exactly the account sent (and, when given, the one created)."""
    items = lookup.get("list") if isinstance(lookup, dict) else None
    if not isinstance(items, list) or not items:
        return "no account"
    if len(items) > 1:
        return f"{len(items)} accounts"
    account = items[0]
    same = all(account.get(k) == v for k, v in sent.items())
    return "the account" if same and (created is None or created == account) else "another account"


def client(journey: dict[str, Any]) -> fo_api.ApiClient:
    timeout = journey.get("client_timeout_ms")
    if timeout:
        return fo.production_client(BASE_URL, ACCESS_KEY, SECRET_KEY, timeout=urllib3.Timeout(timeout / 1000))
    return fo.production_client(BASE_URL, ACCESS_KEY, SECRET_KEY)


def conversion(journey: dict[str, Any], inputs: dict[str, Any]) -> list[str]:
    conversions = fo_api.ConversionsApi(client(journey))
    customer = inputs["customer_id"]
    # from_dict keeps the amount, a member the document leaves unnamed (model_validate would drop it).
    body = fo_api.QuoteRequest.from_dict(
        {"from_asset": inputs["from_asset"], "to_asset": inputs["to_asset"], **inputs["amount"]}
    )
    try:
        quote = conversions.create_quote_with_http_info(customer, body)
    except Exception as error:  # the outcome is what the table compares
        return [failure(error)]
    quote_id = quote.data.quote_id
    out = [str(quote.status_code)]
    if journey.get("advance_clock_seconds"):
        control("POST", "/clock", {"advance_seconds": journey["advance_clock_seconds"]})

    def execute() -> Any:
        return conversions.execute_quote_with_http_info(customer, fo_api.ExecuteQuoteRequest(quote_id=quote_id))

    request_time = datetime.now(timezone.utc)
    try:
        executed = execute()
    except fo_api.ApiException as error:
        return [*out, failure(error)]
    except Exception:  # no answer: the outcome is unknown, whatever stopped it
        out.append("unknown")
        if not journey.get("reconcile"):
            return out
        for transaction_id in transactions(inputs, request_time):
            read = conversions.get_conversion_with_http_info(transaction_id, customer)
            if read.data.quote_id == quote_id:
                return [*out, "found"]
        return [*out, "not-found-yet"]
    out.append(f"{executed.status_code} {executed.data.order_status}")
    if journey.get("execute_again"):
        try:
            again = execute()
            return [*out, str(again.status_code)]
        except Exception as error:
            return [*out, failure(error)]
    try:
        read = conversions.get_conversion_with_http_info(executed.data.transaction_id, customer)
    except Exception as error:
        return [*out, failure(error)]
    return [*out, f"{read.status_code} {'quote_id' if read.data.quote_id == quote_id else 'another quote_id'}"]


def rfi_list(journey: dict[str, Any], inputs: dict[str, Any]) -> list[str]:
    try:
        res = fo_api.RFICasesApi(client(journey)).list_rfi_cases_with_http_info(inputs["customer_id"])
    except Exception as error:
        return [failure(error)]
    listed = isinstance(json.loads(res.raw_data).get("list"), list)
    return [f"{res.status_code}{' list' if listed else ''}"]


def external_account(journey: dict[str, Any], inputs: dict[str, Any]) -> list[str]:
    key = uuid.uuid4()
    created = None
    try:
        res = fo_api.ExternalAccountsApi(client(journey)).create_external_account_with_http_info(
            key, inputs["customer_id"], fo_api.BankAccountDetails.from_dict(inputs["bank_account"])
        )
        first, created = str(res.status_code), json.loads(res.raw_data)
    except Exception as error:
        first = failure(error)
    lookup = fo_api.ExternalAccountsApi(client({})).list_external_accounts_with_http_info(
        inputs["customer_id"], idempotency_key=key
    )
    return [first, f"{lookup.status_code} {the_account(json.loads(lookup.raw_data), inputs['bank_account'], created)}"]


WALKS: dict[str, Callable[[dict[str, Any], dict[str, Any]], list[str]]] = {
    "conversion": conversion,
    "rfi-list": rfi_list,
    "external-account": external_account,
}


def inputs_of(journey: dict[str, Any], inputs: dict[str, Any]) -> dict[str, Any]:
    """The journey's own amount value and account number in place of the table's (its `$distinct`)."""
    own = dict(inputs)
    if journey.get("amount"):
        own["amount"] = {next(iter(inputs["amount"])): journey["amount"]}
    if journey.get("account_number"):
        own["bank_account"] = {**inputs["bank_account"], "account_number": journey["account_number"]}
    return own


def main(
    walks: dict[str, Callable[[dict[str, Any], dict[str, Any]], list[str]]] = WALKS,
    failed: Callable[[BaseException], str] = failure,
) -> None:
    """Walks the table's journeys (or those FO_JOURNEY_IDS names) with `walks`, each after a reset and its faults;
    journeys_async.py passes its own walks and its reading of an exception."""
    with open(os.environ["FO_JOURNEYS"], encoding="utf-8") as file:
        table = json.load(file)
    only = [i for i in os.environ.get("FO_JOURNEY_IDS", "").split(",") if i]
    for journey in table["journeys"]:
        if only and journey["id"] not in only:
            continue
        control("POST", "/reset")
        for fault in journey.get("faults", []):
            control("POST", "/faults", fault)
        try:
            outcomes = walks[journey["kind"]](journey, inputs_of(journey, table["inputs"]))
        except Exception as error:
            outcomes = [failed(error)]
        print(f"JOURNEY {journey['id']} {json.dumps(outcomes)}", flush=True)


if __name__ == "__main__":
    main()
