curl -sS --fail-with-body -X POST "${BASE_URL:-http://127.0.0.1:4010}/v1/customers/c0ffee00-0000-4000-8000-000000000001/recipients/4e5f6a7b-8c9d-4e0f-a1b2-c3d4e5f6a7b8/bank-accounts" \
  -H "Authorization: Bearer $SANDBOX_TOKEN" \
  -H "Content-Type: application/json" \
  -d '{"network": "US_FEDWIRE", "account_holder_name": "Jane Doe", "currency": "USD", "country_code": "USA",
       "account_number": "000987654321", "institution_id": "026009593"}'
