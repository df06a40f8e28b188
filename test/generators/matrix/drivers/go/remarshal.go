package main

import "encoding/json"

// remarshal fills a generated request type from the scenario's JSON (its field types differ by generator).
func remarshal(from any, to any) error {
	raw, err := json.Marshal(from)
	if err != nil {
		return err
	}
	return json.Unmarshal(raw, to)
}
