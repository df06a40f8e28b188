"""tour.py with the async client: every operation of the Financial Operations API once, awaited, from the installed
package with its `async` extra (`pip install "financial-operations-api[async]"`), printing what it did.

Run against the stateful mock in production-auth mode, as tour.py:
    FO_BASE_URL=http://127.0.0.1:4010 FO_ACCESS_KEY=... FO_SECRET_KEY=... python tour_async.py
Each run makes its own Idempotency-Keys and account number, so it can run again against the same mock.
It also shows what the client refuses: a wrong secret (the documented 401), a redirect, an oversized body.
"""

from __future__ import annotations

import asyncio
import base64
import http.server
import os
import secrets
import sys
import threading
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import fo_api
import fo_api.aio

import financial_operations_api as fo

BASE_URL = os.environ["FO_BASE_URL"]
ACCESS_KEY, SECRET_KEY = os.environ["FO_ACCESS_KEY"], os.environ["FO_SECRET_KEY"]
CUSTOMER = "c0ffee00-0000-4000-8000-000000000001"
BANK_ACCOUNT = {
    "network": "US_ACH",
    "account_holder_name": "Acme Trading LLC",
    "currency": "USD",
    "country_code": "USA",
    "account_number": f"{secrets.randbelow(10**12):012d}",
    "institution_id": "021000021",
}
# The reference does not name the quote's two amount fields: "pay_amount" is a placeholder (see tour.py).
AMOUNT = {"pay_amount": "100.00"}
ASSETS: dict[str, Any] = {"from_asset": {"asset": "USDC"}, "to_asset": {"asset": "EUR"}}
PDF = b"%PDF-1.7\n\x00\xff binary \r\n%%EOF"
DOCUMENT = fo.Document(PDF, "memorandum.pdf", "application/pdf")
results: dict[str, str] = {}


async def call(operation: str, run: Awaitable[Any]) -> Any:
    """Awaits one call; records and prints its HTTP status, and returns its answer."""
    response = await run
    results[operation] = str(response.status_code)
    print(f"{operation}: HTTP {response.status_code}")
    return response


async def operations(production: fo_api.aio.ApiClient, portfolio: fo_api.aio.ApiClient) -> None:
    rfi = fo_api.aio.RFICasesApi(production)
    await call(
        "listRfiCases",
        rfi.list_rfi_cases_with_http_info(CUSTOMER, rfi_status=[fo_api.RfiStatus.ACTION_REQUIRED], page=1, size=10),
    )
    await call("createRfiCase", rfi.create_rfi_case_with_http_info(CUSTOMER, {}))
    answer = {"type": "TEXT", "text": "Salary."}
    await call("submitRfiCaseAnswer", rfi.submit_rfi_case_answer_with_http_info(CUSTOMER, "case-1", answer))
    await call("previewTransactionRequirement", rfi.preview_transaction_requirement_with_http_info(CUSTOMER, {}))

    # Independent reads go together: one client, one connection pool, each call signed on its own.
    deposits = fo_api.aio.DepositInstructionsApi(production)
    await asyncio.gather(
        call("getDefaultDepositInstruction", deposits.get_default_deposit_instruction_with_http_info(CUSTOMER)),
        call("listAllDepositInstructions", deposits.list_all_deposit_instructions_with_http_info()),
        call("getDepositInstruction", deposits.get_deposit_instruction_with_http_info("dep-1")),
    )
    await call("createDepositInstruction", deposits.create_deposit_instruction_with_http_info())

    key = uuid.uuid4()  # a UUID v4 per new operation (the reference)
    accounts = fo_api.aio.ExternalAccountsApi(production)
    await call("listExternalAccounts", accounts.list_external_accounts_with_http_info(CUSTOMER, idempotency_key=key))
    details = fo_api.BankAccountDetails.model_validate(BANK_ACCOUNT)
    await call("createExternalAccount", accounts.create_external_account_with_http_info(key, CUSTOMER, details))
    recipients = fo_api.aio.RecipientsApi(production)
    await call(
        "createRecipientBankAccount",
        recipients.create_recipient_bank_account_with_http_info(CUSTOMER, "rcp-1", details),
    )
    recipient = fo_api.Recipient.model_validate({"bank_accounts": [BANK_ACCOUNT]})
    await call("createRecipient", recipients.create_recipient_with_http_info(CUSTOMER, recipient))

    onboarding = fo_api.aio.OnboardingApi(production)
    await call("listBusinesses", onboarding.list_businesses_with_http_info("acc-main-1"))
    terms = fo_api.TermsSignatureRequest(redirect_url="https://app.example.com/done")
    await call("signBusinessOnboardingTerms", onboarding.sign_business_onboarding_terms_with_http_info(terms))
    ids = ("acc-main-1", "sub-1")
    await call(
        "uploadBusinessDocument",
        fo.async_upload_business_document(production, *ids, "MEMORANDUM_OF_ASSOCIATION", DOCUMENT),
    )
    await call(
        "uploadBusinessControllerDocument",
        fo.async_upload_business_controller_document(production, *ids, "ctl-1", "MEMORANDUM_OF_ASSOCIATION", DOCUMENT),
    )
    identity = fo.Document(PDF, "pièce d'identité.pdf", "application/pdf")
    await call(
        "uploadIndividualDocument",
        fo.async_upload_individual_document(production, "acc-main-1", "sub-2", "MEMORANDUM_OF_ASSOCIATION", identity),
    )

    conversions = fo_api.aio.ConversionsApi(production)
    request = fo_api.QuoteRequest(**ASSETS, additional_properties=AMOUNT)
    quote = await call("createQuote", conversions.create_quote_with_http_info(CUSTOMER, request))
    execute = fo_api.ExecuteQuoteRequest(quote_id=quote.data.quote_id)
    order = await call("executeQuote", conversions.execute_quote_with_http_info(CUSTOMER, execute))
    print(f"  order {order.data.transaction_id} {order.data.order_status}")
    transaction_id = str(order.data.transaction_id)
    await call("getConversion", conversions.get_conversion_with_http_info(transaction_id, CUSTOMER))

    pf = fo_api.aio.PortfolioConversionsApi(portfolio)
    portfolio_request = fo_api.PortfolioQuoteRequest(**ASSETS, additional_properties=AMOUNT)
    portfolio_quote = await call(
        "createPortfolioQuote", pf.create_portfolio_quote_with_http_info("pf-1", portfolio_request)
    )
    hedge_request = fo_api.PortfolioHedgeRequest(quote_id=portfolio_quote.data.quote_id)
    hedge = await call(
        "createPortfolioHedge", pf.create_portfolio_hedge_with_http_info(uuid.uuid4(), "pf-1", hedge_request)
    )
    # Where a hedge's answer carries its conversion_id is not shown: the mock puts it at the top level.
    await call("getPortfolioHedge", pf.get_portfolio_hedge_with_http_info(str(hedge.data["conversion_id"]), "pf-1"))


