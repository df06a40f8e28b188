module example.com/mock-consumer

go 1.23
