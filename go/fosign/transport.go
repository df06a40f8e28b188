package fosign

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"time"
)

var portfolioPath = regexp.MustCompile(`(^|/)v1/portfolios/`)

// IsPortfolioPath tells the portfolio-scoped paths: they take the portfolio bearer token, never a signature.
func IsPortfolioPath(path string) bool { return portfolioPath.MatchString(path) }

// Transport signs each request with HMAC-SHA256 and sends it with Base, as oauth2.Transport adds a token.
// Every call to RoundTrip signs afresh, so a retrying client wrapped around it re-signs each attempt; a
// state-changing request is never signed with a signature this Transport already sent (it waits for the next
// whole second instead), and attempts under WithAttempts each fall in a later second (ledger.go).
// It signs only for the origin of its base URL (any other is a *CrossOriginError, nothing sent) and never
// sends the request an http.Client makes to follow a redirect (a *RedirectError the caller sees).
// Requests on portfolio paths (/v1/portfolios/...) pass unchanged: they carry a bearer token.
// Every response it passes on, signed or not, is bounded at MaxResponseBytes (a *ResponseTooLargeError past it).
// It prints as redacted under every fmt verb.
type Transport struct {
	// Base sends the signed request; nil means http.DefaultTransport.
	Base http.RoundTripper
	// Now is the signing clock; nil means time.Now.
	Now func() time.Time
	// Sleep waits for the next second when a signature would repeat (tests pair it with Now); nil means a timer.
	// It must let Now advance.
	Sleep func(ctx context.Context, d time.Duration) error
	// MaxResponseBytes bounds each response body: a declared Content-Length over it is refused before a byte
	// is read, a body without one stops being read at it. 0 means DefaultMaxResponseBytes (16 MiB); less
	// than 0 is an error of every request.
	MaxResponseBytes int64

	signed    *ledger
	origin    origin
	accessKey string
	key       secretKey
}

// NewTransport checks the base URL and the credentials (as issued in API Settings) once, before any request
// is sent: the secret must be strict URL-safe Base64 without padding and decode to MinSecretKeyBytes or more.
// The Transport signs requests to baseURL's origin (scheme, host, port) only.
func NewTransport(baseURL, accessKey, secretKey string, base http.RoundTripper) (*Transport, error) {
	own, err := baseOrigin(baseURL)
	if err != nil {
		return nil, err
	}
	if err := CheckAccessKey(accessKey); err != nil {
		return nil, err
	}
	key, err := DecodeSecretKey(secretKey)
	if err != nil {
		return nil, err
	}
	if len(key) < MinSecretKeyBytes {
		return nil, &InvalidCredentialsError{fmt.Sprintf("fosign: the secret key decodes to %d bytes, fewer than %d: copy it exactly as issued in API Settings", len(key), MinSecretKeyBytes)}
	}
	return &Transport{Base: base, signed: &ledger{}, origin: own, accessKey: accessKey, key: key}, nil
}

// RoundTrip signs a copy of req over the bytes it will send and sends that copy; req is left unchanged.
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	if t.key == nil {
		closeBody(req)
		return nil, fmt.Errorf("fosign: Transport without credentials: create it with NewTransport")
	}
	// The path of the request line, as net/http writes it.
	path, _, _ := strings.Cut(req.URL.RequestURI(), "?")
	if t.MaxResponseBytes < 0 {
		closeBody(req)
		return nil, fmt.Errorf("fosign: MaxResponseBytes must be 0 (the default bound) or more, got %d", t.MaxResponseBytes)
	}
	limit := bound(t.MaxResponseBytes)
	if IsPortfolioPath(path) {
		return limit(t.base().RoundTrip(req))
	}
	if err := refuse(req, t.origin, path); err != nil {
		return nil, err
	}
	body, err := readBody(req)
	if err != nil {
		return nil, fmt.Errorf("fosign: reading the body to sign: %w", err)
	}
	now, sleep := time.Now, sleepFor
	if t.Now != nil {
		now = t.Now
	}
	if t.Sleep != nil {
		sleep = t.Sleep
	}
	bodyHash := HashBody(body)
	at, err := t.ledger().timeFor(req.Context(), now, sleep, req.Method, path, bodyHash)
	if err != nil {
		return nil, err
	}
	signed := req.Clone(req.Context())
	if len(body) > 0 {
		signed.Body = io.NopCloser(bytes.NewReader(body))
		signed.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
		signed.ContentLength = int64(len(body))
	} else if req.Body != nil {
		// A zero length with a body would be sent chunked as "unknown": send no body instead.
		signed.Body, signed.GetBody, signed.ContentLength = http.NoBody, nil, 0
	}
	for name, value := range Sign(t.accessKey, t.key, req.Method, path, body, at).Headers(t.accessKey) {
		signed.Header.Set(name, value)
	}
	return limit(t.base().RoundTrip(signed))
}

func (t *Transport) base() http.RoundTripper {
	if t.Base != nil {
		return t.Base
	}
	return http.DefaultTransport
}

// readBody gets the bytes to send (from a fresh copy where GetBody gives one) and closes req.Body,
// as a RoundTripper must: the signed copy goes on with a body of its own.
func readBody(req *http.Request) ([]byte, error) {
	if req.Body == nil || req.Body == http.NoBody {
		return nil, nil
	}
	defer req.Body.Close()
	if req.GetBody == nil {
		return io.ReadAll(req.Body)
	}
	fresh, err := req.GetBody()
	if err != nil {
		return nil, err
	}
	defer fresh.Close()
	return io.ReadAll(fresh)
}
