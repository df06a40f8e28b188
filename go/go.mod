module fosign

go 1.23
