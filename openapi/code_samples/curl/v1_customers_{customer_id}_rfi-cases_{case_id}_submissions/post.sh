# The submission's fields are not shown in the reference: yours go in the object. Never send requirement_id.
curl -sS --fail-with-body -X POST "${BASE_URL:-http://127.0.0.1:4010}/v1/customers/c0ffee00-0000-4000-8000-000000000001/rfi-cases/9b2f6c1a-5d7e-4f80-a1b2-c3d4e5f60718/submissions" \
  -H "Authorization: Bearer $SANDBOX_TOKEN" \
  -H "Content-Type: application/json" \
  -d '{}'
