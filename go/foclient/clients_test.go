package foclient

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"mime"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"example.com/financial-operations-api/v2/foapi"
	"example.com/financial-operations-api/v2/fosign"
)

const customer = "c0ffee00-0000-4000-8000-000000000001"

var secret = base64.RawURLEncoding.EncodeToString(bytes.Repeat([]byte{7}, 32))

type hit struct {
	method, target string
	header         http.Header
	body           []byte
}

// server answers the statuses queued, then 200 with body; it keeps what arrived.
type server struct {
	*httptest.Server
	mu       sync.Mutex
	hits     []hit
	statuses []int
	body     string
}

func newServer(t *testing.T) *server {
	s := &server{body: "{}"}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		s.mu.Lock()
		s.hits = append(s.hits, hit{r.Method, r.RequestURI, r.Header.Clone(), body})
		status := 200
		if len(s.statuses) > 0 {
			status, s.statuses = s.statuses[0], s.statuses[1:]
		}
		answer := s.body
		s.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, answer)
	}))
	t.Cleanup(s.Close)
	return s
}

var fast = WithRetryPolicy(RetryPolicy{Attempts: 3, Backoff: time.Millisecond, BackoffMax: 2 * time.Millisecond, Jitter: time.Millisecond})

func production(t *testing.T, s *server, opts ...Option) *foapi.APIClient {
	t.Helper()
	at := time.Date(2026, 11, 21, 9, 30, 0, 0, time.UTC)
	c, err := NewProduction(s.URL, "AK_policy", secret, append([]Option{fast, WithClock(func() time.Time { at = at.Add(time.Second); return at })}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestAReadIsRetriedEachAttemptSignedAfresh(t *testing.T) {
	s := newServer(t)
	s.statuses = []int{503, 429}
	_, res, err := production(t, s).DepositInstructionsAPI.ListAllDepositInstructions(context.Background()).Execute()
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("%v %v", res, err)
	}
	dates := map[string]bool{}
	for _, h := range s.hits {
		dates[h.header.Get("X-SVC-Date")] = true
	}
	if len(s.hits) != 3 || len(dates) != 3 {
		t.Errorf("want 3 attempts with 3 timestamps, got %d, %v", len(s.hits), dates)
	}
}

func TestWhatIsRetriedFollowsTheReference(t *testing.T) {
	ctx := context.Background()
	key := "5a0b2c4d-6e8f-4a1b-9c3d-5e7f9a1b3c5d"
	cases := []struct {
		name     string
		attempts int
		call     func(c *foapi.APIClient) error
	}{
		{"GET read", 3, func(c *foapi.APIClient) error {
			_, _, err := c.ConversionsAPI.GetConversion(ctx, customer).TransactionId("t").Execute()
			return err
		}},
		{"Execute Quote", 1, func(c *foapi.APIClient) error {
			_, _, err := c.ConversionsAPI.ExecuteQuote(ctx, customer).ExecuteQuoteRequest(*foapi.NewExecuteQuoteRequest(key)).Execute()
			return err
		}},
		{"POST without key", 1, func(c *foapi.APIClient) error {
			_, _, err := c.ConversionsAPI.CreateQuote(ctx, customer).QuoteRequest(*foapi.NewQuoteRequest(map[string]interface{}{}, map[string]interface{}{})).Execute()
			return err
		}},
		{"POST with Idempotency-Key", 3, func(c *foapi.APIClient) error {
			_, _, err := c.ExternalAccountsAPI.CreateExternalAccount(ctx, customer).IdempotencyKey(key).
				BankAccountDetails(*foapi.NewBankAccountDetails("US_ACH", "A", "USD", "USA", "1", "2")).Execute()
			return err
		}},
	}
	for _, status := range []int{429, 500, 502, 503, 504} {
		for _, c := range cases {
			t.Run(fmt.Sprintf("%s %d", c.name, status), func(t *testing.T) {
				s := newServer(t)
				s.statuses = []int{status, status, status}
				_ = c.call(production(t, s))
				if len(s.hits) != c.attempts {
					t.Fatalf("want %d attempts, got %d", c.attempts, len(s.hits))
				}
				for _, h := range s.hits[1:] {
					if !bytes.Equal(h.body, s.hits[0].body) || h.header.Get("Idempotency-Key") != s.hits[0].header.Get("Idempotency-Key") {
						t.Errorf("a retry changed the body or the key")
					}
				}
			})
		}
	}
}

func TestRetryAfterIsWaitedUpToTheCap(t *testing.T) {
	p := RetryPolicy{Attempts: 3, Backoff: time.Millisecond, BackoffMax: 3 * time.Second, Jitter: 0}
	res := &http.Response{StatusCode: 429, Header: http.Header{"Retry-After": {"2"}}}
	if got := p.wait(1, res); got != 2*time.Second {
		t.Errorf("Retry-After 2: waited %v", got)
	}
	res.Header.Set("Retry-After", "99")
	if got := p.wait(1, res); got != 3*time.Second {
		t.Errorf("Retry-After 99: waited %v, want the cap", got)
	}
	for n := 1; n < 10; n++ {
		if got := DefaultRetryPolicy.wait(n, nil); got < DefaultRetryPolicy.Backoff || got > DefaultRetryPolicy.BackoffMax+DefaultRetryPolicy.Jitter {
			t.Errorf("try %d: waited %v", n, got)
		}
	}
}

func TestABodyOverTheBoundIsRefused(t *testing.T) {
	for _, chunked := range []bool{false, true} {
		s := newServer(t)
		s.body = `{"data": "` + strings.Repeat("x", 100) + `"}`
		if chunked {
			s.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				_, _ = io.WriteString(w, s.body)
				w.(http.Flusher).Flush()
			})
		}
		_, _, err := production(t, s, WithMaxResponseBytes(64)).DepositInstructionsAPI.ListAllDepositInstructions(context.Background()).Execute()
		var tooLarge *ResponseTooLargeError
		if !errors.As(err, &tooLarge) || tooLarge.Limit != 64 {
			t.Errorf("chunked %v: got %v", chunked, err)
		}
		if _, _, err := production(t, s, WithMaxResponseBytes(int64(len(s.body)))).DepositInstructionsAPI.ListAllDepositInstructions(context.Background()).Execute(); err != nil {
			t.Errorf("chunked %v: a body of exactly the bound: %v", chunked, err)
		}
	}
}

