"""Every operation of the Financial Operations API once, from the installed package, printing what it did.

Run against the stateful mock in production-auth mode (`npx fo-mock --stateful --auth production --keys FILE`, from
the npm package financial-operations-api-mock; see docs/python-go.md):
    FO_BASE_URL=http://127.0.0.1:4010 FO_ACCESS_KEY=... FO_SECRET_KEY=... python tour.py
Each run makes its own Idempotency-Keys and account number, so it can run again against the same mock.
It also shows what the client refuses: a wrong secret (the documented 401), a redirect, an oversized body.
"""

from __future__ import annotations

import base64
import http.server
import os
import secrets
import sys
import threading
import uuid
from collections.abc import Callable
from typing import Any

import fo_api

import financial_operations_api as fo

BASE_URL = os.environ["FO_BASE_URL"]
CUSTOMER = "c0ffee00-0000-4000-8000-000000000001"
BANK_ACCOUNT = {
    "network": "US_ACH",
    "account_holder_name": "Acme Trading LLC",
    "currency": "USD",
    "country_code": "USA",
    "account_number": f"{secrets.randbelow(10**12):012d}",
    "institution_id": "021000021",
}
# A UUID v4 per new operation (the reference): one for the external account, one for the hedge.
ACCOUNT_KEY = uuid.uuid4()
HEDGE_KEY = uuid.uuid4()
# The reference does not name the quote's two amount fields (exactly one is sent): "pay_amount" is a placeholder,
# the stateful mock's default; put your contract's name here. The document leaves the member unnamed, so it goes in
# the model's additional_properties (from_dict puts it there too; pydantic's model_validate would drop it).
AMOUNT = {"pay_amount": "100.00"}
ASSETS: dict[str, Any] = {"from_asset": {"asset": "USDC"}, "to_asset": {"asset": "EUR"}}
PDF = b"%PDF-1.7\n\x00\xff binary \r\n%%EOF"

production = fo.production_client(BASE_URL, os.environ["FO_ACCESS_KEY"], os.environ["FO_SECRET_KEY"])
portfolio = fo.portfolio_client(BASE_URL, os.environ.get("FO_PORTFOLIO_TOKEN", "portfolio-token"))
results: dict[str, str] = {}


def call(operation: str, run: Callable[[], Any]) -> None:
    """Runs one call; records and prints its HTTP status."""
    response = run()
    results[operation] = str(response.status_code)
    print(f"{operation}: HTTP {response.status_code}")


rfi = fo_api.RFICasesApi(production)
call(
    "listRfiCases",
    lambda: rfi.list_rfi_cases_with_http_info(CUSTOMER, rfi_status=[fo_api.RfiStatus.ACTION_REQUIRED], page=1, size=10),
)
call("createRfiCase", lambda: rfi.create_rfi_case_with_http_info(CUSTOMER, {}))
call(
    "submitRfiCaseAnswer",
    lambda: rfi.submit_rfi_case_answer_with_http_info(CUSTOMER, "case-1", {"type": "TEXT", "text": "Salary."}),
)
call("previewTransactionRequirement", lambda: rfi.preview_transaction_requirement_with_http_info(CUSTOMER, {}))

deposits = fo_api.DepositInstructionsApi(production)
call("getDefaultDepositInstruction", lambda: deposits.get_default_deposit_instruction_with_http_info(CUSTOMER))
call("listAllDepositInstructions", lambda: deposits.list_all_deposit_instructions_with_http_info())
call("createDepositInstruction", lambda: deposits.create_deposit_instruction_with_http_info())
call("getDepositInstruction", lambda: deposits.get_deposit_instruction_with_http_info("dep-1"))

accounts = fo_api.ExternalAccountsApi(production)
call(
    "listExternalAccounts",
    lambda: accounts.list_external_accounts_with_http_info(CUSTOMER, idempotency_key=ACCOUNT_KEY),
)
call(
    "createExternalAccount",
    lambda: accounts.create_external_account_with_http_info(
        ACCOUNT_KEY, CUSTOMER, fo_api.BankAccountDetails.model_validate(BANK_ACCOUNT)
    ),
)

recipients = fo_api.RecipientsApi(production)
call(
    "createRecipientBankAccount",
    lambda: recipients.create_recipient_bank_account_with_http_info(
        CUSTOMER, "rcp-1", fo_api.BankAccountDetails.model_validate(BANK_ACCOUNT)
    ),
)
call(
    "createRecipient",
    lambda: recipients.create_recipient_with_http_info(
        CUSTOMER, fo_api.Recipient.model_validate({"bank_accounts": [BANK_ACCOUNT]})
    ),
)

