// oapi-codegen (types and client), its ClientWithResponses. The upload takes the caller's MIME type as
// its contentType argument.
package main

import (
	"bytes"
	"context"
	"fmt"

	"matrix/api"
)

func main() {
	ctx := context.Background()
	client, err := api.NewClientWithResponses(baseURL)
	if err != nil {
		panic(err)
	}
	up := scenario.Upload
	report(
		func() error {
			params := api.UploadBusinessDocumentParams{ContentDisposition: up.ContentDisposition}
			res, err := client.UploadBusinessDocumentWithBodyWithResponse(
				ctx, up.MainAccountID, up.SubAccountID, up.DocumentType, &params, up.MimeType, bytes.NewReader(fileBytes),
			)
			if err == nil && res.StatusCode() >= 300 {
				err = fmt.Errorf("HTTP %d", res.StatusCode())
			}
			return err
		},
		func() (int, error) {
			res, err := client.ListRfiCasesWithResponse(ctx, scenario.CustomerID, &api.ListRfiCasesParams{})
			if err != nil {
				return 0, err
			}
			if res.JSON2XX == nil {
				return 0, fmt.Errorf("HTTP %d, no success body decoded", res.StatusCode())
			}
			return res.JSON2XX.Total, nil
		},
		func() (string, error) {
			body := api.CreateQuoteJSONRequestBody{}
			if err := remarshal(scenario.Quote.Request, &body); err != nil {
				return "", err
			}
			res, err := client.CreateQuoteWithResponse(ctx, scenario.CustomerID, body)
			if err != nil {
				return "", err
			}
			// code is required in the flat envelope: a value, not a pointer.
			if res.JSON400 == nil {
				return "", fmt.Errorf("HTTP %d, no error code decoded", res.StatusCode())
			}
			return asString(res.JSON400.Code)
		},
		func() (string, error) {
			var body api.ExecuteQuoteJSONRequestBody
			if err := remarshal(map[string]any{"quote_id": scenario.Execute.QuoteID}, &body); err != nil {
				return "", err
			}
			res, err := client.ExecuteQuoteWithResponse(ctx, scenario.CustomerID, body)
			if err != nil {
				return "", err
			}
			if res.JSON201 == nil {
				return "", fmt.Errorf("HTTP %d, no order decoded", res.StatusCode())
			}
			return asString(res.JSON201.OrderStatus)
		},
	)
}