func TestASilentServerTimesOut(t *testing.T) {
	silent, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	c, _ := NewProduction("http://"+silent.Addr().String(), "AK", secret, WithTimeout(200*time.Millisecond), WithRetryPolicy(RetryPolicy{Attempts: 1}))
	_, _, err = c.DepositInstructionsAPI.ListAllDepositInstructions(context.Background()).Execute()
	var timeout interface{ Timeout() bool }
	if !errors.As(err, &timeout) || !timeout.Timeout() {
		t.Errorf("want a timeout, got %v", err)
	}
	if DefaultTimeout != 30*time.Second {
		t.Errorf("DefaultTimeout %v", DefaultTimeout)
	}
}

func TestEveryClientRefusesRedirects(t *testing.T) {
	for name, make := range map[string]func(string) (*foapi.APIClient, error){
		"production": func(u string) (*foapi.APIClient, error) { return NewProduction(u, "AK", secret) },
		"sandbox":    func(u string) (*foapi.APIClient, error) { return NewSandbox(u, "sandbox-key") },
		"portfolio":  func(u string) (*foapi.APIClient, error) { return NewPortfolio(u, "pf-token") },
	} {
		elsewhere := newServer(t)
		redirect := httptest.NewServer(http.RedirectHandler(elsewhere.URL+"/steal", http.StatusTemporaryRedirect))
		c, err := make(redirect.URL)
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = c.DepositInstructionsAPI.ListAllDepositInstructions(context.Background()).Execute()
		var refused *fosign.RedirectError
		if !errors.As(err, &refused) || len(elsewhere.hits) != 0 {
			t.Errorf("%s: got %v, %d requests elsewhere", name, err, len(elsewhere.hits))
		}
		redirect.Close()
	}
}

