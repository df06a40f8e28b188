curl -sS --fail-with-body "${BASE_URL:-http://127.0.0.1:4010}/v2/accounts/acc-main-1/businesses" \
  -H "Authorization: Bearer $SANDBOX_TOKEN"
