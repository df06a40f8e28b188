module fosign/roundtrip

go 1.23

require (
	example.com/financial-operations-api/foapi v0.0.0
	fosign v0.0.0
)

// The hook from this repository, and the client that scripts/clients.mjs generates (never committed).
replace (
	example.com/financial-operations-api/foapi => ../../out/clients/go
	fosign => ../
)