func TestBearerModesSendTheTokenAndNoSignature(t *testing.T) {
	s := newServer(t)
	c, _ := NewSandbox(s.URL, "sandbox-key")
	_, _, _ = c.DepositInstructionsAPI.ListAllDepositInstructions(context.Background()).Execute()
	if got := s.hits[0].header; got.Get("Authorization") != "Bearer sandbox-key" || got.Get("X-SVC-Date") != "" {
		t.Errorf("sent %v", got)
	}
	if _, err := NewPortfolio(s.URL, "a token"); err == nil {
		t.Error("a token with white space was taken")
	}
}

func TestAnUploadSendsTheCallersBytesTypeAndName(t *testing.T) {
	s := newServer(t)
	data := bytes.Repeat([]byte{0, 1, 0xff, '\r', '\n'}, 100)
	_, err := UploadBusinessDocument(context.Background(), production(t, s), "acc 1", "sub/1", "MEMORANDUM_OF_ASSOCIATION", Document{data, `a "b".pdf`, "application/pdf"})
	if err != nil {
		t.Fatal(err)
	}
	h := s.hits[0]
	if !bytes.Equal(h.body, data) || h.header.Get("Content-Type") != "application/pdf" || h.header.Get("Content-Disposition") != `attachment; filename="a \"b\".pdf"` {
		t.Errorf("sent %d bytes, %v", len(h.body), h.header)
	}
	if h.target != "/v2/accounts/acc%201/businesses/sub%2F1/documents/MEMORANDUM_OF_ASSOCIATION" {
		t.Errorf("target %s", h.target)
	}
	s.statuses = []int{401}
	s.body = `{"code": "00010000", "status": 401, "detail": "Signature mismatch."}`
	_, err = UploadIndividualDocument(context.Background(), production(t, s), "a", "s", "T", Document{data, "x.pdf", "application/pdf"})
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Code != "00010000" || apiErr.Envelope != FlatEnvelope {
		t.Errorf("got %v", err)
	}
}

func TestContentDispositionRoundTripsAnyName(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 22))
	alphabet := []rune(` !"#$%&'()*+,-./09:;<=>?@AZ[\]^_` + "`az{|}~éüß漢字\u202e🙂")
	for i := 0; i < 500; i++ {
		name := make([]rune, 1+rng.IntN(24))
		for j := range name {
			name[j] = alphabet[rng.IntN(len(alphabet))]
		}
		header, err := ContentDisposition(string(name))
		if err != nil {
			t.Fatal(err)
		}
		kind, params, err := mime.ParseMediaType(header)
		if err != nil || kind != "attachment" || params["filename"] != string(name) {
			// mime.ParseMediaType takes filename* over filename, as RFC 6266 asks.
			t.Fatalf("%q -> %s -> %v %v", string(name), header, params, err)
		}
	}
	for _, bad := range []string{"", "a\nb", "a\rb", "a\x00b", "a\x7fb"} {
		if _, err := ContentDisposition(bad); err == nil {
			t.Errorf("%q taken", bad)
		}
	}
}

func TestEachEnvelopeIsReadWithItsCode(t *testing.T) {
	for body, want := range map[string][2]string{
		`{"code": "00010000", "status": 401, "detail": "d", "trace_id": "t"}`:    {"flat", "00010000"},
		`{"status_code": 401, "code": "Unauthorized", "detail": "d"}`:            {"legacy-auth", "Unauthorized"},
		`{"errors": [{"type": "INVALID", "description": "d"}]}`:                  {"v2-errors", "INVALID"},
		`{"error": {"code": "RATE_LIMITED", "message": "m", "request_id": "r"}}`: {"portfolio", "RATE_LIMITED"},
		`not json`: {"none", ""},
	} {
		e := ReadEnvelope(400, []byte(body))
		if string(e.Envelope) != want[0] || e.Code != want[1] {
			t.Errorf("%s: got %s %q", body, e.Envelope, e.Code)
		}
	}
}

