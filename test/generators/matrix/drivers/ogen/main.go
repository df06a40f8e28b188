// ogen, generated with the ogen.yml its stop message gives (the RFI FILE answer's form skipped, see
// scripts/generators/go.mjs). Its upload sets application/octet-stream (it folds */* into the first media type),
// with no per-call override: the caller's MIME type goes in through the HTTP client it takes (api.WithClient),
// for requests whose context carries one. Responses are sum types: a value's fields are read back through its own JSON encoding.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/ogen-go/ogen/ogenerrors"

	"matrix/api"
)

type mimeKey struct{}

// withMime sets the Content-Type of the requests made with a context that names one.
type withMime struct{ http.Client }

func (c withMime) Do(req *http.Request) (*http.Response, error) {
	if mime, ok := req.Context().Value(mimeKey{}).(string); ok {
		req.Header.Set("Content-Type", mime)
	}
	return c.Client.Do(req)
}

// credentials: the security source ogen asks for, as a sandbox consumer gives it (the HMAC pair skipped, so
// the bearer alternative is used); the echo server checks none.
type credentials struct{}

func (credentials) SandboxBearer(context.Context, api.OperationName) (api.SandboxBearer, error) {
	return api.SandboxBearer{Token: "sandbox-key"}, nil
}
func (credentials) PortfolioBearer(context.Context, api.OperationName) (api.PortfolioBearer, error) {
	return api.PortfolioBearer{Token: "portfolio-key"}, nil
}
func (credentials) ServiceHmacDate(context.Context, api.OperationName) (api.ServiceHmacDate, error) {
	return api.ServiceHmacDate{}, ogenerrors.ErrSkipClientSecurity
}
func (credentials) ServiceHmacSignature(context.Context, api.OperationName) (api.ServiceHmacSignature, error) {
	return api.ServiceHmacSignature{}, ogenerrors.ErrSkipClientSecurity
}

// field reads one string field of a decoded response through the value's JSON encoding.
func field(v any, name string) (string, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return "", fmt.Errorf("%T decoded as %s", v, raw)
	}
	s, ok := m[name].(string)
	if !ok {
		return "", fmt.Errorf("%T has no %s: %s", v, name, raw)
	}
	return s, nil
}

func main() {
	ctx := context.Background()
	client, err := api.NewClient(baseURL, credentials{}, api.WithClient(withMime{}))
	if err != nil {
		panic(err)
	}
	up := scenario.Upload
	report(
		func() error {
			params := api.UploadBusinessDocumentParams{
				ContentDisposition: up.ContentDisposition,
				MainAccountID:      up.MainAccountID,
				SubAccountID:       up.SubAccountID,
				DocumentType:       up.DocumentType,
			}
			typed := context.WithValue(ctx, mimeKey{}, up.MimeType)
			body := api.UploadBusinessDocumentReq{Data: bytes.NewReader(fileBytes)}
			_, err := client.UploadBusinessDocument(typed, body, params)
			return err
		},
		func() (int, error) {
			res, err := client.ListRfiCases(ctx, api.ListRfiCasesParams{CustomerID: scenario.CustomerID})
			if err != nil {
				return 0, err
			}
			// The document's `2XX` success: ogen wraps the body with the status it came with.
			page, ok := res.(*api.RfiCaseListStatusCode)
			if !ok {
				return 0, fmt.Errorf("decoded as %T", res)
			}
			return page.Response.Total, nil
		},
		func() (string, error) {
			var body api.QuoteRequest
			if err := remarshal(scenario.Quote.Request, &body); err != nil {
				return "", err
			}
			res, err := client.CreateQuote(ctx, &body, api.CreateQuoteParams{CustomerID: scenario.CustomerID})
			if err != nil {
				return "", err
			}
			return field(res, "code")
		},
		func() (string, error) {
			var body api.ExecuteQuoteRequest
			if err := remarshal(map[string]any{"quote_id": scenario.Execute.QuoteID}, &body); err != nil {
				return "", err
			}
			res, err := client.ExecuteQuote(ctx, &body, api.ExecuteQuoteParams{CustomerID: scenario.CustomerID})
			if err != nil {
				return "", err
			}
			return field(res, "order_status")
		},
	)
}
