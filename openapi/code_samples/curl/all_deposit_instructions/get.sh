# The customer path prefix and any parameters are not shown in the reference.
curl -sS --fail-with-body "${BASE_URL:-http://127.0.0.1:4010}/all_deposit_instructions" \
  -H "Authorization: Bearer $SANDBOX_TOKEN"
