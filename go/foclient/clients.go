// Package foclient makes the generated client (package foapi) ready for each way to authenticate: signed
// production requests, the sandbox bearer key, the portfolio bearer token; each with a default timeout, no
// redirects, a bound on response size and retries where the reference allows them. It also sends document
// uploads as the caller's bytes and reads the four documented error bodies.
package foclient

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"example.com/financial-operations-api/v2/foapi"
	"example.com/financial-operations-api/v2/fosign"
)

// Defaults of every client made here. The reference gives no figures: the timeout is long enough for a
// quote (the server's own 408 comes first), and no response of this API is documented as large.
const (
	DefaultTimeout          = 30 * time.Second
	DefaultMaxResponseBytes = fosign.DefaultMaxResponseBytes
)

// ResponseTooLargeError is fosign's: the bound of these clients is the hooks' own.
type ResponseTooLargeError = fosign.ResponseTooLargeError

type options struct {
	base             http.RoundTripper
	timeout          time.Duration
	maxResponseBytes int64
	retry            RetryPolicy
	now              func() time.Time
	sleep            func(context.Context, time.Duration) error
}

// Option changes one default of a client.
type Option func(*options)

// WithTimeout sets the time limit of one call, retries included (http.Client.Timeout).
func WithTimeout(d time.Duration) Option { return func(o *options) { o.timeout = d } }

// WithMaxResponseBytes sets the largest response body read; a larger one is an error, the rest unread.
func WithMaxResponseBytes(n int64) Option { return func(o *options) { o.maxResponseBytes = n } }

// WithRetryPolicy replaces DefaultRetryPolicy.
func WithRetryPolicy(p RetryPolicy) Option { return func(o *options) { o.retry = p } }

// WithTransport sets the transport that sends the requests (default http.DefaultTransport).
func WithTransport(rt http.RoundTripper) Option { return func(o *options) { o.base = rt } }

// WithClock sets the signing clock (tests).
func WithClock(now func() time.Time) Option { return func(o *options) { o.now = now } }

// WithSleep sets how the signer waits for the next second when a signature would repeat (tests, with WithClock:
// it must let the clock advance).
func WithSleep(sleep func(ctx context.Context, d time.Duration) error) Option {
	return func(o *options) { o.sleep = sleep }
}

func settle(opts []Option) (options, error) {
	o := options{base: http.DefaultTransport, timeout: DefaultTimeout, maxResponseBytes: DefaultMaxResponseBytes, retry: DefaultRetryPolicy}
	for _, opt := range opts {
		opt(&o)
	}
	switch {
	case o.timeout <= 0:
		return o, fmt.Errorf("foclient: the timeout must be positive, got %v", o.timeout)
	case o.maxResponseBytes < 1:
		return o, fmt.Errorf("foclient: the response bound must be at least 1 byte, got %d", o.maxResponseBytes)
	case o.retry.Attempts < 1:
		return o, fmt.Errorf("foclient: the retry policy must allow at least 1 attempt, got %d", o.retry.Attempts)
	}
	return o, nil
}

// refuseRedirects is CheckRedirect of every client: a redirect is an error the caller sees, never followed.
func refuseRedirects(req *http.Request, _ []*http.Request) error {
	status := 0
	if req.Response != nil {
		status = req.Response.StatusCode
	}
	return &fosign.RedirectError{Status: status, Location: req.URL.Redacted()}
}

func newClient(baseURL string, auth http.RoundTripper, o options) *foapi.APIClient {
	cfg := foapi.NewConfiguration()
	cfg.Servers = foapi.ServerConfigurations{{URL: strings.TrimRight(baseURL, "/")}}
	cfg.HTTPClient = &http.Client{
		Timeout:       o.timeout,
		CheckRedirect: refuseRedirects,
		// auth (fosign's Transport or BearerTransport) bounds each response at o.maxResponseBytes itself.
		Transport: &retrying{next: auth, policy: o.retry},
	}
	return foapi.NewAPIClient(cfg)
}

// NewProduction gives a client whose requests to baseURL's origin are signed with HMAC-SHA256 (the keys of
// API Settings). The keys are checked here, never quoted in an error. Portfolio paths go unsigned: use
// NewPortfolio for them.
func NewProduction(baseURL, accessKey, secretKey string, opts ...Option) (*foapi.APIClient, error) {
	o, err := settle(opts)
	if err != nil {
		return nil, err
	}
	signer, err := fosign.NewTransport(baseURL, accessKey, secretKey, o.base)
	if err != nil {
		return nil, err
	}
	signer.Now, signer.Sleep, signer.MaxResponseBytes = o.now, o.sleep, o.maxResponseBytes
	return newClient(baseURL, signer, o), nil
}

// NewSandbox gives a client that sends the sandbox API key as a bearer token to baseURL's origin.
func NewSandbox(baseURL, apiKey string, opts ...Option) (*foapi.APIClient, error) {
	return newBearer(baseURL, apiKey, opts)
}

// NewPortfolio gives a client for the portfolio variant (/v1/portfolios/...): a bearer token with scopes.
func NewPortfolio(baseURL, token string, opts ...Option) (*foapi.APIClient, error) {
	return newBearer(baseURL, token, opts)
}

func newBearer(baseURL, token string, opts []Option) (*foapi.APIClient, error) {
	o, err := settle(opts)
	if err != nil {
		return nil, err
	}
	bearer, err := fosign.NewBearerTransport(baseURL, token, o.base)
	if err != nil {
		return nil, err
	}
	bearer.MaxResponseBytes = o.maxResponseBytes
	return newClient(baseURL, bearer, o), nil
}
