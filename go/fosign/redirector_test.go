package fosign

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

// redirector answers every request with the status and Location set, and counts what it received.
type redirector struct {
	*httptest.Server
	mu       sync.Mutex
	status   int
	location string
	count    int
}

func newRedirector(t *testing.T, location string) *redirector {
	r := &redirector{status: http.StatusFound, location: location}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		r.mu.Lock()
		r.count++
		status, location := r.status, r.location
		r.mu.Unlock()
		w.Header().Set("Location", location)
		w.WriteHeader(status)
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *redirector) set(status int, location string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.status, r.location, r.count = status, location, 0
}

func (r *redirector) hits() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.count
}
