curl -sS --fail-with-body "${BASE_URL:-http://127.0.0.1:4010}/v1/portfolios/pf-1/conversions/hedge?conversion_id=conv-1" \
  -H "Authorization: Bearer $PORTFOLIO_TOKEN"
