module example.com/financial-operations-api/v2

go 1.23
