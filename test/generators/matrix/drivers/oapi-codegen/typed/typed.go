// Compiled by go vet, never run: the RFI list's success body is typed, so Total is an int.
package typed

import (
	"context"

	"matrix/api"
)

func TypedTotal(client *api.ClientWithResponses) (int, error) {
	res, err := client.ListRfiCasesWithResponse(context.Background(), "c", &api.ListRfiCasesParams{})
	if err != nil {
		return 0, err
	}
	var total int = res.JSON2XX.Total
	return total, nil
}
