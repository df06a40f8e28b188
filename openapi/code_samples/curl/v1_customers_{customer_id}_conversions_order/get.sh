curl -sS --fail-with-body "${BASE_URL:-http://127.0.0.1:4010}/v1/customers/c0ffee00-0000-4000-8000-000000000001/conversions/order?transaction_id=8d7c6b5a-4f3e-4d2c-8b1a-0f9e8d7c6b5a" \
  -H "Authorization: Bearer $SANDBOX_TOKEN"
