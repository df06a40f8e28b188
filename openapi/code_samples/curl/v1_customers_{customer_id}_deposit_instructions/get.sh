# The names of the asset and network query parameters are not shown in the reference.
curl -sS --fail-with-body "${BASE_URL:-http://127.0.0.1:4010}/v1/customers/c0ffee00-0000-4000-8000-000000000001/deposit_instructions" \
  -H "Authorization: Bearer $SANDBOX_TOKEN"
