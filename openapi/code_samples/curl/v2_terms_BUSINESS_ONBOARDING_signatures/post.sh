curl -sS --fail-with-body -X POST "${BASE_URL:-http://127.0.0.1:4010}/v2/terms/BUSINESS_ONBOARDING/signatures" \
  -H "Authorization: Bearer $SANDBOX_TOKEN" \
  -H "Content-Type: application/json" \
  -d '{"redirect_url": "https://app.example.com/onboarding/done"}'
