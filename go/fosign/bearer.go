package fosign

import (
	"fmt"
	"net/http"
	"strings"
)

// BearerTransport adds `Authorization: Bearer <token>` (the sandbox API key, or a portfolio token) to each
// request to its base URL's origin, refuses any other origin (*CrossOriginError, nothing sent) and never sends
// the request an http.Client makes to follow a redirect (*RedirectError). Its responses are bounded as
// Transport's are (MaxResponseBytes). It prints as redacted.
type BearerTransport struct {
	// Base sends the request; nil means http.DefaultTransport.
	Base http.RoundTripper
	// MaxResponseBytes bounds each response body, as Transport.MaxResponseBytes does; 0 means 16 MiB.
	MaxResponseBytes int64

	origin origin
	token  secretKey
}

// NewBearerTransport checks the base URL and the token (non-empty, no white space) once.
func NewBearerTransport(baseURL, token string, base http.RoundTripper) (*BearerTransport, error) {
	own, err := baseOrigin(baseURL)
	if err != nil {
		return nil, err
	}
	if token == "" || strings.ContainsAny(token, " \t\r\n") {
		return nil, &InvalidCredentialsError{fmt.Sprintf("fosign: the bearer token (%d characters) is empty or has white space: copy it exactly as issued", len(token))}
	}
	return &BearerTransport{Base: base, origin: own, token: secretKey(token)}, nil
}

// RoundTrip sends a copy of req with the token; req is left unchanged.
func (t *BearerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if t.token == nil {
		closeBody(req)
		return nil, fmt.Errorf("fosign: BearerTransport without a token: create it with NewBearerTransport")
	}
	if err := refuse(req, t.origin, req.URL.EscapedPath()); err != nil {
		return nil, err
	}
	sent := req.Clone(req.Context())
	sent.Header.Set(AuthorizationHeader, "Bearer "+string(t.token))
	base := t.Base
	if base == nil {
		base = http.DefaultTransport
	}
	if t.MaxResponseBytes < 0 {
		closeBody(req)
		return nil, fmt.Errorf("fosign: MaxResponseBytes must be 0 (the default bound) or more, got %d", t.MaxResponseBytes)
	}
	return bound(t.MaxResponseBytes)(base.RoundTrip(sent))
}

// String prints BearerTransport as redacted; GoString and Format do the same under every other fmt verb.
func (t BearerTransport) String() string { return "fosign.BearerTransport{token: REDACTED}" }

// GoString is what %#v prints.
func (t BearerTransport) GoString() string { return t.String() }

// Format is what every other verb prints.
func (t BearerTransport) Format(f fmt.State, _ rune) { _, _ = f.Write([]byte(t.String())) }
