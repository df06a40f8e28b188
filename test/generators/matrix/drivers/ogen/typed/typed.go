// Compiled by go vet, never run: the RFI list's success body is typed, so Total is an int.
package typed

import (
	"context"

	"matrix/api"
)

func TypedTotal(client *api.Client) (int, error) {
	res, err := client.ListRfiCases(context.Background(), api.ListRfiCasesParams{CustomerID: "c"})
	if err != nil {
		return 0, err
	}
	if page, ok := res.(*api.RfiCaseListStatusCode); ok {
		var total int = page.Response.Total
		return total, nil
	}
	return 0, nil
}
