# With idempotency_key: the account bound to that key (leave it out to list them all).
curl -sS --fail-with-body "${BASE_URL:-http://127.0.0.1:4010}/v1/customers/c0ffee00-0000-4000-8000-000000000001/external-accounts?idempotency_key=0f8e2a51-6c3d-4b7e-9a12-5d4c3b2a1f09" \
  -H "Authorization: Bearer $SANDBOX_TOKEN"
