package foclient

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"example.com/financial-operations-api/v2/foapi"
)

// The reference does not name the quote's two amount fields, so the document keeps the request open and names
// neither. A member it leaves unnamed reaches the wire both ways the guide gives: read from JSON into the generated
// model (the tour's way), or set in AdditionalProperties.
func TestAnUnnamedMemberReachesTheWire(t *testing.T) {
	assets := map[string]any{"from_asset": map[string]any{"asset": "USDC"}, "to_asset": map[string]any{"asset": "EUR"}}
	for _, member := range []string{"pay_amount", "receive_amount", fmt.Sprintf("x_%08x", rand.Uint32())} {
		amount := fmt.Sprintf("%d.%02d", rand.IntN(1_000_000), rand.IntN(100))
		want := map[string]any{"from_asset": assets["from_asset"], "to_asset": assets["to_asset"], member: amount}
		doc, err := json.Marshal(want)
		if err != nil {
			t.Fatal(err)
		}
		sends := map[string]func(s *server) error{
			"quote from JSON": func(s *server) error {
				var q foapi.QuoteRequest
				if err := json.Unmarshal(doc, &q); err != nil {
					return err
				}
				_, _, err := production(t, s).ConversionsAPI.CreateQuote(context.Background(), customer).QuoteRequest(q).Execute()
				return err
			},
			"quote with AdditionalProperties": func(s *server) error {
				q := foapi.QuoteRequest{FromAsset: map[string]any{"asset": "USDC"}, ToAsset: map[string]any{"asset": "EUR"},
					AdditionalProperties: map[string]any{member: amount}}
				_, _, err := production(t, s).ConversionsAPI.CreateQuote(context.Background(), customer).QuoteRequest(q).Execute()
				return err
			},
			"portfolio quote from JSON": func(s *server) error {
				var q foapi.PortfolioQuoteRequest
				if err := json.Unmarshal(doc, &q); err != nil {
					return err
				}
				c, err := NewPortfolio(s.URL, "portfolio-token")
				if err != nil {
					return err
				}
				_, _, err = c.PortfolioConversionsAPI.CreatePortfolioQuote(context.Background(), "pf-1").PortfolioQuoteRequest(q).Execute()
				return err
			},
		}
		for name, send := range sends {
			t.Run(member+"/"+name, func(t *testing.T) {
				s := newServer(t)
				s.body = `{"quote_id": "3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69"}`
				if err := send(s); err != nil {
					t.Fatal(err)
				}
				if len(s.hits) != 1 {
					t.Fatalf("%d requests, want 1", len(s.hits))
				}
				var got map[string]any
				if err := json.Unmarshal(s.hits[0].body, &got); err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("sent %v, want %v", got, want)
				}
			})
		}
	}
}
