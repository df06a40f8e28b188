// gomodzip, the Go module zip of `npm run clients -- build`, made by Go's own rules (scripts/tools/gomodzip.mjs).
module financial-operations-api/tools/gomodzip

go 1.26.0

require golang.org/x/mod v0.41.0
