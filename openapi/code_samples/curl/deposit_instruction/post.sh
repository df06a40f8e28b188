# The request body is not shown in the reference: your contract's fields go in the object.
curl -sS --fail-with-body -X POST "${BASE_URL:-http://127.0.0.1:4010}/deposit_instruction" \
  -H "Authorization: Bearer $SANDBOX_TOKEN" \
  -H "Content-Type: application/json" \
  -d '{}'
