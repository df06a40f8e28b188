// Compiled by go vet, never run: the RFI list's success body is typed, so Total is an integer.
package typed

import (
	"context"

	openapi "github.com/GIT_USER_ID/GIT_REPO_ID"
)

func TypedTotal(client *openapi.APIClient) (int64, error) {
	page, _, err := client.RFICasesAPI.ListRfiCases(context.Background(), "c").Execute()
	if err != nil {
		return 0, err
	}
	// A conversion that compiles only for a number (any integer width the generator picks), not an interface.
	return int64(page.Total), nil
}
