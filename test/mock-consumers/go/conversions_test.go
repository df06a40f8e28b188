// A quote, its execution, the same quote executed again, and a read through a fault, against the mock.
package conversions_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"testing"

	"example.com/financial-operations-api/v2/foapi"
	"example.com/financial-operations-api/v2/foclient"
	"example.com/financial-operations-api/v2/fomock"
)

const customerID = "c0ffee00-0000-4000-8000-000000000001"

// control makes a call to the mock's control API (its own, not the API's): faults, the clock, the request log.
func control(m *fomock.Mock, method, route string, body, out any) error {
	var payload io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return err
		}
		payload = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, m.URL+"/__mock"+route, payload)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+m.ControlToken)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		return err
	}
	if res.StatusCode/100 != 2 {
		return fmt.Errorf("%s %s: %d %s", method, route, res.StatusCode, data)
	}
	if out != nil {
		return json.Unmarshal(data, out)
	}
	return nil
}

// failure is what a failed call says: the API's error (status, envelope, code) when it answered, else err.
func failure(res *http.Response, err error) error {
	if apiErr := foclient.ErrorOf(res, err); apiErr != nil {
		return apiErr
	}
	return err
}

func TestConversions(t *testing.T) {
	// One mock for the subtests; it stops when the test ends.
	m := fomock.Start(t, fomock.Options{})
	client, err := foclient.NewProduction(m.URL, m.AccessKey, m.SecretKey)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()

	t.Run("a quote executes once; executing it again is 409 00000006", func(t *testing.T) {
		request := foapi.NewQuoteRequest(map[string]any{"asset": "USDC"}, map[string]any{"asset": "EUR"})
		// The amount's field name is not in the API document: it travels in AdditionalProperties.
		request.AdditionalProperties = map[string]any{"pay_amount": "100"}
		quote, res, err := client.ConversionsAPI.CreateQuote(ctx, customerID).QuoteRequest(*request).Execute()
		if err != nil {
			t.Fatalf("create quote: %v", failure(res, err))
		}
		execute := func() (*foapi.ConversionOrder, *http.Response, error) {
			return client.ConversionsAPI.ExecuteQuote(ctx, customerID).
				ExecuteQuoteRequest(*foapi.NewExecuteQuoteRequest(quote.GetQuoteId())).Execute()
		}

		order, res, err := execute()
		if err != nil {
			t.Fatalf("execute: %v", failure(res, err))
		}
		if res.StatusCode != 201 || order.GetOrderStatus() != "PENDING" {
			t.Fatalf("execute: %d %s, want 201 PENDING", res.StatusCode, order.GetOrderStatus())
		}

		_, res, err = execute()
		if err == nil {
			t.Fatalf("execute again: HTTP %d, want 409 00000006", res.StatusCode)
		}
		if apiErr := foclient.ErrorOf(res, err); apiErr == nil || apiErr.Status != 409 || apiErr.Code != "00000006" {
			t.Fatalf("execute again: %v, want HTTP 409 00000006", failure(res, err))
		}
	})

	t.Run("a 503 on a read is retried to a 200", func(t *testing.T) {
		fault := map[string]any{"kind": "status", "status": 503, "operation_id": "listRfiCases"}
		if err := control(m, "POST", "/faults", fault, nil); err != nil {
			t.Fatal(err)
		}
		_, res, err := client.RFICasesAPI.ListRfiCases(ctx, customerID).Execute()
		if err != nil {
			t.Fatalf("list RFI cases: %v", failure(res, err))
		}
		if res.StatusCode != 200 {
			t.Fatalf("list RFI cases: %d, want 200", res.StatusCode)
		}

		var log struct {
			Requests []struct {
				OperationID string `json:"operation_id"`
				Outcome     any    `json:"outcome"`
			} `json:"requests"`
		}
		if err := control(m, "GET", "/requests", nil, &log); err != nil {
			t.Fatal(err)
		}
		var reads []any
		for _, r := range log.Requests {
			if r.OperationID == "listRfiCases" {
				reads = append(reads, r.Outcome)
			}
		}
		// JSON numbers decode as float64.
		if len(reads) < 2 || !slices.Equal(reads[len(reads)-2:], []any{503.0, 200.0}) {
			t.Fatalf("listRfiCases outcomes %v, want the last two [503 200]", reads)
		}
	})
}
