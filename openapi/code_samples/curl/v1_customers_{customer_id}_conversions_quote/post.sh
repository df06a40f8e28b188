# The asset objects' fields and the names of the two amount fields are not shown in the reference:
# add exactly one amount, by your contract's name (both or neither is refused with 00000001).
curl -sS --fail-with-body -X POST "${BASE_URL:-http://127.0.0.1:4010}/v1/customers/c0ffee00-0000-4000-8000-000000000001/conversions/quote" \
  -H "Authorization: Bearer $SANDBOX_TOKEN" \
  -H "Content-Type: application/json" \
  -d '{"from_asset": {}, "to_asset": {}}'
