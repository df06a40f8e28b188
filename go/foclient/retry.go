package foclient

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"regexp"
	"strconv"
	"time"

	"example.com/financial-operations-api/v2/fosign"
)

// RetryPolicy says how often a retryable request is tried and how long to wait between tries: the wait
// doubles from Backoff up to BackoffMax, plus a random jitter up to Jitter; a Retry-After (seconds, on 429
// and 503) is waited instead, up to BackoffMax.
//
// Per the reference, only reads (GET, HEAD) and POSTs that carry an Idempotency-Key are retried (on 429,
// 500, 502, 503, 504 and connection errors), each with the same body and key; Execute Quote never is.
type RetryPolicy struct {
	Attempts            int
	Backoff, BackoffMax time.Duration
	Jitter              time.Duration
}

// DefaultRetryPolicy is three tries, 0.5 s then 1 s, each plus up to 0.5 s of jitter.
var DefaultRetryPolicy = RetryPolicy{Attempts: 3, Backoff: 500 * time.Millisecond, BackoffMax: 8 * time.Second, Jitter: 500 * time.Millisecond}

var executeQuote = regexp.MustCompile(`/v1/customers/[^/]+/conversions/hedge$`)

// Retryable tells whether the policy may send this request again.
func Retryable(req *http.Request) bool {
	switch req.Method {
	case http.MethodGet, http.MethodHead:
		return true
	case http.MethodPost:
		return req.Header.Get("Idempotency-Key") != "" && !executeQuote.MatchString(req.URL.Path)
	}
	return false
}

func retryStatus(status int) bool {
	switch status {
	case 429, 500, 502, 503, 504:
		return true
	}
	return false
}

// wait is the pause before try n+1 (n from 1).
func (p RetryPolicy) wait(n int, res *http.Response) time.Duration {
	if res != nil && (res.StatusCode == 429 || res.StatusCode == 503) {
		if seconds, err := strconv.Atoi(res.Header.Get("Retry-After")); err == nil && seconds >= 0 {
			return min(time.Duration(seconds)*time.Second, p.BackoffMax)
		}
	}
	d := p.Backoff << (n - 1)
	if d > p.BackoffMax || d <= 0 {
		d = p.BackoffMax
	}
	if p.Jitter > 0 {
		d += rand.N(p.Jitter)
	}
	return d
}

// retrying sends a retryable request again on a retry status or a connection error, each try with a
// fresh copy of the body (the signing transport beneath signs each try afresh, in a later second).
type retrying struct {
	next   http.RoundTripper
	policy RetryPolicy
}

func (r *retrying) RoundTrip(req *http.Request) (*http.Response, error) {
	if !Retryable(req) || r.policy.Attempts < 2 || (req.Body != nil && req.Body != http.NoBody && req.GetBody == nil) {
		return r.next.RoundTrip(req)
	}
	// The tries are attempts of one operation: the signing transport signs each in a later second than the one
	// before, so no retry repeats a signature (a server may refuse a repeated one as a replay).
	ctx := fosign.WithAttempts(req.Context())
	for n := 1; ; n++ {
		try := req.Clone(ctx)
		if req.GetBody != nil {
			body, err := req.GetBody()
			if err != nil {
				return nil, err
			}
			try.Body = body
		}
		res, err := r.next.RoundTrip(try)
		if n >= r.policy.Attempts || req.Context().Err() != nil || (err == nil && !retryStatus(res.StatusCode)) {
			return res, err
		}
		if final(err) {
			return res, err
		}
		pause := r.policy.wait(n, res)
		if res != nil {
			res.Body.Close()
		}
		if err := sleep(req.Context(), pause); err != nil {
			return nil, err
		}
	}
}

// final tells the errors of the auth transports (another origin, a redirect, a response over the bound): a
// retry would not change them.
func final(err error) bool {
	var crossOrigin *fosign.CrossOriginError
	var redirect *fosign.RedirectError
	var tooLarge *fosign.ResponseTooLargeError
	return errors.As(err, &crossOrigin) || errors.As(err, &redirect) || errors.As(err, &tooLarge)
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
