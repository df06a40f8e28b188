# The asset objects' fields and the names of the two amount fields are not shown in the reference:
# send exactly one amount (both or neither is refused with 00000001). `pay_amount` is a placeholder:
# put your contract's amount field name in its place.
curl -sS --fail-with-body -X POST "${BASE_URL:-http://127.0.0.1:4010}/v1/customers/c0ffee00-0000-4000-8000-000000000001/conversions/quote" \
  -H "Authorization: Bearer $SANDBOX_TOKEN" \
  -H "Content-Type: application/json" \
  -d '{"from_asset": {}, "to_asset": {}, "pay_amount": "1000.00"}'