func TestABaseURLThatIsNoOriginIsRefused(t *testing.T) {
	for _, base := range []string{"", "ftp://x", "/v1", "http://"} {
		if _, err := NewProduction(base, "AK", secret); err == nil {
			t.Errorf("%q taken", base)
		}
		if _, err := NewSandbox(base, "k"); err == nil {
			t.Errorf("%q taken", base)
		}
	}
}

func TestEachBadOptionIsRefusedWithItsOwnMessage(t *testing.T) {
	for _, c := range []struct {
		option Option
		want   string
	}{
		{WithTimeout(0), "foclient: the timeout must be positive, got 0s"},
		{WithMaxResponseBytes(0), "foclient: the response bound must be at least 1 byte, got 0"},
		{WithRetryPolicy(RetryPolicy{}), "foclient: the retry policy must allow at least 1 attempt, got 0"},
	} {
		if _, err := NewSandbox("http://127.0.0.1:9", "token", c.option); err == nil || err.Error() != c.want {
			t.Errorf("got %v, want %q", err, c.want)
		}
	}
}

// Keyed creates that meet 503s and the same Execute Quote twice, with random faults and clock offsets (seeded):
// no POST signature twice on the wire, and each retry of a call carries a later timestamp than the try before.
func TestNoRetryOrRepeatSendsASignatureTwice(t *testing.T) {
	account := foapi.BankAccountDetails{}
	if err := account.UnmarshalJSON([]byte(`{"network":"US_ACH","account_holder_name":"A","currency":"USD","country_code":"USA","account_number":"1","institution_id":"2"}`)); err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 20; seed++ {
		r := rand.New(rand.NewPCG(seed, 29))
		s := newServer(t)
		var mu sync.Mutex
		at := time.Date(2026, 11, 21, 9, 30, 0, 0, time.UTC).Add(time.Duration(r.IntN(1000)) * time.Millisecond)
		now := func() time.Time { mu.Lock(); defer mu.Unlock(); return at }
		sleep := func(ctx context.Context, d time.Duration) error {
			mu.Lock()
			defer mu.Unlock()
			at = at.Add(d)
			return ctx.Err()
		}
		c, err := NewProduction(s.URL, "AK_policy", secret, fast, WithClock(now), WithSleep(sleep))
		if err != nil {
			t.Fatal(err)
		}
		var calls []int
		for range 1 + r.IntN(4) {
			s.mu.Lock()
			from := len(s.hits)
			s.statuses = make([]int, r.IntN(4))
			for i := range s.statuses {
				s.statuses[i] = 503
			}
			s.mu.Unlock()
			key := fmt.Sprintf("5a0b2c4d-6e8f-4a1b-9c3d-%012d", r.IntN(1e9))
			_, _, _ = c.ExternalAccountsAPI.CreateExternalAccount(context.Background(), customer).IdempotencyKey(key).BankAccountDetails(account).Execute()
			calls = append(calls, len(s.hits)-from)
		}
		s.mu.Lock()
		s.statuses = nil
		s.mu.Unlock()
		quote := foapi.ExecuteQuoteRequest{QuoteId: "3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69"}
		for range 2 {
			_, _, _ = c.ConversionsAPI.ExecuteQuote(context.Background(), customer).ExecuteQuoteRequest(quote).Execute()
			calls = append(calls, 1)
		}
		seen := map[string]bool{}
		for _, h := range s.hits {
			if a := h.header.Get("Authorization"); seen[a] {
				t.Fatalf("seed %d: %s %s sent the signature of an earlier request", seed, h.method, h.target)
			} else {
				seen[a] = true
			}
		}
		from := 0
		for _, n := range calls {
			for i := from + 1; i < from+n; i++ {
				if s.hits[i].header.Get("X-SVC-Date") <= s.hits[i-1].header.Get("X-SVC-Date") {
					t.Fatalf("seed %d: a retry at %s, not after %s", seed, s.hits[i].header.Get("X-SVC-Date"), s.hits[i-1].header.Get("X-SVC-Date"))
				}
			}
			from += n
		}
	}
}
