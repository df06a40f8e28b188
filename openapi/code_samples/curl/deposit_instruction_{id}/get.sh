curl -sS --fail-with-body "${BASE_URL:-http://127.0.0.1:4010}/deposit_instruction/dep-1" \
  -H "Authorization: Bearer $SANDBOX_TOKEN"
