// OpenAPI Generator go, default options. Its upload takes an *os.File and sets the Content-Type the document
// names, with no per-call override: the caller's MIME type goes in through the HTTP client the configuration
// takes (a RoundTripper that sets Content-Type for requests whose context carries one).
package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"

	openapi "github.com/GIT_USER_ID/GIT_REPO_ID"
)

type mimeKey struct{}

// withMime sets the Content-Type of the requests made with a context that names one.
type withMime struct{ next http.RoundTripper }

func (t withMime) RoundTrip(req *http.Request) (*http.Response, error) {
	if mime, ok := req.Context().Value(mimeKey{}).(string); ok {
		req = req.Clone(req.Context())
		req.Header.Set("Content-Type", mime)
	}
	return t.next.RoundTrip(req)
}

func main() {
	ctx := context.Background()
	cfg := openapi.NewConfiguration()
	cfg.Servers = openapi.ServerConfigurations{{URL: baseURL}}
	cfg.HTTPClient = &http.Client{Transport: withMime{http.DefaultTransport}}
	client := openapi.NewAPIClient(cfg)
	up := scenario.Upload
	report(
		func() error {
			path := filepath.Join(os.TempDir(), fmt.Sprintf("matrix-upload-%d.pdf", os.Getpid()))
			if err := os.WriteFile(path, fileBytes, 0o600); err != nil {
				return err
			}
			defer os.Remove(path)
			file, err := os.Open(path)
			if err != nil {
				return err
			}
			defer file.Close()
			typed := context.WithValue(ctx, mimeKey{}, up.MimeType)
			_, _, err = client.OnboardingAPI.
				UploadBusinessDocument(typed, up.MainAccountID, up.SubAccountID, up.DocumentType).
				ContentDisposition(up.ContentDisposition).
				Body(file).
				Execute()
			return err
		},
		func() (int, error) {
			page, _, err := client.RFICasesAPI.ListRfiCases(ctx, scenario.CustomerID).Execute()
			if err != nil {
				return 0, err
			}
			return int(page.Total), nil
		},
		func() (string, error) {
			var body openapi.QuoteRequest
			if err := remarshal(scenario.Quote.Request, &body); err != nil {
				return "", err
			}
			_, _, err := client.ConversionsAPI.CreateQuote(ctx, scenario.CustomerID).QuoteRequest(body).Execute()
			apiErr, ok := err.(*openapi.GenericOpenAPIError)
			if !ok {
				return "", fmt.Errorf("no API error: %v", err)
			}
			model, ok := apiErr.Model().(openapi.FlatError)
			// code is required in the flat envelope: a value, not a pointer.
			if !ok {
				return "", fmt.Errorf("error body not decoded: %v, %s", apiErr.Error(), apiErr.Body())
			}
			return asString(model.Code)
		},
		func() (string, error) {
			order, _, err := client.ConversionsAPI.ExecuteQuote(ctx, scenario.CustomerID).
				ExecuteQuoteRequest(*openapi.NewExecuteQuoteRequest(scenario.Execute.QuoteID)).
				Execute()
			if err != nil {
				return "", err
			}
			return asString(order.OrderStatus)
		},
	)
}
