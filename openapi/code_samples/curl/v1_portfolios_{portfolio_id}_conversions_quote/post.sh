# Amount field names are not shown in the reference: add exactly one amount from your contract.
curl -sS --fail-with-body -X POST "${BASE_URL:-http://127.0.0.1:4010}/v1/portfolios/pf-1/conversions/quote" \
  -H "Authorization: Bearer $PORTFOLIO_TOKEN" \
  -H "Content-Type: application/json" \
  -d '{"from_asset": {"asset": "USDC"}, "to_asset": {"asset": "EUR"}}'
