# Filters combine with AND; rfi_status is one comma-separated list; page starts at 1, size is 1 to 100.
curl -sS --fail-with-body "${BASE_URL:-http://127.0.0.1:4010}/v1/customers/c0ffee00-0000-4000-8000-000000000001/rfi-cases?action_required=true&rfi_status=ACTION_REQUIRED,PENDING_REVIEW&page=1&size=100" \
  -H "Authorization: Bearer $SANDBOX_TOKEN"
