// A quote, its execution, the same quote executed again, and a read through a fault, against the mock.
package conversions_test

import (
	"context"
	"net/http"
	"slices"
	"testing"

	"example.com/financial-operations-api/v2/foapi"
	"example.com/financial-operations-api/v2/foclient"
	"example.com/financial-operations-api/v2/fomock"
)

const customerID = "c0ffee00-0000-4000-8000-000000000001"

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
		// Each test starts from the mock as it started: no quotes, faults or log from the test before.
		if err := m.Reset(ctx); err != nil {
			t.Fatal(err)
		}
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
		if err := m.Reset(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := m.AddFault(ctx, fomock.Fault{Kind: "status", Status: 503, OperationID: "listRfiCases"}); err != nil {
			t.Fatal(err)
		}
		_, res, err := client.RFICasesAPI.ListRfiCases(ctx, customerID).Execute()
		if err != nil {
			t.Fatalf("list RFI cases: %v", failure(res, err))
		}
		if res.StatusCode != 200 {
			t.Fatalf("list RFI cases: %d, want 200", res.StatusCode)
		}

		logged, err := m.Requests(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var outcomes []any
		for _, r := range logged {
			if r.OperationID == "listRfiCases" {
				outcomes = append(outcomes, r.Outcome)
			}
		}
		// JSON numbers decode as float64.
		if !slices.Equal(outcomes, []any{503.0, 200.0}) {
			t.Fatalf("listRfiCases outcomes %v, want [503 200]", outcomes)
		}
	})
}
