package fosign

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

type received struct {
	method, target string
	header         http.Header
	body           []byte
}

// recorder is a server on 127.0.0.1 that keeps what arrived on the wire and answers the statuses queued.
type recorder struct {
	*httptest.Server
	mu       sync.Mutex
	got      []received
	statuses []int
}

func newRecorder(t *testing.T) *recorder {
	r := &recorder{}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.got = append(r.got, received{req.Method, req.RequestURI, req.Header.Clone(), body})
		status := http.StatusNoContent
		if len(r.statuses) > 0 {
			status, r.statuses = r.statuses[0], r.statuses[1:]
		}
		r.mu.Unlock()
		w.WriteHeader(status)
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *recorder) take() []received {
	r.mu.Lock()
	defer r.mu.Unlock()
	got := r.got
	r.got = nil
	return got
}

func TestTransportSignsEveryVectorOnTheWire(t *testing.T) {
	srv := newRecorder(t)
	for _, v := range loadVectors(t).Cases {
		t.Run(v.Name, func(t *testing.T) {
			in, want := v.Input, v.Expected
			body := v.body(t)
			transport, err := NewTransport(srv.URL, in.AccessKey, in.SecretKey, srv.Client().Transport)
			if key, _ := DecodeSecretKey(in.SecretKey); len(key) < MinSecretKeyBytes {
				// Signed by the bare steps (TestVectors); the Transport takes issued keys only.
				if err == nil || !strings.Contains(err.Error(), "fewer than 16") {
					t.Errorf("a %d-byte key: got %v, want refused", len(key), err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			at := v.time(t)
			transport.Now = func() time.Time { return at }
			target := srv.URL + in.Path
			if in.Query != "" {
				target += "?" + in.Query
			}
			req, err := http.NewRequest(in.Method, target, bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			res, err := (&http.Client{Transport: transport}).Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			got := srv.take()
			if len(got) != 1 {
				t.Fatalf("want 1 request, got %d", len(got))
			}
			path, query, _ := strings.Cut(got[0].target, "?")
			if path != in.Path || query != in.Query {
				t.Errorf("sent %s, want path %s and query %q", got[0].target, in.Path, in.Query)
			}
			if !bytes.Equal(got[0].body, body) {
				t.Errorf("sent %d body bytes, want the vector's %d", len(got[0].body), len(body))
			}
			if IsPortfolioPath(in.Path) {
				if got[0].header.Get(AuthorizationHeader) != "" || got[0].header.Get(DateHeader) != "" {
					t.Errorf("a portfolio path was signed")
				}
				return
			}
			for name, value := range want.Headers {
				if g := got[0].header.Get(name); g != value {
					t.Errorf("%s: got %q, want %q", name, g, value)
				}
			}
		})
	}
}

// retrying resends until the answer is not 503, as a retrying client wrapped around the signer does.
type retrying struct{ next http.RoundTripper }

func (r retrying) RoundTrip(req *http.Request) (*http.Response, error) {
	for attempt := 1; ; attempt++ {
		try := req.Clone(req.Context())
		if req.GetBody != nil {
			try.Body, _ = req.GetBody()
		}
		res, err := r.next.RoundTrip(try)
		if err != nil || res.StatusCode != http.StatusServiceUnavailable || attempt == 3 {
			return res, err
		}
		res.Body.Close()
	}
}

func TestEachRetryIsSignedAfreshOverTheSameBytes(t *testing.T) {
	srv := newRecorder(t)
	srv.statuses = []int{503, 503}
	v := findVector(t, "JSON body of execute quote")
	transport, err := NewTransport(srv.URL, v.Input.AccessKey, v.Input.SecretKey, srv.Client().Transport)
	if err != nil {
		t.Fatal(err)
	}
	at := v.time(t)
	transport.Now = func() time.Time { at = at.Add(time.Second); return at }
	body := v.body(t)
	req, _ := http.NewRequest("POST", srv.URL+v.Input.Path, bytes.NewReader(body))
	res, err := (&http.Client{Transport: retrying{transport}}).Do(req)
	if err != nil || res.StatusCode != http.StatusNoContent {
		t.Fatalf("got %v, %v", res, err)
	}
	got := srv.take()
	if len(got) != 3 {
		t.Fatalf("want 3 attempts, got %d", len(got))
	}
	key, _ := DecodeSecretKey(v.Input.SecretKey)
	dates := map[string]bool{}
	for _, attempt := range got {
		date := attempt.header.Get(DateHeader)
		dates[date] = true
		when, _ := time.Parse("20060102T150405Z", date)
		want := Sign(v.Input.AccessKey, key, "POST", v.Input.Path, body, when).Headers(v.Input.AccessKey)[AuthorizationHeader]
		if attempt.header.Get(AuthorizationHeader) != want || !bytes.Equal(attempt.body, body) {
			t.Errorf("attempt at %s: Authorization %q, want %q; %d bytes", date, attempt.header.Get(AuthorizationHeader), want, len(attempt.body))
		}
	}
	if len(dates) != 3 {
		t.Errorf("want 3 distinct timestamps, got %v", dates)
	}
}

func TestTheCallersRequestIsLeftUnchanged(t *testing.T) {
	srv := newRecorder(t)
	v := findVector(t, "JSON body of execute quote")
	transport, _ := NewTransport(srv.URL, v.Input.AccessKey, v.Input.SecretKey, srv.Client().Transport)
	req, _ := http.NewRequest("POST", srv.URL+v.Input.Path, strings.NewReader(v.Input.Body.Text))
	req.Header.Set(AuthorizationHeader, "Bearer sandbox-token")
	res, err := transport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if req.Header.Get(AuthorizationHeader) != "Bearer sandbox-token" || req.Header.Get(DateHeader) != "" {
		t.Errorf("the caller's headers changed: %v", req.Header)
	}
	if got := srv.take()[0].header.Values(AuthorizationHeader); len(got) != 1 || !strings.HasPrefix(got[0], SigningScheme+" ") {
		t.Errorf("want one signed Authorization, got %q", got)
	}
}

func TestATransportWithoutCredentialsRefusesToSend(t *testing.T) {
	req, _ := http.NewRequest("GET", "http://127.0.0.1:9/all_deposit_instructions", nil)
	if _, err := (&Transport{}).RoundTrip(req); err == nil || !strings.Contains(err.Error(), "NewTransport") {
		t.Errorf("got %v", err)
	}
}

func findVector(t *testing.T, name string) vector {
	for _, v := range loadVectors(t).Cases {
		if v.Name == name {
			return v
		}
	}
	t.Fatalf("no vector %q", name)
	return vector{}
}
