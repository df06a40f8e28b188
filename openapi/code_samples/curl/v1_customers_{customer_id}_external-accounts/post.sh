# A new UUID v4 per account; reuse it only to retry this same creation (and keep it: it finds the account).
IDEMPOTENCY_KEY="${IDEMPOTENCY_KEY:-$(node -p 'crypto.randomUUID()')}"
curl -sS --fail-with-body -X POST "${BASE_URL:-http://127.0.0.1:4010}/v1/customers/c0ffee00-0000-4000-8000-000000000001/external-accounts" \
  -H "Authorization: Bearer $SANDBOX_TOKEN" \
  -H "Idempotency-Key: $IDEMPOTENCY_KEY" \
  -H "Content-Type: application/json" \
  -d '{"network": "US_ACH", "account_holder_name": "Acme Trading LLC", "currency": "USD", "country_code": "USA",
       "account_number": "000123456789", "institution_id": "021000021"}'
