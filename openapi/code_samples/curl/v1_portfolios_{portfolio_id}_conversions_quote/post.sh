# Exactly one amount (both or neither is refused with 400). Its field name is not shown in the reference:
# `pay_amount` is a placeholder, put your contract's name in its place.
curl -sS --fail-with-body -X POST "${BASE_URL:-http://127.0.0.1:4010}/v1/portfolios/pf-1/conversions/quote" \
  -H "Authorization: Bearer $PORTFOLIO_TOKEN" \
  -H "Content-Type: application/json" \
  -d '{"from_asset": {"asset": "USDC"}, "to_asset": {"asset": "EUR"}, "pay_amount": "1000.00"}'
