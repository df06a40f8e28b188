# A new UUID v4 per hedge; the same key within 24 hours returns the original result.
IDEMPOTENCY_KEY="${IDEMPOTENCY_KEY:-$(node -p 'crypto.randomUUID()')}"
curl -sS --fail-with-body -X POST "${BASE_URL:-http://127.0.0.1:4010}/v1/portfolios/pf-1/conversions/hedge" \
  -H "Authorization: Bearer $PORTFOLIO_TOKEN" \
  -H "Idempotency-Key: $IDEMPOTENCY_KEY" \
  -H "Content-Type: application/json" \
  -d '{"quote_id": "6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d"}'
