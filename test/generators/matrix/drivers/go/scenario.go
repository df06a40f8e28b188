// Shared by the Go drivers: the scenario (MATRIX_SCENARIO), the echo server's URL (MATRIX_BASE_URL) and the
// result line every driver prints, each step on its own.
package main

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
)

type Scenario struct {
	CustomerID string `json:"customer_id"`
	Upload     struct {
		MainAccountID      string `json:"main_account_id"`
		SubAccountID       string `json:"sub_account_id"`
		DocumentType       string `json:"document_type"`
		FileHex            string `json:"file_hex"`
		MimeType           string `json:"mime_type"`
		ContentDisposition string `json:"content_disposition"`
	} `json:"upload"`
	Quote struct {
		Request map[string]any `json:"request"`
	} `json:"quote"`
	Execute struct {
		QuoteID string `json:"quote_id"`
	} `json:"execute"`
}

var scenario Scenario
var baseURL = os.Getenv("MATRIX_BASE_URL")
var fileBytes []byte

func init() {
	raw, err := os.ReadFile(os.Getenv("MATRIX_SCENARIO"))
	if err == nil {
		err = json.Unmarshal(raw, &scenario)
	}
	if err == nil {
		fileBytes, err = hex.DecodeString(scenario.Upload.FileHex)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "scenario:", err)
		os.Exit(2)
	}
}

// asString reads a decoded value as the JSON string it was (a plain string, or a generator's union type).
func asString(v any) (string, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", fmt.Errorf("decoded as %s", raw)
	}
	return s, nil
}

// report runs every step (one failing does not stop the others) and prints the result as the last line.
func report(
	upload func() error,
	list func() (int, error),
	quote func() (string, error),
	execute func() (string, error),
) {
	errs := map[string]string{}
	result := map[string]any{"errors": errs}
	if err := upload(); err != nil {
		errs["upload"] = err.Error()
	}
	if total, err := list(); err != nil {
		errs["list"] = err.Error()
	} else {
		result["total"] = total
	}
	if code, err := quote(); err != nil {
		errs["quote"] = err.Error()
	} else {
		result["unknown_code"] = code
	}
	if status, err := execute(); err != nil {
		errs["execute"] = err.Error()
	} else {
		result["order_status"] = status
	}
	line, _ := json.Marshal(result)
	fmt.Println(string(line))
}