async def refused(name: str, run: Callable[[], Awaitable[Any]]) -> None:
    """Records how a call that must be refused ended: its documented error, or what the client refused."""
    try:
        await run()
        results[name] = "accepted"
    except fo_api.ApiException as error:
        results[name] = f"{fo.api_error(error).status} {fo.api_error(error).code}"
        print(f"{name}: {fo.api_error(error)}")
    except fo.RedirectRefusedError as error:
        results[name] = f"refused {error.status}"
        print(f"{name}: {error}")
    except fo.ResponseTooLargeError as error:
        results[name] = "refused"
        print(f"{name}: {error}")


received: dict[str, Any] = {}


class Local(http.server.BaseHTTPRequestHandler):
    """Records the upload it gets, and answers any GET with a 307 towards the API (another origin)."""

    def do_PUT(self) -> None:
        received.update(body=self.rfile.read(int(self.headers["Content-Length"])), headers=self.headers)
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"{}")

    def do_GET(self) -> None:
        self.send_response(307)
        self.send_header("Location", BASE_URL + self.path)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


async def refusals() -> None:
    # A wrong secret: the documented 401, its envelope and code.
    wrong = base64.urlsafe_b64encode(secrets.token_bytes(32)).decode().rstrip("=")
    async with fo.async_production_client(BASE_URL, ACCESS_KEY, wrong) as client:
        await refused("wrong secret", fo_api.aio.DepositInstructionsApi(client).list_all_deposit_instructions)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Local)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    local_url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        async with fo.async_production_client(local_url, ACCESS_KEY, SECRET_KEY) as local:
            # The upload arrives byte for byte, with the caller's MIME type and Content-Disposition.
            await fo.async_upload_business_document(local, "acc-main-1", "sub-1", "MEMORANDUM_OF_ASSOCIATION", DOCUMENT)
            exact = (
                received["body"] == PDF
                and received["headers"]["Content-Type"] == "application/pdf"
                and received["headers"]["Content-Disposition"] == 'attachment; filename="memorandum.pdf"'
            )
            results["upload byte exact"] = "yes" if exact else "no"
            print(f"upload byte-exact: {len(received['body'])} bytes: {exact}")
            # A redirect: never followed, whatever its target.
            await refused("redirect", fo_api.aio.DepositInstructionsApi(local).list_all_deposit_instructions)
    finally:
        server.shutdown()
        server.server_close()

    # A response larger than the client's bound (here 64 bytes; 16 MiB by default) is not read.
    async with fo.async_production_client(BASE_URL, ACCESS_KEY, SECRET_KEY, max_response_bytes=64) as small:
        await refused("oversized body", lambda: fo_api.aio.RFICasesApi(small).list_rfi_cases(CUSTOMER))


async def main() -> None:
    token = os.environ.get("FO_PORTFOLIO_TOKEN", "portfolio-token")
    async with (
        fo.async_production_client(BASE_URL, ACCESS_KEY, SECRET_KEY) as production,
        fo.async_portfolio_client(BASE_URL, token) as portfolio,
    ):
        await operations(production, portfolio)
    await refusals()


if __name__ == "__main__":
    asyncio.run(main())
    print("RESULTS " + " ".join(f"{k.replace(' ', '_')}={v.replace(' ', '_')}" for k, v in results.items()))
    sys.exit(0 if len(results) == 27 else 1)
