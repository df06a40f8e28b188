# Send a quote once and never retry blindly: with no transaction_id in the answer the outcome is
# unknown; list the CONVERSION transactions and compare quote_id before any new quote.
curl -sS --fail-with-body -X POST "${BASE_URL:-http://127.0.0.1:4010}/v1/customers/c0ffee00-0000-4000-8000-000000000001/conversions/hedge" \
  -H "Authorization: Bearer $SANDBOX_TOKEN" \
  -H "Content-Type: application/json" \
  -d '{"quote_id": "3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69"}'