onboarding = fo_api.OnboardingApi(production)
call("listBusinesses", lambda: onboarding.list_businesses_with_http_info("acc-main-1"))
call(
    "signBusinessOnboardingTerms",
    lambda: onboarding.sign_business_onboarding_terms_with_http_info(
        fo_api.TermsSignatureRequest(redirect_url="https://app.example.com/done")
    ),
)
document = fo.Document(PDF, "memorandum.pdf", "application/pdf")
call(
    "uploadBusinessDocument",
    lambda: fo.upload_business_document(production, "acc-main-1", "sub-1", "MEMORANDUM_OF_ASSOCIATION", document),
)
call(
    "uploadBusinessControllerDocument",
    lambda: fo.upload_business_controller_document(
        production, "acc-main-1", "sub-1", "ctl-1", "MEMORANDUM_OF_ASSOCIATION", document
    ),
)
call(
    "uploadIndividualDocument",
    lambda: fo.upload_individual_document(
        production,
        "acc-main-1",
        "sub-2",
        "MEMORANDUM_OF_ASSOCIATION",
        fo.Document(PDF, "pièce d'identité.pdf", "application/pdf"),
    ),
)

conversions = fo_api.ConversionsApi(production)
quote = conversions.create_quote_with_http_info(CUSTOMER, fo_api.QuoteRequest(**ASSETS, additional_properties=AMOUNT))
results["createQuote"] = str(quote.status_code)
print(f"createQuote: HTTP {quote.status_code}, quote {quote.data.quote_id}")
order = conversions.execute_quote_with_http_info(CUSTOMER, fo_api.ExecuteQuoteRequest(quote_id=quote.data.quote_id))
results["executeQuote"] = str(order.status_code)
print(f"executeQuote: HTTP {order.status_code}, order {order.data.transaction_id} {order.data.order_status}")
call("getConversion", lambda: conversions.get_conversion_with_http_info(str(order.data.transaction_id), CUSTOMER))

pf = fo_api.PortfolioConversionsApi(portfolio)
portfolio_quote = pf.create_portfolio_quote_with_http_info(
    "pf-1", fo_api.PortfolioQuoteRequest(**ASSETS, additional_properties=AMOUNT)
)
results["createPortfolioQuote"] = str(portfolio_quote.status_code)
print(f"createPortfolioQuote: HTTP {portfolio_quote.status_code}, quote {portfolio_quote.data.quote_id}")
hedge = pf.create_portfolio_hedge_with_http_info(
    HEDGE_KEY, "pf-1", fo_api.PortfolioHedgeRequest(quote_id=portfolio_quote.data.quote_id)
)
results["createPortfolioHedge"] = str(hedge.status_code)
print(f"createPortfolioHedge: HTTP {hedge.status_code}")
# Where a hedge's answer carries its conversion_id is not shown: the mock puts it at the top level.
call("getPortfolioHedge", lambda: pf.get_portfolio_hedge_with_http_info(str(hedge.data["conversion_id"]), "pf-1"))

# What the client refuses. A wrong secret: the documented 401, its envelope and code.
wrong = base64.urlsafe_b64encode(secrets.token_bytes(32)).decode().rstrip("=")
try:
    fo_api.DepositInstructionsApi(
        fo.production_client(BASE_URL, os.environ["FO_ACCESS_KEY"], wrong)
    ).list_all_deposit_instructions()
    results["wrong secret"] = "accepted"
except fo_api.ApiException as refused:
    error = fo.api_error(refused)
    results["wrong secret"] = f"{error.status} {error.code}"
    print(f"wrong secret: {error}")


# A local server: it records the upload it gets, and answers any GET with a 307 towards the API (another origin).
received: dict[str, Any] = {}


class Local(http.server.BaseHTTPRequestHandler):
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


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Local)
threading.Thread(target=server.serve_forever, daemon=True).start()
local = fo.production_client(
    f"http://127.0.0.1:{server.server_address[1]}", os.environ["FO_ACCESS_KEY"], os.environ["FO_SECRET_KEY"]
)
try:
    # The upload arrives byte for byte, with the caller's MIME type and Content-Disposition.
    fo.upload_business_document(local, "acc-main-1", "sub-1", "MEMORANDUM_OF_ASSOCIATION", document)
    exact = (
        received["body"] == PDF
        and received["headers"]["Content-Type"] == "application/pdf"
        and received["headers"]["Content-Disposition"] == 'attachment; filename="memorandum.pdf"'
    )
    results["upload byte exact"] = "yes" if exact else "no"
    print(f"upload byte-exact: {len(received['body'])} bytes, {received['headers']['Content-Type']}: {exact}")
    # A redirect: never followed, whatever its target.
    fo_api.DepositInstructionsApi(local).list_all_deposit_instructions()
    results["redirect"] = "followed"
except fo.RedirectRefusedError as refused:
    results["redirect"] = f"refused {refused.status}"
    print(f"redirect: {refused}")
finally:
    server.shutdown()
    server.server_close()

# A response larger than the client's bound (here 64 bytes; 16 MiB by default) is not read.
try:
    small = fo.production_client(
        BASE_URL, os.environ["FO_ACCESS_KEY"], os.environ["FO_SECRET_KEY"], max_response_bytes=64
    )
    fo_api.RFICasesApi(small).list_rfi_cases(CUSTOMER)
    results["oversized body"] = "read"
except fo.ResponseTooLargeError as refused:
    results["oversized body"] = "refused"
    print(f"oversized body: {refused}")

print("RESULTS " + " ".join(f"{name.replace(' ', '_')}={value.replace(' ', '_')}" for name, value in results.items()))
sys.exit(0 if len(results) == 27 else 1)
