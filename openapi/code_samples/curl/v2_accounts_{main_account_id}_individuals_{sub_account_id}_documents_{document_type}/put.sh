# The file's raw bytes are the body: --data-binary (-d drops line breaks, -F makes a form).
curl -sS --fail-with-body -X PUT "${BASE_URL:-http://127.0.0.1:4010}/v2/accounts/acc-main-1/individuals/sub-2/documents/MEMORANDUM_OF_ASSOCIATION" \
  -H "Authorization: Bearer $SANDBOX_TOKEN" \
  -H "Content-Type: application/pdf" \
  -H 'Content-Disposition: attachment; filename="memorandum.pdf"' \
  --data-binary @memorandum.pdf
