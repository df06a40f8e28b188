module example.com/financial-operations-api

go 1.23
