package foclient

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"example.com/financial-operations-api/v2/foapi"
	"example.com/financial-operations-api/v2/fosign"
)

// A user who wires fosign.NewTransport into their own generated client (not this package's) meets the bound:
// a 100 MiB answer without a Content-Length is refused, and the server never got to send it all.
func TestTheGeneratedClientWithTheHookRefusesAnOversizedAnswer(t *testing.T) {
	const size, limit = 100 << 20, 64 << 10
	sent := make(chan int, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(200)
		block, total := []byte(strings.Repeat(" ", 64<<10)), 0
		for total < size {
			n, err := w.Write(block)
			total += n
			if err != nil {
				break // the client closed
			}
			w.(http.Flusher).Flush() // chunked: no Content-Length
		}
		sent <- total
	}))
	t.Cleanup(srv.Close)
	transport, err := fosign.NewTransport(srv.URL, "AK_hook", secret, nil)
	if err != nil {
		t.Fatal(err)
	}
	transport.MaxResponseBytes = limit
	cfg := foapi.NewConfiguration()
	cfg.Servers = foapi.ServerConfigurations{{URL: srv.URL}}
	cfg.HTTPClient = &http.Client{Transport: transport}
	_, _, err = foapi.NewAPIClient(cfg).DepositInstructionsAPI.ListAllDepositInstructions(context.Background()).Execute()
	var tooLarge *ResponseTooLargeError
	if !errors.As(err, &tooLarge) || tooLarge.Limit != limit {
		t.Fatalf("got %v", err)
	}
	srv.CloseClientConnections()
	if total := <-sent; total >= size {
		t.Errorf("the server sent the whole %d bytes", total)
	} else {
		t.Logf("the server sent %d of %d bytes", total, size)
	}
}
