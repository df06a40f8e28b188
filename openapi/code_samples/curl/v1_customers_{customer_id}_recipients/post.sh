# Recipient fields other than bank_accounts are not shown in the reference.
curl -sS --fail-with-body -X POST "${BASE_URL:-http://127.0.0.1:4010}/v1/customers/c0ffee00-0000-4000-8000-000000000001/recipients" \
  -H "Authorization: Bearer $SANDBOX_TOKEN" \
  -H "Content-Type: application/json" \
  -d '{"bank_accounts": [{"network": "US_ACH", "account_holder_name": "Jane Doe", "currency": "USD",
       "country_code": "USA", "account_number": "000555000111", "institution_id": "011000015"}]}'
